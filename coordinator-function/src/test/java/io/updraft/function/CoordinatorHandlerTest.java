package io.updraft.function;

import com.fasterxml.jackson.databind.JsonNode;
import io.updraft.function.state.ConditionalStore;
import io.updraft.function.state.QueryState;
import io.updraft.function.state.QueryStates;
import io.updraft.function.state.QueryStatus;
import io.updraft.function.api.QueryRequest;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.shuffle.testing.LocalStackS3;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The coordinator's handlers on events shaped as AWS sends them, against LocalStack's S3 (conditional writes,
 * presigned URLs) with the queries run in-process ({@code UPDRAFT_MASTER=local[2]}); localstack-tests runs the
 * same on the packaged functions in Lambda emulators. The run requests reach the runtime as S3 notifications
 * through {@link NotificationRelay}. Expected rows come from DuckDB on the same Parquet file.
 */
class CoordinatorHandlerTest {
    private static final String RESULTS = "updraft-results";
    private static final String DATA = "updraft-data";
    private static final String KV = "s3://" + DATA + "/kv/";
    private static final String GROUPS = "SELECT g, count(*) AS n, sum(k) AS s FROM kv GROUP BY g ORDER BY g";

    @TempDir
    static Path dir;
    private static LocalStackS3 localStack;
    private static S3AsyncClient s3;
    private static Path parquet;
    private static final Map<String, String> env = new HashMap<>();

