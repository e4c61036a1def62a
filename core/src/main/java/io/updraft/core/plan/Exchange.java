package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * A stage boundary in a planned operator tree, between physical planning and stage cutting: the planner's stage
 * builder replaces it by a {@link ShuffleWrite} of {@code child} (the map stage's root) and a {@link StageInput}
 * in the reading stage. It never reaches a worker and has no JSON form. {@code broadcast}: written as one
 * partition that every task of the reading stage reads whole (the build side of a broadcast join); otherwise task
 * p of the reading stage reads partition p of every map output. A range partitioning carries placeholder bounds
 * (null literals) until the coordinator samples the real ones.
 */
public record Exchange(Operator child, Partitioning partitioning, int numPartitions, boolean broadcast)
        implements Operator {
    public Exchange {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(partitioning, "partitioning is null");
        new ShuffleWrite(child, partitioning, numPartitions); // the same checks as the write it becomes
        if (broadcast && !(partitioning instanceof Partitioning.Single)) {
            throw new IllegalArgumentException("a broadcast is written as a single partition");
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
    public Exchange withChildren(List<Operator> children) {
        return new Exchange(Operator.onlyChild(children, this), partitioning, numPartitions, broadcast);
    }
}
