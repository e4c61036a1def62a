package io.updraft.planner.logical;

import io.updraft.planner.expr.Expression;

import java.util.List;
import java.util.Objects;

/** SELECT list; may contain stars and aliases. */
public record Project(LogicalPlan child, List<Expression> projectList) implements LogicalPlan {
    public Project {
        Objects.requireNonNull(child, "child is null");
        projectList = List.copyOf(projectList);
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(child);
    }
}
