package io.updraft.core.plan;

import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/** Leaf carrying data in the spec itself: Arrow IPC stream bytes, base64, one entry per producing task. */
public record InlineBatches(StructType schema, List<String> arrowIpcBase64) implements Operator {
    public InlineBatches {
        Objects.requireNonNull(schema, "schema is null");
        arrowIpcBase64 = List.copyOf(arrowIpcBase64);
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
