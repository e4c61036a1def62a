package io.updraft.planner.optimizer;

import io.updraft.planner.analysis.Analyzer;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.resolved.plan.ResolvedPlan;

/** Analyzes a logical plan so a single rule can be applied to it. */
final class RuleTestSupport {
    private RuleTestSupport() {
    }

    static ResolvedPlan analyze(LogicalPlan plan) {
        return new EliminateSubqueryAliases().apply(new Analyzer().analyze(plan));
    }
}
