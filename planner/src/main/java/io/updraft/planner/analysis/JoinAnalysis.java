package io.updraft.planner.analysis;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.logical.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.NullType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Joins as Spark's analyzer resolves them: an ON condition sees both sides' columns (a name on both sides is
 * ambiguous unless qualified); USING and NATURAL joins become equality conditions plus a projection that
 * outputs each key once, first (the left key; the right key for RIGHT OUTER; coalesce of both for FULL OUTER),
 * then the other left columns, then the other right columns. A CROSS join with a condition is an inner join.
 */
final class JoinAnalysis {
    private JoinAnalysis() {
    }

    static ResolvedPlan join(Analyzer.Run run, Join join) {
        ResolvedPlan left = run.resolve(join.left());
        ResolvedPlan right = run.resolve(join.right());
        JoinType type = join.joinType();
        if (join.natural() || !join.usingColumns().isEmpty()) {
            return usingJoin(run, left, right, type, join.natural() ? commonNames(left, right) : join.usingColumns());
        }
        if (join.condition() == null) {
            return new JoinNode(left, right, type, null);
        }
        List<AttributeReference> both = new ArrayList<>(left.output());
        both.addAll(right.output());
        ResolvedExpression condition = run.resolver.resolve(join.condition(), run.scope(both));
        String sql = ExpressionPrinter.pretty(condition);
        if (Expressions.containsAggregate(condition) || Expressions.containsWindow(condition)) {
            throw AnalysisErrors.unsupported("aggregate or window functions in a join condition (" + sql + ")");
        }
        if (Expressions.containsSubquery(condition)) {
            throw AnalysisErrors.unsupported("subqueries in a join condition (" + sql + ")");
        }
        if (condition.dataType() instanceof NullType) {
            condition = TypeCoercion.cast(condition, io.updraft.sql.types.DataTypes.BooleanType);
        } else if (!(condition.dataType() instanceof BooleanType)) {
            throw AnalysisErrors.joinConditionNotBoolean(sql, condition.dataType());
        }
        return new JoinNode(left, right, type == JoinType.CROSS ? JoinType.INNER : type, condition);
    }

    /** NATURAL join keys: the left's column names that the right also has, in left order. */
    private static List<String> commonNames(ResolvedPlan left, ResolvedPlan right) {
        Set<String> rightNames = new HashSet<>();
        right.output().forEach(a -> rightNames.add(a.name().toLowerCase(Locale.ROOT)));
        List<String> out = new ArrayList<>();
        for (AttributeReference a : left.output()) {
            String n = a.name().toLowerCase(Locale.ROOT);
            if (rightNames.contains(n) && out.stream().noneMatch(o -> o.equalsIgnoreCase(n))) {
                out.add(a.name());
            }
        }
        return out;
    }

    private static ResolvedPlan usingJoin(Analyzer.Run run, ResolvedPlan left, ResolvedPlan right, JoinType type,
                                          List<String> names) {
        List<AttributeReference> leftKeys = new ArrayList<>();
        List<AttributeReference> rightKeys = new ArrayList<>();
        ResolvedExpression condition = null;
        for (String name : names) {
            AttributeReference l = keyColumn(name, left, "left");
            AttributeReference r = keyColumn(name, right, "right");
            leftKeys.add(l);
            rightKeys.add(r);
            ResolvedExpression eq = TypeCoercion.comparison(CompareOp.EQUAL, l, r);
            condition = condition == null ? eq : new AndExpression(condition, eq);
        }
        JoinType joinType = type == JoinType.CROSS ? JoinType.INNER : type;
        JoinNode join = new JoinNode(left, right, joinType, condition);
        Map<Long, AttributeReference> joined = new HashMap<>();
        join.output().forEach(a -> joined.put(a.id(), a));
        // Left-side attributes as the join outputs them (nullable on the outer side), right ones likewise.
        List<AttributeReference> joinedLeft = left.output().stream().map(a -> joined.getOrDefault(a.id(), a)).toList();
        List<AttributeReference> joinedRight = right.output().stream().map(a -> joined.getOrDefault(a.id(), a)).toList();
        List<NamedExpression> list = new ArrayList<>();
        Set<Long> keyIds = new HashSet<>();
        for (int i = 0; i < names.size(); i++) {
            AttributeReference l = joined.getOrDefault(leftKeys.get(i).id(), leftKeys.get(i));
            AttributeReference r = joined.getOrDefault(rightKeys.get(i).id(), rightKeys.get(i));
            keyIds.add(l.id());
            keyIds.add(r.id());
            switch (joinType) {
                case RIGHT_OUTER -> list.add(r);
                case FULL_OUTER -> {
                    ResolvedExpression coalesce = FunctionRegistry.scalar("coalesce", List.of(l, r),
                            "coalesce(" + l.name() + ", " + r.name() + ")");
                    list.add(new AliasExpression(coalesce, l.name(), run.ids.next()));
                }
                default -> list.add(l);
            }
        }
        joinedLeft.stream().filter(a -> !keyIds.contains(a.id())).forEach(list::add);
        if (joinType.outputsRight()) {
            joinedRight.stream().filter(a -> !keyIds.contains(a.id())).forEach(list::add);
        }
        return new ProjectNode(join, list);
    }

    private static AttributeReference keyColumn(String name, ResolvedPlan side, String sideName) {
        return Scope.of(side.output()).tryResolve(List.of(name))
                .orElseThrow(() -> AnalysisErrors.usingColumnNotFound(name, sideName, side.output()));
    }
}
