package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/** The first {@code limit} rows in the order of {@code keys} (stable: ties keep input order); Sort + Limit. */
public record TopN(Operator child, List<SortKey> keys, long limit) implements Operator {
    public TopN {
        Objects.requireNonNull(child, "child is null");
        keys = List.copyOf(keys);
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
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
    public TopN withChildren(List<Operator> children) {
        return new TopN(Operator.onlyChild(children, this), keys, limit);
    }
}
