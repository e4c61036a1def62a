package io.updraft.planner.physical;

import io.updraft.core.plan.Operator;
import io.updraft.planner.explain.Display;
import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link PhysicalPlanner} produces: a tree of core {@link Operator}s, expressions bound to ordinals, with a
 * {@link io.updraft.core.plan.Exchange} at every stage boundary ({@link StageBuilder} cuts there), and the planner's
 * {@link OperatorInfo} of every operator in it, keyed by identity (equal operators in two places of a tree are two
 * entries). Immutable.
 */
public record PhysicalPlan(Operator root, Map<Operator, OperatorInfo> info) {
    public PhysicalPlan {
        Objects.requireNonNull(root, "root is null");
        info = Collections.unmodifiableMap(new IdentityHashMap<>(info));
    }

    /** The planner's data of {@code op}, an operator of this plan. */
    public OperatorInfo info(Operator op) {
        OperatorInfo i = info.get(op);
        if (i == null) {
            throw new IllegalArgumentException("not an operator of this plan: " + op.getClass().getSimpleName());
        }
        return i;
    }

    public Display display(Operator op) {
        return info(op).display();
    }

    /** The root's output attributes (the query's columns). */
    public List<AttributeReference> output() {
        return info(root).output();
    }
}
