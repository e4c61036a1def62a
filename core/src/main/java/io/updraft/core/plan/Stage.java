package io.updraft.core.plan;

import java.util.List;
import java.util.Objects;

/**
 * One stage of a job: an operator pipeline run by one or more tasks.
 * <ul>
 *   <li>Tasks: a stage whose pipeline has a {@link FileScan} leaf gets one task per split; otherwise one task per
 *   partition of its non-broadcast {@link StageInput}s (they all read producers whose {@link ShuffleWrite} has the
 *   same {@code numPartitions}); a stage with neither runs one task.</li>
 *   <li>Output: a stage whose root is a {@link ShuffleWrite} is a map stage (its tasks return shuffle object keys);
 *   any other stage returns rows. The job's last stage gives the result: its task outputs, in task order.</li>
 *   <li>{@code inputStages}: the stages this one waits for (its StageInputs' stages, and {@code rangeBoundsStage}).</li>
 *   <li>{@code rangeBoundsStage} (-1 = none): this stage's root is a {@link ShuffleWrite} with
 *   {@link Partitioning.Range} partitioning whose {@code upperBounds} are placeholders (null literals). Stage
 *   {@code rangeBoundsStage} returns sample rows of the sort keys (one column per key, in key order); before
 *   dispatching this stage the coordinator sorts those rows by the range's {@link SortKey}s and replaces the bounds
 *   with the rows at positions {@code i * count / numPartitions} for i = 1 .. numPartitions - 1 (no rows: keep the
 *   placeholders, which still sort correctly, only unevenly).</li>
 * </ul>
 */
public record Stage(int stageId, Operator root, List<Integer> inputStages, String description, int rangeBoundsStage) {
    public Stage {
        Objects.requireNonNull(root, "root is null");
        inputStages = List.copyOf(inputStages);
    }

    /** A stage without range bounds to fill in. */
    public Stage(int stageId, Operator root, List<Integer> inputStages, String description) {
        this(stageId, root, inputStages, description, -1);
    }
}
