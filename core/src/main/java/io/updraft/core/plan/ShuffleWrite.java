package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * The root of a map task: partitions the child's rows into {@code numPartitions} partitions and writes
 * them as ONE shuffle object per task attempt (key {@code ShuffleKeys.mapOutput(job, stage, task,
 * attempt)} in the store named by the task setting {@code updraft.shuffle.root}). The task's result then
 * carries the object key and its partition index instead of rows. {@link #schema()} is the schema of the
 * rows written.
 */
public record ShuffleWrite(Operator child, Partitioning partitioning, int numPartitions) implements Operator {
    public ShuffleWrite {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(partitioning, "partitioning is null");
        if (numPartitions < 1) {
            throw new IllegalArgumentException("numPartitions must be >= 1, was " + numPartitions);
        }
        if (partitioning instanceof Partitioning.Single && numPartitions != 1) {
            throw new IllegalArgumentException("single partitioning has 1 partition, not " + numPartitions);
        }
        if (partitioning instanceof Partitioning.Range r && r.upperBounds().size() != numPartitions - 1) {
            throw new IllegalArgumentException("range partitioning into " + numPartitions + " partitions needs "
                    + (numPartitions - 1) + " upper bounds, got " + r.upperBounds().size());
        }
    }

    @Override
    @JsonIgnore
    public StructType schema() {
        return child.schema();
    }

    @Override
    public List<Operator> children() {
        return List.of(child);
    }

    @Override
    public ShuffleWrite withChildren(List<Operator> children) {
        return new ShuffleWrite(Operator.onlyChild(children, this), partitioning, numPartitions);
    }
}
