package io.updraft.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.function.Events;
import io.updraft.function.ExampleReportJob;
import io.updraft.function.NotificationRelay;
import io.updraft.shuffle.store.S3ObjectStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The coordinator package end to end: two Lambda emulators run {@code coordinator-function/target/function.zip}
 * (one answers the API events, one runs what S3 notifications start — {@link NotificationRelay} plays S3's part),
 * every task runs on the shared pool of worker emulators, input and state in LocalStack's S3. Rows are compared
 * with DuckDB's on the same files.
 */
class CoordinatorFunctionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RESULTS = "updraft-coord-results";
    private static final String SQL = "SELECT k % 10 AS g, count(*) AS n, sum(v) AS s FROM kv GROUP BY k % 10 ORDER BY g";

    private static LambdaStack stack;
    private static LambdaStack.EmulatorPool coordinators;
    private static S3AsyncClient s3;
    private static String kv;
    private static Path packageWithJob;
    private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void start() throws IOException {
        stack = LambdaStack.shared();
        s3 = S3ObjectStore.buildClient(stack.s3Config());
        s3.createBucket(b -> b.bucket(RESULTS)).join();
        kv = FaultData.upload(stack) + "/kv/";
        Path zip = Path.of(System.getProperty("updraft.home", ".")).toAbsolutePath()
                .resolve("coordinator-function/target/function.zip");
        if (!Files.isRegularFile(zip)) {
            throw new IllegalStateException("coordinator package not found at " + zip
                    + ": build it with ./mvnw -pl coordinator-function -am package");
        }
        packageWithJob = withJobJar(zip);
        coordinators = stack.startPool(packageWithJob, 2, coordinatorEnv(stack.lambdaEndpoints(), Map.of()));
    }

    private static Map<String, String> coordinatorEnv(List<String> workers, Map<String, String> more) {
        Map<String, String> env = new java.util.LinkedHashMap<>(Map.of(
                "AWS_LAMBDA_FUNCTION_NAME", "updraft-coordinator",
                "UPDRAFT_WORKER_ENDPOINTS", String.join(",", workers),
                "UPDRAFT_SHUFFLE_ROOT", "s3://" + LambdaStack.BUCKET + "/coordinator-shuffle",
                "UPDRAFT_RESULTS_BUCKET", RESULTS,
                "UPDRAFT_S3_ENDPOINT", stack.s3Endpoint().toString(),
                "UPDRAFT_DATA_PREFIXES", "s3://" + LambdaStack.BUCKET + "/fault-data/",
                "UPDRAFT_SYNC_WAIT_SECONDS", "120"));
        env.putAll(more);
        return env;
    }

    /**
     * The coordinator package as {@code updraft package --job-jar} makes it: its entries plus {@code lib/<jar>}, the
     * jar holding coordinator-function's {@link ExampleReportJob} (a job class users would package).
     */
    private static Path withJobJar(Path zip) throws IOException {
        Path dir = Files.createTempDirectory("coordinator-with-job");
        Path out = dir.resolve("function-with-job.zip");
        String entry = ExampleReportJob.class.getName().replace('.', '/') + ".class";
        ByteArrayOutputStream jar = new ByteArrayOutputStream();
        try (JarOutputStream j = new JarOutputStream(jar);
             InputStream cls = ExampleReportJob.class.getClassLoader().getResourceAsStream(entry)) {
            j.putNextEntry(new JarEntry(entry));
            cls.transferTo(j);
            j.closeEntry();
        }
        try (ZipFile in = new ZipFile(zip.toFile());
             ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(out))) {
            for (ZipEntry e : java.util.Collections.list(in.entries())) {
                ZipEntry copy = new ZipEntry(e.getName());
                z.putNextEntry(copy);
                try (InputStream data = in.getInputStream(e)) {
                    data.transferTo(z);
                }
                z.closeEntry();
            }
            z.putNextEntry(new ZipEntry("lib/example-job.jar"));
            z.write(jar.toByteArray());
            z.closeEntry();
        }
        return out;
    }

    @AfterAll
    static void stop() {
        if (coordinators != null) {
            coordinators.close();
        }
        if (s3 != null) {
            s3.close();
        }
    }

    /** One invocation of coordinator emulator {@code i}: the event in, the function's answer out. */
    private static JsonNode invoke(int i, String event) {
        return invoke(coordinators.endpoints().get(i), event);
    }

    private static JsonNode invoke(URI emulator, String event) {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(emulator
                            .resolve("/2015-03-31/functions/function/invocations"))
                    .timeout(Duration.ofMinutes(5)).POST(HttpRequest.BodyPublishers.ofString(event)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode api(String method, String path, String body) throws IOException {
        JsonNode a = invoke(0, Events.http(method, path, body));
        assertThat(a.has("statusCode")).as(a.toString()).isTrue();
        return a;
    }

    private static JsonNode body(JsonNode answer) throws IOException {
        return JSON.readTree(answer.get("body").asText());
    }

    private static List<List<Object>> values(List<JsonNode> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (JsonNode r : rows) {
            out.add(List.of(r.get("g").asLong(), r.get("n").asLong(), r.get("s").asLong()));
        }
        return out;
    }

    private static List<JsonNode> lines(String jsonLines) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String l : jsonLines.lines().toList()) {
            out.add(JSON.readTree(l));
        }
        return out;
    }

    private static String request(double waitSeconds) {
        return "{\"sql\": \"" + SQL + "\", \"tables\": {\"kv\": \"" + kv + "\"}, \"waitSeconds\": " + waitSeconds
                + "}";
    }

    @Test
    void anApiGatewayEventIsAnsweredWithTheRows() throws Exception {
        try (NotificationRelay relay = new NotificationRelay(s3, RESULTS, e -> invoke(1, e))) {
            JsonNode a = api("POST", "/queries", request(120));
            assertThat(a.get("statusCode").asInt()).as(a.toString()).isEqualTo(200);
            JsonNode b = body(a);
            List<JsonNode> rows = new ArrayList<>();
            b.get("rows").forEach(rows::add);
            assertThat(values(rows)).isEqualTo(FaultData.duckdb(SQL));
            JsonNode summary = b.get("progress").get("summary");
            assertThat(summary.get("invocations").asLong()).as("tasks ran on the worker emulators").isPositive();
            assertThat(summary.get("costUsd").asDouble()).isPositive();
            assertThat(b.get("progress").get("stages").size()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void a202IsPolledAndTheResultUrlFetched() throws Exception {
        try (NotificationRelay relay = new NotificationRelay(s3, RESULTS, e -> invoke(1, e))) {
            JsonNode a = api("POST", "/queries", request(0));
            assertThat(a.get("statusCode").asInt()).as(a.toString()).isEqualTo(202);
            String id = body(a).get("queryId").asText();
            JsonNode b = body(a);
            long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
            while (!b.get("state").asText().equals("SUCCEEDED") && System.nanoTime() < deadline) {
                assertThat(b.get("state").asText()).as(b.toString()).isIn("QUEUED", "RUNNING");
                Thread.sleep(250);
                b = body(api("GET", "/queries/" + id, null));
            }
            assertThat(b.get("state").asText()).isEqualTo("SUCCEEDED");
            HttpResponse<String> result = http.send(HttpRequest.newBuilder(URI.create(b.get("resultUrl").asText()))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(result.statusCode()).isEqualTo(200);
            assertThat(values(lines(result.body()))).isEqualTo(FaultData.duckdb(SQL));
        }
    }

    private static byte[] object(String key) {
        return s3.getObject(b -> b.bucket(RESULTS).key(key),
                software.amazon.awssdk.core.async.AsyncResponseTransformer.toBytes()).join().asByteArray();
    }

    /** Keys under {@code prefix} of the results bucket → ETag. */
    private static Map<String, String> listing(String prefix) {
        Map<String, String> out = new java.util.TreeMap<>();
        s3.listObjectsV2(b -> b.bucket(RESULTS).prefix(prefix)).join().contents()
                .forEach(o -> out.put(o.key(), o.eTag()));
        return out;
    }

    /** DuckDB's (g, n, s) rows of the Parquet files committed under {@code prefix}, ordered by g. */
    private static List<List<Object>> duckdbOfOutput(String prefix) throws Exception {
        Path copy = Files.createTempDirectory("coordinator-output");
        for (String key : listing(prefix).keySet()) {
            if (key.endsWith(".parquet")) {
                Files.write(copy.resolve(key.substring(prefix.length()).replace('/', '_')), object(key));
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
             java.sql.Statement st = c.createStatement();
             java.sql.ResultSet rs = st.executeQuery("SELECT g, n, s FROM read_parquet('" + copy
                     + "/*.parquet') ORDER BY g")) {
            while (rs.next()) {
                rows.add(List.of(rs.getLong(1), rs.getLong(2), rs.getLong(3)));
            }
        }
        return rows;
    }

    private static String scheduled(String name, String output, String time, String execution) {
        return Events.scheduled(kv, time, execution)
                .replace("SELECT g, count(*) AS n FROM kv GROUP BY g ORDER BY g", SQL)
                .replace("\"hourly-orders\"", "\"" + name + "\"")
                .replace("\"counts/kv\"", "\"" + output + "\"");
    }

    @Test
    void theSameScheduledEventTwiceRunsOnceAndDuckDbReadsItsParquet() throws Exception {
        String event = scheduled("hourly-kv", "counts/kv", "2026-12-02T01:00:00Z", "d32c5kddcf5bb8c3");
        JsonNode first = invoke(1, event);
        assertThat(first.get("state").asText()).as(first.toString()).isEqualTo("SUCCEEDED");
        JsonNode second = invoke(0, event.replace("d32c5kddcf5bb8c3", "e43d6leedg6cc9d4"));
        assertThat(second).as("the second delivery finds the claim and does not run").isEqualTo(first);
        assertThat(first.get("output").asText()).isEqualTo("s3://" + RESULTS + "/outputs/counts/kv");
        assertThat(listing("outputs/counts/kv/")).containsKey("outputs/counts/kv/_SUCCESS")
                .allSatisfy((k, v) -> assertThat(k).doesNotContain("_temporary"));
        assertThat(duckdbOfOutput("outputs/counts/kv/")).isEqualTo(FaultData.duckdb(SQL));
        assertThat(first.get("rowCount").asLong()).isEqualTo(10);
        assertThat(first.get("progress").get("summary").get("invocations").asLong()).isPositive();
    }

    @Test
    void aScheduledJobFailingHalfWayCommitsNothingAndKeepsThePreviousOutput() throws Exception {
        JsonNode good = invoke(1, scheduled("kept", "counts/kept", "2026-12-02T02:00:00Z", "x1"));
        assertThat(good.get("state").asText()).as(good.toString()).isEqualTo("SUCCEEDED");
        Map<String, String> before = listing("outputs/counts/kept/");
        // The division fails in the second stage, after the scan stage has run on the workers.
        JsonNode bad = invoke(1, scheduled("kept", "counts/kept", "2026-12-02T03:00:00Z", "x2")
                .replace(SQL, "SELECT g, n, s / (n - n) AS s FROM (SELECT k % 10 AS g, count(*) AS n, sum(v) AS s"
                        + " FROM kv GROUP BY k % 10)"));
        assertThat(bad.get("state").asText()).as(bad.toString()).isEqualTo("FAILED");
        assertThat(bad.get("error").get("errorClass").asText()).isEqualTo("DIVIDE_BY_ZERO");
        assertThat(listing("outputs/counts/kept/")).as("same objects, same ETags").isEqualTo(before);
        assertThat(duckdbOfOutput("outputs/counts/kept/")).isEqualTo(FaultData.duckdb(SQL));
    }

    @Test
    void aJobClassFromThePackagedJobJarRunsOnTheWorkers() throws Exception {
        String event = scheduled("report", "unused", "2026-12-02T04:00:00Z", "j1");
        com.fasterxml.jackson.databind.node.ObjectNode e = (com.fasterxml.jackson.databind.node.ObjectNode)
                JSON.readTree(event);
        com.fasterxml.jackson.databind.node.ObjectNode job = (com.fasterxml.jackson.databind.node.ObjectNode)
                e.get("updraftJob");
        job.remove(List.of("sql", "output", "format", "mode"));
        job.put("jobClass", ExampleReportJob.class.getName());
        job.putArray("args").add(kv).add("s3://" + RESULTS + "/outputs/reports/kv").add("k % 7");
        JsonNode run = invoke(1, e.toString());
        assertThat(run.get("state").asText()).as(run.toString()).isEqualTo("SUCCEEDED");
        assertThat(run.get("progress").get("summary").get("invocations").asLong()).as("tasks ran on the workers")
                .isPositive();
        Path copy = Files.createTempDirectory("job-class-output");
        for (String key : listing("outputs/reports/kv/").keySet()) {
            if (key.endsWith(".parquet")) {
                Files.write(copy.resolve(key.substring("outputs/reports/kv/".length()).replace('/', '_')),
                        object(key));
            }
        }
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
             java.sql.Statement st = c.createStatement();
             java.sql.ResultSet rs = st.executeQuery("SELECT sum(n), count(*) FROM read_parquet('" + copy
                     + "/*.parquet')")) {
            rs.next();
            assertThat(List.of(rs.getLong(1), rs.getLong(2)))
                    .isEqualTo(FaultData.duckdb("SELECT count(*), count(DISTINCT k % 7) FROM kv").get(0));
        }
    }

    /**
     * The delivery as Lambda retries an asynchronous invocation that failed: the RIE answers the first invocation
     * after a timeout with 502 {@code Sandbox.Failure} while it restarts the runtime; a claim found RUNNING (an
     * invocation that died holding it) is retried once its lease is over.
     */
    private static JsonNode retriedAsLambdaDoes(URI coordinator, String event) throws Exception {
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(coordinator
                            .resolve("/2015-03-31/functions/function/invocations"))
                    .timeout(Duration.ofMinutes(2)).POST(HttpRequest.BodyPublishers.ofString(event)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(attempt).as("attempts; last answer " + r.statusCode() + " " + r.body()).isLessThanOrEqualTo(5);
            if (r.statusCode() == 502 && r.body().contains("Sandbox.Failure")) {
                Thread.sleep(1000);
                continue;
            }
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            JsonNode answer = JSON.readTree(r.body());
            if (!"RUNNING".equals(answer.path("state").asText())) {
                return answer;
            }
            java.time.Instant lease = java.time.Instant.parse(answer.get("leaseUntil").asText());
            Thread.sleep(Math.max(0, Duration.between(java.time.Instant.now(), lease).toMillis() + 500));
        }
    }

    /**
     * A coordinator whose timeout (20 s) ends in the job's second stage: the workers' taps hold every task after
     * the scan stage until the coordinator has been stopped, then drop them. The scheduler's retry of the delivery
     * (after the claim's lease) resumes the run from the recorded scan stage: the scan's 4 tasks ran once in all.
     */
    @Test
    void aScheduledJobPastTheCoordinatorsTimeoutResumesAndFinishes() throws Exception {
        List<HttpTap> taps = new ArrayList<>();
        for (String w : stack.lambdaEndpoints()) {
            taps.add(new HttpTap("resume-" + taps.size(), URI.create(w), true, true));
        }
        CompletableFuture<Void> coordinatorStopped = new CompletableFuture<>();
        AtomicBoolean holding = new AtomicBoolean(true);
        for (HttpTap t : taps) {
            t.handler(r -> holding.get() && Invocation.parse(r.bodyText()).stageId() > 0
                    ? HttpTap.holdUntil(coordinatorStopped) : HttpTap.forward());
        }
        try (LambdaStack.EmulatorPool shortLived = stack.startPool(packageWithJob, 1, coordinatorEnv(
                taps.stream().map(t -> t.endpoint().toString()).toList(),
                Map.of("AWS_LAMBDA_FUNCTION_TIMEOUT", "20")))) {
            URI coordinator = shortLived.endpoints().get(0);
            invoke(coordinator, Events.http("GET", "/queries/q-" + "0".repeat(32), null));   // warm: init done
            String event = scheduled("long", "counts/long", "2026-12-02T05:00:00Z", "l1")
                    .replace("\"conf\":{}", "\"conf\":{\"updraft.speculation\":\"false\"}");
            assertThat(event).contains("updraft.speculation");
            String runPrefix = "state/runs/long/long-20261202T050000Z";

            HttpResponse<String> first = http.send(HttpRequest.newBuilder(coordinator
                            .resolve("/2015-03-31/functions/function/invocations"))
                    .timeout(Duration.ofMinutes(2)).POST(HttpRequest.BodyPublishers.ofString(event)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(first.body()).as("the RIE stops the coordinator at its timeout").contains("timed out");
            holding.set(false);
            coordinatorStopped.completeExceptionally(new IllegalStateException("coordinator stopped"));
            JsonNode claim = JSON.readTree(object(runPrefix + ".json"));
            assertThat(claim.get("state").asText()).isEqualTo("RUNNING");
            assertThat(listing(runPrefix + "/checkpoint/")).as("the scan stage was recorded").isNotEmpty();
            long scans = taps.stream().mapToLong(t -> t.requests().stream()
                    .filter(r -> Invocation.parse(r.bodyText()).stageId() == 0).count()).sum();
            assertThat(scans).isEqualTo(4);

            java.time.Instant lease = java.time.Instant.parse(claim.get("leaseUntil").asText());
            assertThat(lease).as("the lease is the invocation's deadline (+5 s), from the runtime's context")
                    .isBetween(java.time.Instant.now().minusSeconds(30), java.time.Instant.now().plusSeconds(10));
            Thread.sleep(Math.max(0, Duration.between(java.time.Instant.now(), lease).toMillis() + 500));
            JsonNode resumed = retriedAsLambdaDoes(coordinator, event.replace("\"attempt\":\"1\"",
                    "\"attempt\":\"2\""));

            assertThat(resumed.get("state").asText()).as(resumed.toString()).isEqualTo("SUCCEEDED");
            assertThat(resumed.get("executionIds").size()).as("two invocations (or more) ran it")
                    .isGreaterThanOrEqualTo(2);
            long scansInAll = taps.stream().mapToLong(t -> t.requests().stream()
                    .filter(r -> Invocation.parse(r.bodyText()).stageId() == 0).count()).sum();
            assertThat(scansInAll).as("the recorded scan stage is not run again").isEqualTo(4);
            JsonNode summary = resumed.get("progress").get("summary");
            java.util.regex.Matcher tasks = java.util.regex.Pattern.compile("(\\d+) tasks, (\\d+) invocations")
                    .matcher(summary.get("line").asText());
            assertThat(tasks.find()).as(summary.toString()).isTrue();
            assertThat(Long.parseLong(tasks.group(2))).as("the resumed run invoked only the later stages' tasks")
                    .isEqualTo(Long.parseLong(tasks.group(1)) - 4).isPositive();
            assertThat(duckdbOfOutput("outputs/counts/long/")).isEqualTo(FaultData.duckdb(SQL));
            assertThat(listing(runPrefix + "/checkpoint/")).as("the finished run removed its records").isEmpty();
            for (HttpTap t : taps) {
                assertThat(t.errors()).isEmpty();
            }
        } finally {
            for (HttpTap t : taps) {
                t.close();
            }
        }
    }
}
