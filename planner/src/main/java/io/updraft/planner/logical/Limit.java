package io.updraft.planner.logical;

import java.util.List;
import java.util.Objects;

/** LIMIT n [OFFSET m]. */
public record Limit(LogicalPlan child, long limit, long offset) implements LogicalPlan {
    public Limit {
        Objects.requireNonNull(child, "child is null");
        if (limit < 0 || offset < 0) {
            throw new IllegalArgumentException("limit and offset must be >= 0, were " + limit + ", " + offset);
        }
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
