package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.planner.analysis.ExprIdGenerator;
import io.updraft.core.plan.WindowFrame;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.expr.WindowExpression;
import io.updraft.planner.resolved.expr.WindowFunctionExpression;
import io.updraft.planner.resolved.expr.WindowFunctionKind;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.WindowNode;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;

/**
 * Building blocks shared by {@link ReplaceIntersect} and {@link ReplaceExcept}: null-safe row equality, DISTINCT
 * as an aggregate, and the "occurrence number" of a row among its duplicates (row_number over all columns)
 * with which the ALL variants keep the right number of copies without a generator operator. Stateless.
 */
final class SetOperationRewrites {
    private SetOperationRewrites() {
    }

    /** {@code l1 <=> r1 AND l2 <=> r2 ...} (null-safe: set operations treat nulls as equal). */
    static ResolvedExpression rowsEqual(List<AttributeReference> left, List<AttributeReference> right) {
        List<ResolvedExpression> conjuncts = new ArrayList<>();
        for (int i = 0; i < left.size(); i++) {
            conjuncts.add(new ComparisonExpression(CompareOp.EQUAL_NULL_SAFE, left.get(i), right.get(i)));
        }
        return Expressions.and(conjuncts);
    }

    static AggregateNode distinct(ResolvedPlan plan) {
        return new AggregateNode(plan, new ArrayList<>(plan.output()), new ArrayList<>(plan.output()));
    }

    /** The plan with one more column: the row's number among its equal rows (1, 2, ...). */
    static WindowNode withOccurrence(ResolvedPlan plan, ExprIdGenerator ids) {
        List<ResolvedExpression> partition = new ArrayList<>(plan.output());
        List<SortOrder> order = List.of(new SortOrder(plan.output().get(0), true, true));
        WindowExpression rowNumber = new WindowExpression(new WindowFunctionExpression(WindowFunctionKind.ROW_NUMBER,
                List.of(), DataTypes.IntegerType, false), partition, order,
                WindowFrame.rows(WindowFrame.UNBOUNDED_PRECEDING, WindowFrame.CURRENT_ROW));
        return new WindowNode(plan, List.of(new AliasExpression(rowNumber, "occurrence", ids.next())), partition, order);
    }

    /** Distinct rows of {@code plan} with how often each occurs (as an int, to compare with row_number). */
    static AggregateNode counted(ResolvedPlan plan, ExprIdGenerator ids) {
        List<NamedExpression> output = new ArrayList<>(plan.output());
        AggregateFunctionExpression count = new AggregateFunctionExpression(AggregateFunction.COUNT, null, false,
                DataTypes.LongType);
        output.add(new AliasExpression(count, "count", ids.next()));
        return new AggregateNode(plan, new ArrayList<>(plan.output()), output);
    }

    /** {@code occurrence <= count}, comparing as bigint. */
    static ResolvedExpression occurrenceWithin(AttributeReference occurrence, AttributeReference count) {
        return new ComparisonExpression(CompareOp.LESS_THAN_OR_EQUAL,
                io.updraft.planner.analysis.TypeCoercion.cast(occurrence, DataTypes.LongType), count);
    }

    /** The left rows (with occurrence numbers) that have (ANTI: have no) an equal right row occurring often enough. */
    static ResolvedPlan allJoin(ResolvedPlan left, ResolvedPlan right, JoinType type, ExprIdGenerator ids) {
        WindowNode numbered = withOccurrence(left, ids);
        AggregateNode counts = counted(right, ids);
        List<AttributeReference> countsOutput = counts.output();
        AttributeReference occurrence = numbered.output().get(numbered.output().size() - 1);
        AttributeReference count = countsOutput.get(countsOutput.size() - 1);
        ResolvedExpression condition = new io.updraft.planner.resolved.expr.AndExpression(
                rowsEqual(left.output(), countsOutput.subList(0, countsOutput.size() - 1)),
                occurrenceWithin(occurrence, count));
        JoinNode join = new JoinNode(numbered, counts, type, condition);
        return new io.updraft.planner.resolved.plan.ProjectNode(join, new ArrayList<>(left.output()));
    }
}
