package io.updraft.localstack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;

/**
 * A task attempt as a tap sees it in the invocation body (the TaskSpec JSON): identity, the operators it
 * runs, and the shuffle objects it reads (keys under the shuffle root).
 */
record Invocation(String jobId, int stageId, int taskId, int attempt, List<String> operators,
                  List<String> shuffleKeys) {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Invocation parse(String specJson) {
        try {
            JsonNode spec = JSON.readTree(specJson);
            List<String> ops = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            walk(spec.path("plan"), ops, keys);
            return new Invocation(spec.path("jobId").asText(), spec.path("stageId").asInt(),
                    spec.path("taskId").asInt(), spec.path("attempt").asInt(), List.copyOf(ops),
                    keys.stream().distinct().toList());
        } catch (Exception e) {
            throw new IllegalArgumentException("not a task spec: " + specJson.substring(0,
                    Math.min(200, specJson.length())), e);
        }
    }

    private static void walk(JsonNode n, List<String> ops, List<String> keys) {
        if (n.isObject()) {
            if (n.has("op")) {
                ops.add(n.get("op").asText());
            }
            JsonNode key = n.get("key");
            if (key != null && key.isTextual() && key.asText().endsWith(".arrow")) {
                keys.add(key.asText());
            }
            n.properties().forEach(e -> walk(e.getValue(), ops, keys));
        } else if (n.isArray()) {
            n.forEach(c -> walk(c, ops, keys));
        }
    }

    boolean runs(String op) {
        return operators.contains(op);
    }

    /** "stage/task" of this attempt. */
    String task() {
        return stageId + "/" + taskId;
    }
}
