package io.updraft.planner.logical;

import java.util.List;
import java.util.Objects;

/** Leaf: a Parquet source. */
public record FileRelation(FileSource source) implements LogicalPlan {
    public FileRelation {
        Objects.requireNonNull(source, "source is null");
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of();
    }
}
