package io.updraft.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.function.Events;
import io.updraft.function.NotificationRelay;
import io.updraft.shuffle.store.S3ObjectStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.io.IOException;
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
        coordinators = stack.startPool(zip, 2, Map.of(
                "AWS_LAMBDA_FUNCTION_NAME", "updraft-coordinator",
                "UPDRAFT_WORKER_ENDPOINTS", String.join(",", stack.lambdaEndpoints()),
                "UPDRAFT_SHUFFLE_ROOT", "s3://" + LambdaStack.BUCKET + "/coordinator-shuffle",
                "UPDRAFT_RESULTS_BUCKET", RESULTS,
                "UPDRAFT_S3_ENDPOINT", stack.s3Endpoint().toString(),
                "UPDRAFT_DATA_PREFIXES", "s3://" + LambdaStack.BUCKET + "/fault-data/",
                "UPDRAFT_SYNC_WAIT_SECONDS", "120"));
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
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(coordinators.endpoints().get(i)
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

    @Test
    void theSameScheduledEventTwiceRunsOnce() throws Exception {
        String event = Events.scheduled(kv, "2026-12-02T01:00:00Z", "d32c5kddcf5bb8c3")
                .replace("SELECT g, count(*) AS n FROM kv GROUP BY g ORDER BY g", SQL);
        JsonNode first = invoke(1, event);
        assertThat(first.get("state").asText()).as(first.toString()).isEqualTo("SUCCEEDED");
        JsonNode second = invoke(0, event.replace("d32c5kddcf5bb8c3", "e43d6leedg6cc9d4"));
        assertThat(second).as("the second delivery finds the claim and does not run").isEqualTo(first);
        String key = first.get("outputKey").asText();
        byte[] output = s3.getObject(b -> b.bucket(RESULTS).key(key),
                software.amazon.awssdk.core.async.AsyncResponseTransformer.toBytes()).join().asByteArray();
        assertThat(values(lines(new String(output)))).isEqualTo(FaultData.duckdb(SQL));
        assertThat(first.get("progress").get("summary").get("invocations").asLong()).isPositive();
    }
}
