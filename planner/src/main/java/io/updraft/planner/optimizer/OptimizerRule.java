package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.plan.ResolvedPlan;

/**
 * One rewrite of an analyzed plan. {@link #apply} returns the very same instance when the rule does not
 * fire, so the optimizer can detect a fixed point. Rules keep the plan's output (ids, names, order).
 * Implementations are stateless and thread-safe.
 */
public interface OptimizerRule {
    ResolvedPlan apply(ResolvedPlan plan);

    default String name() {
        return getClass().getSimpleName();
    }
}
