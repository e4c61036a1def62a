package io.updraft.core.plan;

import java.util.List;
import java.util.Objects;

/**
 * One stage of a job: an operator pipeline run by one or more tasks. A stage whose pipeline has a
 * {@link ParquetScan} leaf gets one task per split; otherwise it runs {@code parallelism} tasks over
 * the outputs of {@code inputStages} (referenced by {@link StageInput} leaves).
 */
public record Stage(int stageId, Operator root, List<Integer> inputStages, String description) {
    public Stage {
        Objects.requireNonNull(root, "root is null");
        inputStages = List.copyOf(inputStages);
    }
}
