package io.updraft.core.task;

import io.updraft.core.plan.Operator;

import java.util.Map;
import java.util.Objects;

/**
 * Everything a worker needs to run one task attempt: identity, the operator pipeline and settings.
 * Encoded as JSON by {@link TaskCodec} on every dispatch, local mode included.
 */
public record TaskSpec(String jobId, int stageId, int taskId, int attempt, Operator plan, Map<String, String> config) {
    public TaskSpec {
        Objects.requireNonNull(jobId, "jobId is null");
        Objects.requireNonNull(plan, "plan is null");
        config = Map.copyOf(config);
    }
}
