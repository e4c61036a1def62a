package io.updraft.function;

import com.fasterxml.jackson.databind.JsonNode;
import io.updraft.function.api.HttpEvent;
import io.updraft.function.run.QueryRunner;
import io.updraft.function.schedule.ScheduledJob;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The event kinds told apart and read from AWS's shapes (the fixtures in events/). */
class EventShapesTest {
    @Test
    void anHttpApiEventIsReadFromRequestContext() {
        JsonNode e = Events.parse(Events.http("POST", "/queries", "{\"sql\": \"SELECT 1\"}"));
        assertThat(HttpEvent.isHttpApi(e)).isTrue();
        assertThat(ScheduledJob.isScheduled(e)).isFalse();
        HttpEvent h = HttpEvent.parse(e);
        assertThat(h.method()).isEqualTo("POST");
        assertThat(h.path()).isEqualTo("/queries");
        assertThat(h.body()).isEqualTo("{\"sql\": \"SELECT 1\"}");
        assertThat(h.caller()).isEqualTo("arn:aws:iam::123456789012:user/analyst");
        HttpEvent get = HttpEvent.parse(Events.parse(Events.http("GET", "/queries/q-1", null)));
        assertThat(get.id()).isEqualTo("q-1");
        assertThat(get.body()).isNull();
    }

    @Test
    void aBase64BodyIsDecoded() {
        var e = Events.fixture("http-api-v2.json");
        e.put("body", Base64.getEncoder().encodeToString("{\"sql\": \"é\"}".getBytes(StandardCharsets.UTF_8)));
        e.put("isBase64Encoded", true);
        assertThat(HttpEvent.parse(e).body()).isEqualTo("{\"sql\": \"é\"}");
    }

    @Test
    void aSchedulerDeliveryHasARunIdFromItsScheduledTime() {
        JsonNode e = Events.parse(Events.scheduled("s3://d/kv/", "2026-12-02T06:15:00Z", "abc"));
        assertThat(HttpEvent.isHttpApi(e)).isFalse();
        assertThat(ScheduledJob.isScheduled(e)).isTrue();
        ScheduledJob job = ScheduledJob.parse(e);
        assertThat(job.runId()).isEqualTo("hourly-orders-20261202T061500Z");
        assertThat(job.scheduledTime()).isEqualTo(Instant.parse("2026-12-02T06:15:00Z"));
        assertThat(job.sql()).hasSize(1);
        assertThat(job.tables()).containsEntry("kv", "s3://d/kv/");
        assertThat(job.executionId()).isEqualTo("abc");
        assertThat(ScheduledJob.parse(Events.parse(Events.scheduled("s3://d/kv/", "2026-12-02T06:15:00Z", "retry")))
                .runId()).as("a retried delivery has the same run id").isEqualTo(job.runId());
    }

    @Test
    void anS3NotificationNamesItsRunRequest() {
        JsonNode e = Events.parse(Events.objectCreated("results", "queue/q-abc.json"));
        assertThat(e.get("Records").get(0).get("eventSource").asText()).isEqualTo("aws:s3");
        String key = java.net.URLDecoder.decode(e.get("Records").get(0).get("s3").get("object").get("key").asText(),
                StandardCharsets.UTF_8);
        assertThat(QueryRunner.queryIdOf(key)).contains("q-abc");
        assertThat(QueryRunner.queryIdOf("results/q-abc.json")).isEmpty();
        assertThat(List.of(QueryRunner.queueKey("q-abc"))).containsExactly("queue/q-abc.json");
    }
}
