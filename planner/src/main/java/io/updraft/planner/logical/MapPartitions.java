package io.updraft.planner.logical;

import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * A typed operation (Dataset {@code map}, {@code filter(FilterFunction)}, {@code groupByKey} steps, ...): user code
 * over the child's whole rows. {@code function} is the serialized {@code io.updraft.core.typed.PartitionFunction}
 * (opaque to the planner), {@code schema} its output, {@code description} its explain text (Spark's node name).
 */
public record MapPartitions(LogicalPlan child, StructType schema, String function, String description)
        implements LogicalPlan {
    public MapPartitions {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(schema, "schema is null");
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(description, "description is null");
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
