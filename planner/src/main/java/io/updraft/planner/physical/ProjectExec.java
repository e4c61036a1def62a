package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.NamedExpression;

import java.util.List;
import java.util.Objects;

/** Computes one output column per named expression. */
public record ProjectExec(PhysicalNode child, List<NamedExpression> projectList) implements PhysicalNode {
    public ProjectExec {
        Objects.requireNonNull(child, "child is null");
        projectList = List.copyOf(projectList);
    }

    @Override
    public List<AttributeReference> output() {
        return projectList.stream().map(NamedExpression::toAttribute).toList();
    }

    @Override
    public List<PhysicalNode> children() {
        return List.of(child);
    }

    @Override
    public PhysicalPartitioning partitioning() {
        return child.partitioning();
    }
}
