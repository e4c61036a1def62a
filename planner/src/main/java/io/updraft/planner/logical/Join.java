package io.updraft.planner.logical;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.expr.Expression;

import java.util.List;
import java.util.Objects;

/**
 * {@code left JOIN right}. Exactly one way of matching rows is used: {@code condition} (ON; null for none, e.g.
 * a cross join), {@code usingColumns} (USING / {@code Dataset.join(right, usingColumns, type)}: equality on the
 * named columns, which appear once in the output, first, as Spark), or {@code natural} (USING every column name
 * both sides share). Output: left columns then right columns (LEFT SEMI/ANTI: left columns only).
 */
public record Join(LogicalPlan left, LogicalPlan right, JoinType joinType, Expression condition,
                   List<String> usingColumns, boolean natural) implements LogicalPlan {
    public Join {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
        Objects.requireNonNull(joinType, "joinType is null");
        usingColumns = List.copyOf(usingColumns);
        if (natural && (!usingColumns.isEmpty() || condition != null)
                || !usingColumns.isEmpty() && condition != null) {
            throw new IllegalArgumentException("a join has either an ON condition, USING columns or NATURAL");
        }
    }

    /** {@code left.join(right, condition, joinType)}; condition may be null. */
    public static Join on(LogicalPlan left, LogicalPlan right, JoinType joinType, Expression condition) {
        return new Join(left, right, joinType, condition, List.of(), false);
    }

    /** {@code left.join(right, usingColumns, joinType)}. */
    public static Join using(LogicalPlan left, LogicalPlan right, JoinType joinType, List<String> usingColumns) {
        return new Join(left, right, joinType, null, usingColumns, false);
    }

    /** {@code left.crossJoin(right)}. */
    public static Join cross(LogicalPlan left, LogicalPlan right) {
        return new Join(left, right, JoinType.CROSS, null, List.of(), false);
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of(left, right);
    }
}
