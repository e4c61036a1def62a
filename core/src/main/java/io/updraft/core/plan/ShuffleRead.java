package io.updraft.core.plan;

import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * Leaf reading shuffle blocks (one per committed map task; empty blocks allowed) from the store named
 * by the task setting {@code updraft.shuffle.root}, yielding their batches. A broadcast is a
 * single-partition shuffle whose blocks every consumer task reads.
 */
public record ShuffleRead(StructType schema, List<ShuffleBlock> blocks) implements Operator {
    public ShuffleRead {
        Objects.requireNonNull(schema, "schema is null");
        blocks = List.copyOf(blocks);
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
