package io.updraft.core.conf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A payload too large for a synchronous invocation (6 MB each way), stored as an object and sent as a reference
 * instead. The wire form, in both directions (the coordinator's Lambda invoker and the worker function read and
 * write it through this record):
 * <pre>{"updraftPayloadRef":{"root":"s3://bucket/prefix","key":"payloads/...json","bytes":7340032,
 *  "settings":{"updraft.s3.endpoint":"http://127.0.0.1:4566", ...}}}</pre>
 * {@code root} is an object-store root (s3:// or a local folder reachable by both sides), {@code key} the object's
 * key under it, {@code bytes} its size (UTF-8 JSON of a TaskSpec or TaskResult), {@code settings} the
 * {@code updraft.s3.*} settings needed to read it (a spec's own settings are inside the object). The reader
 * deletes nothing: the coordinator deletes spec objects after the invocation and result objects after reading.
 */
public record PayloadReference(String root, String key, long bytes, Map<String, String> settings) {
    public static final String FIELD = "updraftPayloadRef";
    private static final ObjectMapper JSON = new ObjectMapper();

    public PayloadReference {
        Objects.requireNonNull(root, "root is null");
        Objects.requireNonNull(key, "key is null");
        settings = Map.copyOf(settings);
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

    /**
     * The reference {@code payload} decodes to, or null when it is something else (a task spec or result, a
     * Lambda error, text): a JSON object whose only field is {@value #FIELD}. A payload that is a reference but
     * lacks its root or key is an {@link IllegalArgumentException}.
     */
    public static PayloadReference read(String payload) {
        if (payload == null || payload.length() > 64 * 1024) {
            return null;   // references are small; never parse a large result twice
        }
        JsonNode top;
        try {
            top = JSON.readTree(payload);
        } catch (JsonProcessingException e) {
            return null;
        }
        if (top == null || !top.isObject() || top.size() != 1 || !top.has(FIELD)) {
            return null;
        }
        JsonNode ref = top.get(FIELD);
        if (!ref.hasNonNull("root") || !ref.hasNonNull("key")) {
            throw new IllegalArgumentException("not a payload reference: " + head(payload));
        }
        Map<String, String> settings = new LinkedHashMap<>();
        ref.path("settings").properties().forEach(e -> settings.put(e.getKey(), e.getValue().asText()));
        return new PayloadReference(ref.get("root").asText(), ref.get("key").asText(), ref.path("bytes").asLong(-1),
                settings);
    }

    /** The reference in {@code payload}; {@link IllegalArgumentException} when it is not one. */
    public static PayloadReference parse(String payload) {
        PayloadReference ref = read(payload);
        if (ref == null) {
            throw new IllegalArgumentException("not a payload reference: " + head(payload));
        }
        return ref;
    }

    private static String head(String s) {
        return s == null ? "null" : s.substring(0, Math.min(120, s.length()));
    }
}
