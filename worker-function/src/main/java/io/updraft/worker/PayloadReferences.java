package io.updraft.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskSpec;
import io.updraft.engine.store.ObjectStores;
import io.updraft.shuffle.store.ObjectStore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Payloads over Lambda's 6 MB synchronous limit travel as object references (the coordinator's
 * {@code io.updraft.coordinator.lambda.PayloadReference} defines the shape):
 * {@code {"updraftPayloadRef":{"root":"s3://bucket/prefix","key":"payloads/...","bytes":N,"settings":{...}}}}.
 * {@link #resolve} turns a reference to a spec into the spec JSON; {@link #offloadIfLarge} stores a result over
 * the task's {@code updraft.lambda.maxPayloadBytes} under {@code updraft.lambda.payloadRoot} and returns a
 * reference instead. The coordinator deletes both objects. A store failure throws: the invocation then fails as
 * a function error, which the coordinator retries.
 */
final class PayloadReferences {
    static final String FIELD = "updraftPayloadRef";
    private static final String PREFIX = "{\"" + FIELD + "\"";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The smallest limit the coordinator accepts: results up to this size never need the spec decoded. */
    private static final int MIN_LIMIT = 1024;

    private PayloadReferences() {
    }

    /** The payload itself, or the object a reference names. */
    static String resolve(String payload) {
        if (!payload.startsWith(PREFIX)) {
            return payload;
        }
        try {
            JsonNode ref = JSON.readTree(payload).get(FIELD);
            Map<String, String> settings = new LinkedHashMap<>();
            ref.path("settings").properties().forEach(e -> settings.put(e.getKey(), e.getValue().asText()));
            ObjectStore store = ObjectStores.shared().store(ref.get("root").asText(), settings);
            return new String(store.get(ref.get("key").asText()).join(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable payload reference", e);
        }
    }

    /** {@code resultJson}, or a reference to it when it is larger than the spec's payload limit allows. */
    static String offloadIfLarge(String specJson, String resultJson) {
        byte[] bytes = resultJson.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= MIN_LIMIT) {
            return resultJson;
        }
        TaskSpec spec = TaskCodec.decodeSpec(specJson);
        long limit = Long.parseLong(spec.config().getOrDefault("updraft.lambda.maxPayloadBytes", "6000000"));
        String root = spec.config().get("updraft.lambda.payloadRoot");
        if (bytes.length <= limit || root == null) {
            return resultJson;
        }
        String key = "payloads/" + spec.jobId() + "/s" + spec.stageId() + "/t" + spec.taskId() + "-a"
                + spec.attempt() + "-result.json";
        ObjectStores.shared().store(root, spec.config()).put(key, bytes).join();
        ObjectNode ref = JSON.createObjectNode();
        ref.put("root", root);
        ref.put("key", key);
        ref.put("bytes", bytes.length);
        ref.putObject("settings");
        ObjectNode top = JSON.createObjectNode();
        top.set(FIELD, ref);
        return top.toString();
    }
}
