package io.updraft.planner.physical;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateMode;
import io.updraft.planner.analysis.ExprIdGenerator;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;
import io.updraft.sql.types.DataType;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns an optimized plan into physical operators, inserting exchanges where rows from many tasks must
 * meet: partial aggregation per scan task then a final aggregation; per-task limit (or sort + limit for
 * top-N) then a global one; a global sort after a gather. Thread-safe; one id generator per call.
 */
public final class PhysicalPlanner {

    public PhysicalNode plan(ResolvedPlan optimized) {
        return new Run(new ExprIdGenerator(Plans.maxExpressionId(optimized) + 1)).plan(optimized);
    }

    private record Run(ExprIdGenerator ids) {

        PhysicalNode plan(ResolvedPlan node) {
            return switch (node) {
                case ScanNode s -> new ScanExec(s.source(), s.relationName(), s.output(), s.pushedFilters());
                case SubqueryAliasNode a -> plan(a.child());
                case FilterNode f -> new FilterExec(plan(f.child()), f.condition());
                case ProjectNode p -> new ProjectExec(plan(p.child()), p.projectList());
                case AggregateNode a -> aggregate(a);
                case SortNode s -> {
                    PhysicalNode child = plan(s.child());
                    yield new SortExec(child.distributed() ? new ExchangeExec(child) : child, s.order(), true);
                }
                case LimitNode l -> limit(l);
            };
        }

        private PhysicalNode limit(LimitNode l) {
            if (l.child() instanceof ProjectNode p && p.child() instanceof SortNode) {
                // Limit(Project(Sort)) = Project(Limit(Sort)): plan it as a top-N under the projection.
                return new ProjectExec(limit(new LimitNode(p.child(), l.limit(), l.offset())), p.projectList());
            }
            long perTask = l.limit() > Long.MAX_VALUE - l.offset() ? Long.MAX_VALUE : l.limit() + l.offset();
            if (l.child() instanceof SortNode s) {
                PhysicalNode input = plan(s.child());
                if (input.distributed()) {
                    PhysicalNode topN = new LimitExec(new SortExec(input, s.order(), false), perTask, 0, false);
                    return new LimitExec(new SortExec(new ExchangeExec(topN), s.order(), true), l.limit(), l.offset(), true);
                }
                return new LimitExec(new SortExec(input, s.order(), true), l.limit(), l.offset(), true);
            }
            PhysicalNode child = plan(l.child());
            if (child.distributed()) {
                return new LimitExec(new ExchangeExec(new LimitExec(child, perTask, 0, false)), l.limit(), l.offset(), true);
            }
            return new LimitExec(child, l.limit(), l.offset(), true);
        }

        private PhysicalNode aggregate(AggregateNode a) {
            PhysicalNode child = plan(a.child());
            List<NamedExpression> keys = new ArrayList<>();
            for (ResolvedExpression g : a.groupingExpressions()) {
                keys.add(g instanceof AttributeReference attribute ? attribute
                        : new AliasExpression(g, ExpressionPrinter.pretty(g), ids.next()));
            }
            List<AggregateFunctionExpression> functions = new ArrayList<>();
            for (NamedExpression n : a.aggregateExpressions()) {
                Expressions.anyMatch(n, e -> {
                    if (e instanceof AggregateFunctionExpression f
                            && functions.stream().noneMatch(x -> Expressions.semanticEquals(x, f))) {
                        functions.add(f);
                    }
                    return false;
                });
            }
            List<AttributeReference> results = new ArrayList<>();
            for (AggregateFunctionExpression f : functions) {
                results.add(new AttributeReference(ids.next(), ExpressionPrinter.pretty(f), List.of(), f.dataType(),
                        f.nullable()));
            }
            PhysicalNode aggregated;
            if (child.distributed()) {
                List<AttributeReference> state = new ArrayList<>();
                for (AggregateFunctionExpression f : functions) {
                    String name = ExpressionPrinter.pretty(f);
                    List<DataType> types = stateTypes(f);
                    for (int i = 0; i < types.size(); i++) {
                        state.add(new AttributeReference(ids.next(), name + "#" + i, List.of(), types.get(i), true));
                    }
                }
                HashAggregateExec partial = new HashAggregateExec(child, AggregateMode.PARTIAL, keys, functions, state);
                List<NamedExpression> keyAttributes = new ArrayList<>();
                keys.forEach(k -> keyAttributes.add(k.toAttribute()));
                aggregated = new HashAggregateExec(new ExchangeExec(partial), AggregateMode.FINAL, keyAttributes,
                        functions, results);
            } else {
                aggregated = new HashAggregateExec(child, AggregateMode.COMPLETE, keys, functions, results);
            }
            List<NamedExpression> projection = new ArrayList<>();
            for (NamedExpression n : a.aggregateExpressions()) {
                ResolvedExpression rewritten = Expressions.replace(n instanceof AliasExpression al ? al.child() : n, e -> {
                    if (e instanceof AggregateFunctionExpression f) {
                        for (int i = 0; i < functions.size(); i++) {
                            if (Expressions.semanticEquals(functions.get(i), f)) {
                                return results.get(i);
                            }
                        }
                    }
                    for (int i = 0; i < keys.size(); i++) {
                        if (Expressions.semanticEquals(a.groupingExpressions().get(i), e)) {
                            return keys.get(i).toAttribute();
                        }
                    }
                    return null;
                });
                if (rewritten instanceof AttributeReference r && r.id() == n.id()) {
                    projection.add(r);
                } else {
                    projection.add(new AliasExpression(rewritten, n.name(), n.id()));
                }
            }
            return new ProjectExec(aggregated, projection);
        }
    }

    /** The partial state layout of an aggregate, as core defines it for planner and engine alike. */
    static List<DataType> stateTypes(AggregateFunctionExpression f) {
        ColumnRef argument = f.argument() == null ? null : new ColumnRef(0, f.argument().dataType(), true);
        return new AggregateCall(f.function(), argument, false, f.dataType()).stateTypes();
    }
}
