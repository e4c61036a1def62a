package io.updraft.coordinator.lambda;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A payload too large for a synchronous invocation (6 MB each way), stored as an object and sent as a reference
 * instead. The wire form, in both directions (the worker's {@code io.updraft.worker.PayloadReferences} reads and
 * writes the same shape):
 * <pre>{"updraftPayloadRef":{"root":"s3://bucket/prefix","key":"payloads/...json","bytes":7340032,
 *  "settings":{"updraft.s3.endpoint":"http://127.0.0.1:4566", ...}}}</pre>
 * {@code root} is an object-store root (s3:// or a local folder reachable by both sides), {@code key} the object's
 * key under it, {@code bytes} its size (UTF-8 JSON of a TaskSpec or TaskResult), {@code settings} the
 * {@code updraft.s3.*} settings needed to read it (a spec's own settings are inside the object). The reader
 * deletes nothing: the coordinator deletes spec objects after the invocation and result objects after reading.
 */
public record PayloadReference(String root, String key, long bytes, Map<String, String> settings) {
    public static final String FIELD = "updraftPayloadRef";
    private static final String PREFIX = "{\"" + FIELD + "\"";
    private static final ObjectMapper JSON = new ObjectMapper();

    public PayloadReference {
        Objects.requireNonNull(root, "root is null");
        Objects.requireNonNull(key, "key is null");
        settings = Map.copyOf(settings);
    }

    /** Whether {@code payload} is a reference (it starts with the reference's field). */
    public static boolean isReference(String payload) {
        return payload != null && payload.startsWith(PREFIX);
    }

    public String toJson() {
        ObjectNode ref = JSON.createObjectNode();
        ref.put("root", root);
        ref.put("key", key);
        ref.put("bytes", bytes);
        ObjectNode s = ref.putObject("settings");
        settings.forEach(s::put);
        ObjectNode top = JSON.createObjectNode();
        top.set(FIELD, ref);
        try {
            return JSON.writeValueAsString(top);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The reference in {@code payload}; {@link IllegalArgumentException} when it is not one. */
    public static PayloadReference parse(String payload) {
        try {
            JsonNode ref = JSON.readTree(payload).get(FIELD);
            if (ref == null || !ref.hasNonNull("root") || !ref.hasNonNull("key")) {
                throw new IllegalArgumentException("not a payload reference: " + head(payload));
            }
            Map<String, String> settings = new LinkedHashMap<>();
            JsonNode s = ref.get("settings");
            if (s != null) {
                s.properties().forEach(e -> settings.put(e.getKey(), e.getValue().asText()));
            }
            return new PayloadReference(ref.get("root").asText(), ref.get("key").asText(),
                    ref.path("bytes").asLong(-1), settings);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a payload reference: " + head(payload), e);
        }
    }

    private static String head(String s) {
        return s == null ? "null" : s.substring(0, Math.min(120, s.length()));
    }
}
