package io.updraft.planner.resolved.plan;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.NamedExpression;

import java.util.List;
import java.util.Objects;

/** Computes one output column per named expression (attributes pass through, aliases compute). */
public record ProjectNode(ResolvedPlan child, List<NamedExpression> projectList) implements ResolvedPlan {
    public ProjectNode {
        Objects.requireNonNull(child, "child is null");
        projectList = List.copyOf(projectList);
    }

    @Override
    public List<AttributeReference> output() {
        return projectList.stream().map(NamedExpression::toAttribute).toList();
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(child);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new ProjectNode(children.get(0), projectList);
    }
}
