package io.updraft.core.plan;

import io.updraft.sql.types.StructType;

import java.util.List;

/**
 * Placeholder leaf for the output of an earlier stage {@code stageId}, whose root is a {@link ShuffleWrite}. Before
 * dispatching a task, the coordinator replaces it with a {@link ShuffleRead} of {@code schema} over the committed
 * map outputs of that stage, in map-task order:
 * <ul>
 *   <li>{@code broadcast == false}: task t of this stage reads partition t of every map output (the producer wrote
 *   as many partitions as this stage has tasks);</li>
 *   <li>{@code broadcast == true}: every task of this stage reads partition 0 of every map output (the producer
 *   wrote a single partition: the build side of a broadcast join).</li>
 * </ul>
 * (Local mode may substitute equivalent {@link InlineBatches}.) Never reaches a worker.
 */
public record StageInput(int stageId, StructType schema, boolean broadcast) implements Operator {
    /** A partition-wise (not broadcast) input. */
    public StageInput(int stageId, StructType schema) {
        this(stageId, schema, false);
    }

    @Override
    public List<Operator> children() {
        return List.of();
    }

    @Override
    public Operator withChildren(List<Operator> children) {
        return Operator.leaf(children, this);
    }
}
