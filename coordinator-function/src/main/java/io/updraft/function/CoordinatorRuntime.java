package io.updraft.function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.updraft.function.api.HttpEvent;
import io.updraft.function.api.QueryApi;
import io.updraft.function.run.QueryRunner;
import io.updraft.function.schedule.ScheduledJob;
import io.updraft.function.schedule.ScheduledRuns;
import io.updraft.function.state.ConditionalStore;
import io.updraft.function.state.Json;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * What one coordinator container makes once and reuses: its configuration, its S3 client on the results bucket,
 * the API, the runner and the scheduled runs. {@link #handle} tells the event kinds apart by their shape: an HTTP
 * API payload 2.0 event, an S3 notification of run requests ({@code queue/<id>.json}), an EventBridge Scheduler
 * delivery ({@code updraftJob}).
 */
public final class CoordinatorRuntime implements AutoCloseable {
    private static volatile CoordinatorRuntime instance;

    private final ConditionalStore store;
    private final QueryApi api;
    private final QueryRunner runner;
    private final ScheduledRuns schedules;

    public CoordinatorRuntime(FunctionConfig config, Clock clock, Duration pollInterval) {
        this.store = new ConditionalStore(config.s3Settings(), config.resultsBucket());
        this.api = new QueryApi(config, store, clock, pollInterval);
        this.runner = new QueryRunner(config, store, clock, pollInterval);
        this.schedules = new ScheduledRuns(config, store, clock);
    }

    static CoordinatorRuntime get() {
        CoordinatorRuntime r = instance;
        if (r == null) {
            synchronized (CoordinatorRuntime.class) {
                if (instance == null) {
                    instance = new CoordinatorRuntime(FunctionConfig.fromEnvironment(), Clock.systemUTC(),
                            Duration.ofMillis(250));
                }
                r = instance;
            }
        }
        return r;
    }

    /** {@link #handle(String, Instant)} without a known deadline. */
    public String handle(String eventJson) {
        return handle(eventJson, null);
    }

    /**
     * One invocation: the event's JSON in, the answer's JSON out. An event of no known kind fails the invocation.
     *
     * @param deadline when the runtime stops this invocation (Lambda's remaining time), or null when unknown
     */
    public String handle(String eventJson, Instant deadline) {
        JsonNode event;
        try {
            event = Json.MAPPER.readTree(eventJson);
        } catch (IOException e) {
            throw new IllegalArgumentException("The coordinator's event is not JSON: " + e.getMessage());
        }
        if (event == null || !event.isObject()) {
            throw new IllegalArgumentException("The coordinator's event is not a JSON object");
        }
        if (HttpEvent.isHttpApi(event)) {
            return api.handle(HttpEvent.parse(event)).toJson();
        }
        if (ScheduledJob.isScheduled(event)) {
            return Json.MAPPER.valueToTree(schedules.deliver(ScheduledJob.parse(event), deadline)).toString();
        }
        if (event.path("Records").isArray()) {
            return runRequests(event);
        }
        throw new IllegalArgumentException("Unknown event for the coordinator (not an HTTP API 2.0 event, an S3 "
                + "notification or a scheduled job): fields " + fieldNames(event));
    }

    /** S3 notifications of run requests: each names a query to run here (others are ignored). */
    private String runRequests(JsonNode event) {
        ObjectNode answer = Json.MAPPER.createObjectNode();
        ArrayNode ran = answer.putArray("queries");
        for (JsonNode record : event.get("Records")) {
            if (!"aws:s3".equals(record.path("eventSource").asText())
                    || !record.path("eventName").asText().startsWith("ObjectCreated")) {
                continue;
            }
            // Keys in S3 notifications are URL-encoded (a space is '+').
            String key = URLDecoder.decode(record.path("s3").path("object").path("key").asText(),
                    StandardCharsets.UTF_8);
            QueryRunner.queryIdOf(key).flatMap(runner::run).ifPresent(state -> {
                ObjectNode q = ran.addObject();
                q.put("queryId", state.queryId());
                q.put("state", state.state().name());
            });
        }
        return answer.toString();
    }

    private static String fieldNames(JsonNode event) {
        StringBuilder sb = new StringBuilder();
        event.fieldNames().forEachRemaining(f -> sb.append(sb.isEmpty() ? "" : ", ").append(f));
        return sb.toString();
    }

    @Override
    public void close() {
        store.close();
    }
}
