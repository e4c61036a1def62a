package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.List;

/** A projection that outputs exactly its input columns, in order, is removed ({@code select *}). */
public final class RemoveNoopProjects implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        return Plans.transformUp(plan, node -> {
            if (node instanceof ProjectNode p && isNoop(p)) {
                return p.child();
            }
            return node;
        });
    }

    private static boolean isNoop(ProjectNode p) {
        List<AttributeReference> input = p.child().output();
        List<NamedExpression> list = p.projectList();
        if (input.size() != list.size()) {
            return false;
        }
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof AttributeReference a) || a.id() != input.get(i).id()
                    || !a.name().equals(input.get(i).name())) {
                return false;
            }
        }
        return true;
    }
}
