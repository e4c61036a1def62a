package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/** Skips {@code offset} rows, then passes at most {@code limit} rows and stops pulling its input. */
public record Limit(Operator child, long limit, long offset) implements Operator {
    public Limit {
        Objects.requireNonNull(child, "child is null");
        if (limit < 0 || offset < 0) {
            throw new IllegalArgumentException("limit and offset must be >= 0, were " + limit + ", " + offset);
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
    public Limit withChildren(List<Operator> children) {
        return new Limit(Operator.onlyChild(children, this), limit, offset);
    }
}
