package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/** Sorts all input rows by the keys (stable). */
public record Sort(Operator child, List<SortKey> keys) implements Operator {
    public Sort {
        Objects.requireNonNull(child, "child is null");
        keys = List.copyOf(keys);
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
    public Sort withChildren(List<Operator> children) {
        return new Sort(Operator.onlyChild(children, this), keys);
    }
}
