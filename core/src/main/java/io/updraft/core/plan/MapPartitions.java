package io.updraft.core.plan;

import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * Runs a typed operation's user code over the child's rows: {@code function} is a serialized
 * {@code io.updraft.core.typed.PartitionFunction} ({@code UserCode}, base64), producing rows of {@code schema}.
 * {@code description} names it in explain and stage text (as Spark's {@code MapPartitions}, {@code MapElements}).
 */
public record MapPartitions(Operator child, StructType schema, String function, String description)
        implements Operator {
    public MapPartitions {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(schema, "schema is null");
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(description, "description is null");
    }

    @Override
    public List<Operator> children() {
        return List.of(child);
    }

    @Override
    public MapPartitions withChildren(List<Operator> children) {
        return new MapPartitions(Operator.onlyChild(children, this), schema, function, description);
    }
}
