package io.updraft.function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.updraft.function.state.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * Events shaped exactly as AWS sends them, from the fixtures in {@code events/}: an API Gateway HTTP API payload
 * 2.0 event (the example of API Gateway's developer guide, with an IAM authorizer's identity), an S3 ObjectCreated
 * notification (S3's event message structure 2.1) and an EventBridge Scheduler delivery (the target input
 * terraform/scheduler.tf builds, context attributes filled in as the scheduler does).
 */
public final class Events {
    private Events() {
    }

    public static ObjectNode fixture(String name) {
        try (InputStream in = Events.class.getResourceAsStream("events/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no event fixture " + name);
            }
            return (ObjectNode) Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An HTTP API event for {@code method path} with {@code body} (null: none). */
    public static String http(String method, String path, String body) {
        ObjectNode e = fixture("http-api-v2.json");
        String route = path.startsWith("/queries/") ? method + " /queries/{id}" : method + " " + path;
        e.put("routeKey", route);
        e.put("rawPath", path);
        ObjectNode ctx = (ObjectNode) e.get("requestContext");
        ctx.put("routeKey", route);
        ((ObjectNode) ctx.get("http")).put("method", method).put("path", path);
        if (path.startsWith("/queries/")) {
            e.putObject("pathParameters").put("id", path.substring("/queries/".length()));
        }
        if (body == null) {
            e.remove("body");
        } else {
            e.put("body", body);
            ((ObjectNode) e.get("headers")).put("content-length", String.valueOf(body.getBytes(
                    StandardCharsets.UTF_8).length));
        }
        return e.toString();
    }

    /** S3's notification that {@code key} was created in {@code bucket} (the key URL-encoded, as S3 does). */
    public static String objectCreated(String bucket, String key) {
        ObjectNode e = fixture("s3-object-created.json");
        ObjectNode s3 = (ObjectNode) e.get("Records").get(0).get("s3");
        ((ObjectNode) s3.get("bucket")).put("name", bucket).put("arn", "arn:aws:s3:::" + bucket);
        ((ObjectNode) s3.get("object")).put("key", URLEncoder.encode(key, StandardCharsets.UTF_8));
        ((ObjectNode) e.get("Records").get(0)).put("eventTime", Instant.now().toString());
        return e.toString();
    }

    /** A scheduler delivery of the fixture's job reading {@code table}, for {@code scheduledTime}. */
    public static String scheduled(String table, String scheduledTime, String executionId) {
        ObjectNode e = fixture("scheduler-delivery.json");
        ((ObjectNode) e.get("updraftJob").get("tables")).put("kv", table);
        e.put("scheduledTime", scheduledTime);
        e.put("executionId", executionId);
        return e.toString();
    }

    public static JsonNode parse(String json) {
        try {
            return Json.MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
