package io.updraft.planner.resolved.plan;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.sql.types.BooleanType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code left JOIN right ON condition} (condition null: every pair matches). Output: left then right columns,
 * the outer side(s) made nullable; LEFT SEMI / LEFT ANTI output the left columns only. USING and NATURAL joins
 * are a Project over this node after analysis.
 */
public record JoinNode(ResolvedPlan left, ResolvedPlan right, JoinType joinType, ResolvedExpression condition,
                       JoinHint hint) implements ResolvedPlan {
    public JoinNode {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
        Objects.requireNonNull(joinType, "joinType is null");
        Objects.requireNonNull(hint, "hint is null");
        if (condition != null && !(condition.dataType() instanceof BooleanType)) {
            throw new IllegalArgumentException("join condition must be boolean, was " + condition.dataType());
        }
    }

    public JoinNode(ResolvedPlan left, ResolvedPlan right, JoinType joinType, ResolvedExpression condition) {
        this(left, right, joinType, condition, JoinHint.NONE);
    }

    public JoinNode withCondition(ResolvedExpression newCondition) {
        return new JoinNode(left, right, joinType, newCondition, hint);
    }

    public JoinNode withHint(JoinHint newHint) {
        return new JoinNode(left, right, joinType, condition, newHint);
    }

    @Override
    public List<AttributeReference> output() {
        List<AttributeReference> out = new ArrayList<>();
        boolean leftNullable = joinType == JoinType.RIGHT_OUTER || joinType == JoinType.FULL_OUTER;
        boolean rightNullable = joinType == JoinType.LEFT_OUTER || joinType == JoinType.FULL_OUTER;
        for (AttributeReference a : left.output()) {
            out.add(leftNullable ? a.withNullability(true) : a);
        }
        if (!joinType.outputsRight()) {
            return out;
        }
        for (AttributeReference a : right.output()) {
            out.add(rightNullable ? a.withNullability(true) : a);
        }
        return out;
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of(left, right);
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return new JoinNode(children.get(0), children.get(1), joinType, condition, hint);
    }
}