    @BeforeAll
    static void start() throws Exception {
        System.setProperty("aws.accessKeyId", "test");
        System.setProperty("aws.secretAccessKey", "test");
        System.setProperty("aws.region", "us-east-1");
        localStack = new LocalStackS3();
        s3 = S3ObjectStore.buildClient(localStack.config());
        for (String b : List.of(RESULTS, DATA, "updraft-shuffle")) {
            s3.createBucket(x -> x.bucket(b)).join();
        }
        parquet = dir.resolve("kv.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT range AS k, 'g' || (range % 3) AS g FROM range(3000)) TO '" + parquet
                    + "' (FORMAT PARQUET)");
        }
        s3.putObject(b -> b.bucket(DATA).key("kv/part-0.parquet"), AsyncRequestBody.fromFile(parquet)).join();
        env.put("UPDRAFT_SHUFFLE_ROOT", "s3://updraft-shuffle/shuffle");
        env.put("UPDRAFT_RESULTS_BUCKET", RESULTS);
        env.put("UPDRAFT_S3_ENDPOINT", localStack.endpoint().toString());
        env.put("UPDRAFT_MASTER", "local[2]");
        env.put("UPDRAFT_DATA_PREFIXES", "s3://" + DATA + "/");
        env.put("UPDRAFT_MAX_RESULT_ROWS", "5000");
        env.put("UPDRAFT_SYNC_WAIT_SECONDS", "60");
    }

    @AfterAll
    static void stop() {
        s3.close();
        localStack.close();
    }

    private static CoordinatorRuntime runtime(Map<String, String> overrides) {
        Map<String, String> e = new HashMap<>(env);
        e.putAll(overrides);
        return new CoordinatorRuntime(FunctionConfig.from(e), Clock.systemUTC(), Duration.ofMillis(100));
    }

    private static JsonNode answer(CoordinatorRuntime rt, String method, String path, String body) {
        JsonNode a = Events.parse(rt.handle(Events.http(method, path, body)));
        assertThat(a.get("isBase64Encoded").asBoolean()).isFalse();
        assertThat(a.get("body").asText()).doesNotContain("\tat ").doesNotContain("Exception");
        return a;
    }

    private static JsonNode body(JsonNode answer) {
        return Events.parse(answer.get("body").asText());
    }

    private static String request(String sql) {
        return "{\"sql\": \"" + sql + "\", \"tables\": {\"kv\": \"" + KV + "\"}}";
    }

    private static List<String> duckdb(String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("CREATE VIEW kv AS SELECT * FROM read_parquet('" + parquet + "')");
            try (ResultSet rs = st.executeQuery(sql)) {
                while (rs.next()) {
                    rows.add("{\"g\":\"" + rs.getString(1) + "\",\"n\":" + rs.getLong(2) + ",\"s\":" + rs.getLong(3)
                            + "}");
                }
            }
        }
        return rows;
    }

    private static List<String> rows(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(r -> out.add(r.toString()));
        return out;
    }

    private static String fetch(String url) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("GET presigned result URL").isEqualTo(200);
        return r.body();
    }

    @Test
    void postAnswersTheRowsWhenTheQueryFinishesWithinTheWait() throws Exception {
        try (CoordinatorRuntime rt = runtime(Map.of());
             NotificationRelay relay = new NotificationRelay(s3, RESULTS, rt::handle)) {
            JsonNode a = answer(rt, "POST", "/queries", request(GROUPS));
            assertThat(a.get("statusCode").asInt()).as(a.toString()).isEqualTo(200);
            JsonNode b = body(a);
            assertThat(b.get("state").asText()).isEqualTo("SUCCEEDED");
            assertThat(rows(b.get("rows"))).isEqualTo(duckdb(GROUPS));
            assertThat(b.get("rowCount").asLong()).isEqualTo(3);
            assertThat(b.get("columns").get(1).get("type").asText()).isEqualTo("bigint");
            JsonNode summary = b.get("progress").get("summary");
            assertThat(summary.get("line").asText()).startsWith("[Job ");
            assertThat(summary.get("costUsd").asDouble()).isPositive();
            assertThat(b.get("progress").get("stages")).isNotEmpty();
            assertThat(fetch(b.get("resultUrl").asText()).lines().toList()).isEqualTo(duckdb(GROUPS));
        }
    }

    @Test
    void a202IsPolledUntilTheResultUrlAnswersTheRows() throws Exception {
        try (CoordinatorRuntime rt = runtime(Map.of("UPDRAFT_SYNC_WAIT_SECONDS", "0"));
             NotificationRelay relay = new NotificationRelay(s3, RESULTS, rt::handle)) {
            JsonNode a = answer(rt, "POST", "/queries", request(GROUPS));
            assertThat(a.get("statusCode").asInt()).isEqualTo(202);
            String id = body(a).get("queryId").asText();
            assertThat(a.get("headers").get("location").asText()).isEqualTo("/queries/" + id);
            JsonNode b = body(a);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!b.get("state").asText().equals("SUCCEEDED") && System.nanoTime() < deadline) {
                assertThat(b.get("state").asText()).isIn("QUEUED", "RUNNING");
                Thread.sleep(100);
                b = body(answer(rt, "GET", "/queries/" + id, null));
            }
            assertThat(b.get("state").asText()).isEqualTo("SUCCEEDED");
            assertThat(fetch(b.get("resultUrl").asText()).lines().toList()).isEqualTo(duckdb(GROUPS));
            assertThat(b.get("progress").get("summary").get("costUsd").asDouble()).isPositive();
        }
    }

    @Test
    void csvIsAnsweredAsCsv() throws Exception {
        try (CoordinatorRuntime rt = runtime(Map.of());
             NotificationRelay relay = new NotificationRelay(s3, RESULTS, rt::handle)) {
            JsonNode a = answer(rt, "POST", "/queries", "{\"sql\": \"" + GROUPS + "\", \"tables\": {\"kv\": \"" + KV
                    + "\"}, \"format\": \"csv\", \"limit\": 2}");
            assertThat(a.get("statusCode").asInt()).isEqualTo(200);
            assertThat(a.get("headers").get("content-type").asText()).isEqualTo("text/csv");
            List<String> expected = duckdb(GROUPS).stream().limit(2).map(j -> {
                JsonNode r = Events.parse(j);
                return r.get("g").asText() + "," + r.get("n").asText() + "," + r.get("s").asText();
            }).toList();
            List<String> lines = a.get("body").asText().lines().toList();
            assertThat(lines.get(0)).isEqualTo("g,n,s");
            assertThat(lines.subList(1, lines.size())).isEqualTo(expected);
        }
    }

    @Test
    void badRequestsAre4xxWithSparksErrorClassAndQueueNothing() {
        try (CoordinatorRuntime rt = runtime(Map.of())) {
            JsonNode bad = answer(rt, "POST", "/queries", request("SELECT g FROM kv WHERE"));
            assertThat(bad.get("statusCode").asInt()).isEqualTo(400);
            JsonNode e = body(bad).get("error");
            assertThat(e.get("errorClass").asText()).isEqualTo("PARSE_SYNTAX_ERROR");
            assertThat(e.get("sqlState").asText()).isEqualTo("42601");
            assertThat(e.get("line").asInt()).isEqualTo(1);
            assertThat(e.get("column").asInt()).isPositive();

            JsonNode table = body(answer(rt, "POST", "/queries", "{\"sql\": \"SELECT * FROM nope\"}")).get("error");
            assertThat(table.get("errorClass").asText()).isEqualTo("TABLE_OR_VIEW_NOT_FOUND");

            JsonNode column = body(answer(rt, "POST", "/queries", request("SELECT nope FROM kv"))).get("error");
            assertThat(column.get("errorClass").asText()).startsWith("UNRESOLVED_COLUMN");
            assertThat(column.get("message").asText()).contains("`nope`").contains("`g`");

            JsonNode json = answer(rt, "POST", "/queries", "{\"sql\": ");
            assertThat(json.get("statusCode").asInt()).isEqualTo(400);
            assertThat(body(json).get("error").get("errorClass").asText()).isEqualTo("MALFORMED_RECORD_IN_PARSING");

            JsonNode outside = answer(rt, "POST", "/queries",
                    "{\"sql\": \"SELECT 1\", \"tables\": {\"t\": \"s3://someone-else/data/\"}}");
            assertThat(outside.get("statusCode").asInt()).isEqualTo(403);
            assertThat(body(outside).get("error").get("errorClass").asText()).isEqualTo("INSUFFICIENT_PERMISSIONS");

            JsonNode limit = answer(rt, "POST", "/queries", "{\"sql\": \"SELECT 1\", \"limit\": 5001}");
            assertThat(limit.get("statusCode").asInt()).isEqualTo(400);
            assertThat(body(limit).get("error").get("message").asText()).contains("UPDRAFT_MAX_RESULT_ROWS");

            JsonNode big = answer(rt, "POST", "/queries", "{\"sql\": \"SELECT '" + "x".repeat(300_000) + "'\"}");
            assertThat(big.get("statusCode").asInt()).isEqualTo(413);

            JsonNode conf = answer(rt, "POST", "/queries",
                    "{\"sql\": \"SELECT 1\", \"conf\": {\"updraft.shuffle.root\": \"s3://elsewhere/x\"}}");
            assertThat(body(conf).get("error").get("errorClass").asText()).isEqualTo("CANNOT_MODIFY_CONFIG");

            JsonNode unknown = answer(rt, "GET", "/queries/q-00000000000000000000000000000000", null);
            assertThat(unknown.get("statusCode").asInt()).isEqualTo(404);
            assertThat(answer(rt, "GET", "/queries/../../etc", null).get("statusCode").asInt()).isEqualTo(404);

            assertThat(s3.listObjectsV2(b -> b.bucket(RESULTS).prefix("queue/")).join().contents().stream()
                    .filter(o -> o.lastModified().isAfter(java.time.Instant.now().minusSeconds(5))).toList())
                    .as("no run request for a refused query").isEmpty();
        }
    }

    @Test
    void aCancelledQueryIsNotRunWhenItsRunRequestArrives() {
        try (CoordinatorRuntime rt = runtime(Map.of("UPDRAFT_SYNC_WAIT_SECONDS", "0"))) {
            String id = body(answer(rt, "POST", "/queries", request(GROUPS))).get("queryId").asText();
            JsonNode cancel = answer(rt, "DELETE", "/queries/" + id, null);
            assertThat(cancel.get("statusCode").asInt()).isEqualTo(202);
            assertThat(body(cancel).get("state").asText()).isEqualTo("CANCELLED");
            JsonNode ran = Events.parse(rt.handle(Events.objectCreated(RESULTS, "queue/" + id + ".json")));
            assertThat(ran.get("queries").get(0).get("state").asText()).isEqualTo("CANCELLED");
            assertThat(answer(rt, "DELETE", "/queries/" + id, null).get("statusCode").asInt()).isEqualTo(409);
        }
    }

    @Test
    void aRepeatedRunRequestRunsTheQueryOnce() {
        try (CoordinatorRuntime rt = runtime(Map.of("UPDRAFT_SYNC_WAIT_SECONDS", "0"))) {
            String id = body(answer(rt, "POST", "/queries", request(GROUPS))).get("queryId").asText();
            String event = Events.objectCreated(RESULTS, "queue/" + id + ".json");
            assertThat(Events.parse(rt.handle(event)).get("queries").get(0).get("state").asText())
                    .isEqualTo("SUCCEEDED");
            JsonNode first = body(answer(rt, "GET", "/queries/" + id, null));
            assertThat(Events.parse(rt.handle(event)).get("queries").get(0).get("state").asText())
                    .isEqualTo("SUCCEEDED");
            JsonNode second = body(answer(rt, "GET", "/queries/" + id, null));
            assertThat(second.get("updatedAt")).isEqualTo(first.get("updatedAt"));
            assertThat(second.get("progress")).isEqualTo(first.get("progress"));
        }
    }

    /** The objects under {@code prefix} of the results bucket: key → ETag. */
    private static Map<String, String> listing(String prefix) {
        Map<String, String> out = new java.util.TreeMap<>();
        s3.listObjectsV2(b -> b.bucket(RESULTS).prefix(prefix)).join().contents()
                .forEach(o -> out.put(o.key(), o.eTag()));
        return out;
    }

    /** DuckDB's rows of {@code sql} over the Parquet files committed under {@code prefix} (as view {@code out}). */
    private static List<String> duckdbOfOutput(String prefix, String sql) throws Exception {
        Path copy = java.nio.file.Files.createTempDirectory(dir, "out");
        for (String key : listing(prefix).keySet()) {
            if (key.endsWith(".parquet")) {
                Path f = copy.resolve(key.substring(prefix.length()).replace('/', '_'));
                s3.getObject(b -> b.bucket(RESULTS).key(key), f).join();
            }
        }
        List<String> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("CREATE VIEW out AS SELECT * FROM read_parquet('" + copy + "/*.parquet')");
            try (ResultSet rs = st.executeQuery(sql)) {
                while (rs.next()) {
                    rows.add(rs.getString(1) + "=" + rs.getLong(2));
                }
            }
        }
        return rows;
    }

    private static List<String> expectedCounts() throws Exception {
        List<String> rows = new ArrayList<>();
        for (String r : duckdb("SELECT g, count(*) AS n, sum(k) AS s FROM kv GROUP BY g ORDER BY g")) {
            JsonNode n = Events.parse(r);
            rows.add(n.get("g").asText() + "=" + n.get("n").asLong());
        }
        return rows;
    }

    @Test
    void theSameScheduledDeliveryTwiceRunsOnceAndCommitsParquet() throws Exception {
        try (CoordinatorRuntime rt = runtime(Map.of())) {
            JsonNode first = Events.parse(rt.handle(Events.scheduled(KV, "2026-12-02T01:00:00Z", "exec-1")));
            assertThat(first.get("state").asText()).as(first.toString()).isEqualTo("SUCCEEDED");
            assertThat(first.get("runId").asText()).isEqualTo("hourly-orders-20261202T010000Z");
            assertThat(first.get("output").asText()).isEqualTo("s3://" + RESULTS + "/outputs/counts/kv");
            assertThat(first.get("rowCount").asLong()).isEqualTo(3);
            JsonNode again = Events.parse(rt.handle(Events.scheduled(KV, "2026-12-02T01:00:00Z", "exec-2")));
            assertThat(again).isEqualTo(first);
            assertThat(again.get("executionIds").toString()).isEqualTo("[\"exec-1\"]");
            Map<String, String> committed = listing("outputs/counts/kv/");
            assertThat(committed).containsKey("outputs/counts/kv/_SUCCESS");
            assertThat(committed.keySet()).noneMatch(k -> k.contains("_temporary"));
            assertThat(committed.keySet()).filteredOn(k -> k.endsWith(".parquet")).hasSize(first.get("fileCount")
                    .asInt());
            assertThat(duckdbOfOutput("outputs/counts/kv/", "SELECT g, n FROM out ORDER BY g"))
                    .isEqualTo(expectedCounts());
            assertThat(listing("state/runs/hourly-orders/hourly-orders-20261202T010000Z/"))
                    .as("an ended run leaves no stage records").isEmpty();
            JsonNode next = Events.parse(rt.handle(Events.scheduled(KV, "2026-12-02T02:00:00Z", "exec-3")));
            assertThat(next.get("runId").asText()).isEqualTo("hourly-orders-20261202T020000Z");
            assertThat(next.get("state").asText()).isEqualTo("SUCCEEDED");
            assertThat(listing("outputs/counts/kv/").keySet()).as("overwrite: the new run's files replaced the old")
                    .filteredOn(k -> k.endsWith(".parquet")).doesNotContainAnyElementsOf(committed.keySet());
        }
    }

    @Test
    void aFailedScheduledRunCommitsNothingAndKeepsThePreviousOutput() throws Exception {
        try (CoordinatorRuntime rt = runtime(Map.of())) {
            String good = Events.scheduled(KV, "2026-12-02T03:00:00Z", "exec-8")
                    .replace("\"counts/kv\"", "\"counts/kept\"");
            assertThat(Events.parse(rt.handle(good)).get("state").asText()).isEqualTo("SUCCEEDED");
            Map<String, String> before = listing("outputs/counts/kept/");
            String bad = Events.scheduled(KV, "2026-12-02T04:00:00Z", "exec-9")
                    .replace("\"counts/kv\"", "\"counts/kept\"")
                    .replace("SELECT g, count(*) AS n FROM kv GROUP BY g ORDER BY g",
                            "SELECT g, 1 / (k - k) AS n FROM kv");
            JsonNode run = Events.parse(rt.handle(bad));
            assertThat(run.get("state").asText()).isEqualTo("FAILED");
            assertThat(run.get("error").get("errorClass").asText()).isEqualTo("DIVIDE_BY_ZERO");
            assertThat(listing("outputs/counts/kept/")).as("the same objects, same ETags: nothing committed")
                    .isEqualTo(before);
            assertThat(duckdbOfOutput("outputs/counts/kept/", "SELECT g, n FROM out ORDER BY g"))
                    .isEqualTo(expectedCounts());
        }
    }

    @Test
    void aJobClassScheduleRunsTheClassWithTheRunsSession() throws Exception {
        try (CoordinatorRuntime rt = runtime(Map.of())) {
            JsonNode event = Events.parse(Events.scheduled(KV, "2026-12-02T05:00:00Z", "exec-11"));
            com.fasterxml.jackson.databind.node.ObjectNode job = (com.fasterxml.jackson.databind.node.ObjectNode)
                    event.get("updraftJob");
            job.remove(List.of("sql", "output", "format", "mode"));
            job.put("name", "report");
            job.put("jobClass", ExampleReportJob.class.getName());
            job.putArray("args").add(KV).add("s3://" + RESULTS + "/outputs/reports/kv");
            JsonNode run = Events.parse(rt.handle(event.toString()));
            assertThat(run.get("state").asText()).as(run.toString()).isEqualTo("SUCCEEDED");
            assertThat(run.get("progress").get("summary").get("line").asText()).contains("tasks");
            assertThat(duckdbOfOutput("outputs/reports/kv/", "SELECT g, n FROM out ORDER BY g"))
                    .isEqualTo(expectedCounts());

            job.put("jobClass", "com.example.Missing");
            event = ((com.fasterxml.jackson.databind.node.ObjectNode) event).put("scheduledTime",
                    "2026-12-02T06:00:00Z");
            JsonNode missing = Events.parse(rt.handle(event.toString()));
            assertThat(missing.get("state").asText()).isEqualTo("FAILED");
            assertThat(missing.get("error").get("message").asText()).contains("com.example.Missing is not in");
        }
    }

    @Test
    void stateWritesAreConditional() {
        Map<String, String> s3Settings = FunctionConfig.from(env).s3Settings();
        try (ConditionalStore store = new ConditionalStore(s3Settings, RESULTS)) {
            QueryStates states = new QueryStates(store);
            QueryState s = QueryState.queued("q-" + "1".repeat(32), new QueryRequest("SELECT 1", Map.of(), Map.of(),
                    10, "json"), "2026-12-02T00:00:00Z");
            assertThat(states.create(s)).isTrue();
            assertThat(states.create(s)).as("If-None-Match: *").isFalse();
            var v = store.get(QueryStates.key(s.queryId())).orElseThrow();
            assertThat(states.update(s.queryId(), x -> x.withState(QueryStatus.RUNNING, "t1")).orElseThrow().state())
                    .isEqualTo(QueryStatus.RUNNING);
            assertThat(store.replace(QueryStates.key(s.queryId()), v.bytes(), v.etag()))
                    .as("If-Match on a stale ETag").isFalse();
            assertThat(states.read(s.queryId()).orElseThrow().state()).isEqualTo(QueryStatus.RUNNING);
        }
    }
}
