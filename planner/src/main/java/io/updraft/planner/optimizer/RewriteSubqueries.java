package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.planner.analysis.AnalysisErrors;
import io.updraft.planner.analysis.ExprIdGenerator;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.CaseWhenExpression;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExistsExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.InSubqueryExpression;
import io.updraft.planner.resolved.expr.IsNotNullExpression;
import io.updraft.planner.resolved.expr.IsNullExpression;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.NotExpression;
import io.updraft.planner.resolved.expr.OrExpression;
import io.updraft.planner.resolved.expr.OuterReference;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarSubqueryExpression;
import io.updraft.planner.resolved.expr.SubqueryExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.FreshIds;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Subquery decorrelation (Spark's RewritePredicateSubquery + RewriteCorrelatedScalarSubquery): subqueries become
 * joins, with their correlated predicates pulled up into the join condition ({@link SubqueryDecorrelation}).
 * <ul>
 *   <li>a WHERE/HAVING conjunct {@code EXISTS (q)} → LEFT SEMI join; {@code NOT EXISTS} → LEFT ANTI;</li>
 *   <li>{@code v IN (q)} → LEFT SEMI join on {@code v = q.col};</li>
 *   <li>{@code v NOT IN (q)}, null-aware: uncorrelated with one column → a LEFT ANTI hash join on
 *   {@code v = q.col} over a cross join with {@code count(*), count(col)} of q, keeping a row only when q is empty
 *   or (v is not null and q has no null); otherwise a LEFT ANTI join on {@code (v = c) OR isnull(v = c)}; when
 *   neither v nor q.col can be null, a plain LEFT ANTI join on {@code v = c} (it is NOT EXISTS then);</li>
 *   <li>a scalar subquery anywhere in a filter or projection → LEFT OUTER join with q (correlated: q's aggregate
 *   grouped by the correlated columns); when q's aggregate is not null over no rows (count), the value for
 *   unmatched rows is that constant (the "count bug").</li>
 * </ul>
 * EXISTS / IN anywhere else (a select list, under OR, inside an aggregate function's argument) become Spark's
 * existence join as comparisons of correlated counts ({@link Run#existenceAsScalars}), rewritten as scalar subqueries.
 */
public final class RewriteSubqueries implements OptimizerRule {
    @Override
    public ResolvedPlan apply(ResolvedPlan plan) {
        if (!Plans.anyExpression(plan, x -> x instanceof SubqueryExpression)) {
            return plan;
        }
        return new Run(new ExprIdGenerator(Plans.maxExpressionId(plan) + 1)).rewrite(plan);
    }

    private record Run(ExprIdGenerator ids) {
        ResolvedPlan rewrite(ResolvedPlan plan) {
            return Plans.transformUp(plan, node -> {
                if (Plans.expressions(node).stream().noneMatch(Expressions::containsSubquery)) {
                    return node;
                }
                return switch (node) {
                    case FilterNode f -> filter(f);
                    case ProjectNode p -> project(p);
                    case AggregateNode a -> aggregate(a);
                    default -> throw AnalysisErrors.unsupported("subqueries in "
                            + node.getClass().getSimpleName().replace("Node", "") + " operators");
                };
            });
        }

        private ResolvedPlan filter(FilterNode f) {
            // Conjuncts without subqueries stay directly above the input (next to the joins they may belong to);
            // the subquery joins go on top of them.
            List<ResolvedExpression> plain = new ArrayList<>();
            List<ResolvedExpression> withSubquery = new ArrayList<>();
            for (ResolvedExpression c : Expressions.conjuncts(f.condition())) {
                (Expressions.containsSubquery(c) ? withSubquery : plain).add(c);
            }
            ResolvedPlan current = plain.isEmpty() ? f.child() : new FilterNode(f.child(), Expressions.and(plain));
            List<ResolvedExpression> remaining = new ArrayList<>();
            for (ResolvedExpression c : withSubquery) {
                switch (c) {
                    case ExistsExpression e -> current = semiOrAnti(current, e.plan(), List.of(), JoinType.LEFT_SEMI);
                    case NotExpression n when n.child() instanceof ExistsExpression e ->
                            current = semiOrAnti(current, e.plan(), List.of(), JoinType.LEFT_ANTI);
                    case InSubqueryExpression in -> current = semiOrAnti(current, in.plan(), in.values(),
                            JoinType.LEFT_SEMI);
                    case NotExpression n when n.child() instanceof InSubqueryExpression in ->
                            current = notIn(current, in);
                    default -> {
                        ResolvedPlan[] input = {current};
                        ResolvedExpression replaced = replaceScalarSubqueries(existenceAsScalars(c), input);
                        current = input[0];
                        remaining.add(replaced);
                    }
                }
            }
            ResolvedPlan result = remaining.isEmpty() ? current : new FilterNode(current, Expressions.and(remaining));
            return sameOutput(result, f.child());
        }

        private ResolvedPlan project(ProjectNode p) {
            ResolvedPlan[] input = {p.child()};
            List<NamedExpression> list = new ArrayList<>();
            for (NamedExpression n : p.projectList()) {
                if (n instanceof AliasExpression alias && Expressions.containsSubquery(alias.child())) {
                    list.add(new AliasExpression(replaceScalarSubqueries(existenceAsScalars(alias.child()), input),
                            alias.name(), alias.id()));
                } else {
                    list.add(n);
                }
            }
            return new ProjectNode(input[0], list);
        }

        /**
         * An aggregate whose aggregate-function arguments hold subqueries ({@code sum(CASE WHEN EXISTS (...) ...)}):
         * each such argument is computed by a projection below the aggregate (rewritten like any projection) and
         * read back as a column, as Spark evaluates it. Subqueries elsewhere in an aggregate are not supported.
         */
        private ResolvedPlan aggregate(AggregateNode a) {
            for (ResolvedExpression g : a.groupingExpressions()) {
                if (Expressions.containsSubquery(g)) {
                    throw AnalysisErrors.unsupported("subqueries in GROUP BY (" + ExpressionPrinter.pretty(g) + ")");
                }
            }
            List<NamedExpression> below = new ArrayList<>(a.child().output());
            List<NamedExpression> outputs = new ArrayList<>();
            for (NamedExpression n : a.aggregateExpressions()) {
                NamedExpression replaced = (NamedExpression) Expressions.replace(n, x -> {
                    if (!(x instanceof AggregateFunctionExpression f) || !Expressions.containsSubquery(f)) {
                        return null;
                    }
                    List<ResolvedExpression> children = new ArrayList<>();
                    for (ResolvedExpression child : f.children()) {
                        if (Expressions.containsSubquery(child)) {
                            AliasExpression computed = new AliasExpression(child, "subqueryValue", ids.next());
                            below.add(computed);
                            children.add(computed.toAttribute());
                        } else {
                            children.add(child);
                        }
                    }
                    return f.withChildren(children);
                });
                if (Expressions.containsSubquery(replaced)) {
                    throw AnalysisErrors.unsupported("subqueries in an aggregate's output outside an aggregate"
                            + " function (" + ExpressionPrinter.pretty(n) + ")");
                }
                outputs.add(replaced);
            }
            ResolvedPlan input = project(new ProjectNode(a.child(), below));
            return new AggregateNode(input, a.groupingExpressions(), outputs);
        }

        /**
         * Spark's existence join (RewritePredicateSubquery for EXISTS / IN that are not top-level conjuncts), with the
         * scalar-subquery machinery: every outer row keeps exactly one row (a LEFT OUTER join with a count grouped by
         * the correlation keys, 0 for unmatched rows) and gets a boolean that is never null, as Spark's
         * {@code exists} column:
         * <ul>
         *   <li>{@code EXISTS (q)} → {@code (SELECT count(1) FROM q) > 0};</li>
         *   <li>{@code v IN (SELECT c FROM q)} → {@code (SELECT count(1) FROM q WHERE c = v) > 0} (false, not null,
         *   when nothing matches, as Spark);</li>
         *   <li>{@code NOT (v IN (q))} → not exists with Spark's null-aware condition {@code c = v OR isnull(c = v)}:
         *   when neither side can be null that is {@code NOT EXISTS (q WHERE c = v)}; otherwise (one column,
         *   uncorrelated q) {@code no match AND (q is empty OR (v IS NOT NULL AND q has no null))}, the emptiness and
         *   nulls read from one status subquery over a copy of q. A correlated q with a nullable side, or several
         *   nullable columns, is not supported there.</li>
         * </ul>
         */
        private ResolvedExpression existenceAsScalars(ResolvedExpression e) {
            return Expressions.replace(e, x -> switch (x) {
                case ExistsExpression ex -> positive(countOf(ex.plan()));
                case NotExpression n when n.child() instanceof InSubqueryExpression in -> notInAsScalars(in);
                case InSubqueryExpression in -> positive(countOf(matching(in)));
                default -> null;
            });
        }

        /** q filtered on {@code c_i = v_i} for every value, the values read as outer columns (a correlation). */
        private static ResolvedPlan matching(InSubqueryExpression in) {
            List<ResolvedExpression> equalities = new ArrayList<>();
            for (int i = 0; i < in.values().size(); i++) {
                ResolvedExpression outerValue = Expressions.transformUp(in.values().get(i),
                        x -> x instanceof AttributeReference r ? new OuterReference(r) : x);
                equalities.add(new ComparisonExpression(CompareOp.EQUAL, in.plan().output().get(i), outerValue));
            }
            return new FilterNode(in.plan(), Expressions.and(equalities));
        }

        private ResolvedExpression notInAsScalars(InSubqueryExpression in) {
            ResolvedExpression notMatched = new NotExpression(positive(countOf(matching(in))));
            if (neverNull(in.values(), in.plan().output())) {
                return notMatched;
            }
            if (in.values().size() != 1 || SubqueryDecorrelation.hasOuterReference(in.plan())) {
                throw AnalysisErrors.unsupported("NOT IN subqueries over nullable values with several columns or"
                        + " correlated, outside a WHERE or HAVING conjunct (" + ExpressionPrinter.pretty(in) + ")");
            }
            ResolvedExpression value = in.values().get(0);
            // status: 0 = no rows, 1 = rows without null, 2 = rows with a null; over a copy of q with its own ids.
            ResolvedPlan copy = FreshIds.copy(in.plan(), ids::next);
            AttributeReference copyColumn = copy.output().get(0);
            AliasExpression rows = new AliasExpression(new AggregateFunctionExpression(AggregateFunction.COUNT, null,
                    false, DataTypes.LongType), "count(1)", ids.next());
            AliasExpression nonNull = new AliasExpression(new AggregateFunctionExpression(AggregateFunction.COUNT,
                    copyColumn, false, DataTypes.LongType), "count(" + copyColumn.name() + ")", ids.next());
            AggregateNode counts = new AggregateNode(copy, List.of(), List.of(rows, nonNull));
            ResolvedExpression code = new CaseWhenExpression(
                    List.of(new ComparisonExpression(CompareOp.EQUAL, rows.toAttribute(), longConstant(0)),
                            new ComparisonExpression(CompareOp.LESS_THAN, nonNull.toAttribute(), rows.toAttribute())),
                    List.of(intConstant(0), intConstant(2)), intConstant(1), DataTypes.IntegerType);
            ProjectNode status = new ProjectNode(counts, List.of(new AliasExpression(code, "status", ids.next())));
            // One object read twice: replaceScalarSubqueries joins it once.
            ResolvedExpression statusValue = new ScalarSubqueryExpression(status);
            ResolvedExpression kept = new OrExpression(
                    new ComparisonExpression(CompareOp.EQUAL, statusValue, intConstant(0)),
                    new AndExpression(new IsNotNullExpression(value),
                            new ComparisonExpression(CompareOp.EQUAL, statusValue, intConstant(1))));
            return new AndExpression(notMatched, kept);
        }

        /** {@code (SELECT count(1) FROM plan)} as a scalar subquery. */
        private ResolvedExpression countOf(ResolvedPlan plan) {
            AliasExpression rows = new AliasExpression(new AggregateFunctionExpression(AggregateFunction.COUNT, null,
                    false, DataTypes.LongType), "count(1)", ids.next());
            return new ScalarSubqueryExpression(new AggregateNode(plan, List.of(), List.of(rows)));
        }

        private static ResolvedExpression positive(ResolvedExpression count) {
            return new ComparisonExpression(CompareOp.GREATER_THAN, count, longConstant(0));
        }

        private static ConstantExpression intConstant(int v) {
            return ConstantExpression.of(DataTypes.IntegerType, v);
        }

        private static ConstantExpression longConstant(long v) {
            return ConstantExpression.of(DataTypes.LongType, v);
        }

        /** A projection back onto {@code original}'s columns when joins added some. */
        private static ResolvedPlan sameOutput(ResolvedPlan result, ResolvedPlan original) {
            List<AttributeReference> want = original.output();
            List<AttributeReference> have = result.output();
            if (have.size() == want.size()) {
                return result;
            }
            return new ProjectNode(result, new ArrayList<>(want));
        }

        /** The subquery's own subqueries rewritten, then its correlated predicates pulled up. */
        private SubqueryDecorrelation.Decorrelated prepare(ResolvedPlan subquery) {
            return SubqueryDecorrelation.pullUp(rewrite(subquery));
        }

        private ResolvedPlan semiOrAnti(ResolvedPlan outer, ResolvedPlan subquery, List<ResolvedExpression> values,
                                        JoinType type) {
            SubqueryDecorrelation.Decorrelated d = prepare(subquery);
            List<ResolvedExpression> conditions = new ArrayList<>();
            List<AttributeReference> columns = d.plan().output();
            for (int i = 0; i < values.size(); i++) {
                conditions.add(new ComparisonExpression(CompareOp.EQUAL, values.get(i), columns.get(i)));
            }
            conditions.addAll(d.predicates());
            return new JoinNode(outer, d.plan(), type, conditions.isEmpty() ? null : Expressions.and(conditions));
        }

        private ResolvedPlan notIn(ResolvedPlan outer, InSubqueryExpression in) {
            SubqueryDecorrelation.Decorrelated d = prepare(in.plan());
            List<AttributeReference> columns = d.plan().output();
            // When no side can be null, v = c is never unknown: NOT IN is NOT EXISTS (a plain anti join on v = c).
            boolean neverNull = neverNull(in.values(), columns);
            if (!neverNull && in.values().size() == 1 && d.predicates().isEmpty()) {
                return nullAwareAntiJoin(outer, in.values().get(0), d.plan(), columns.get(0));
            }
            List<ResolvedExpression> conditions = new ArrayList<>();
            for (int i = 0; i < in.values().size(); i++) {
                ResolvedExpression eq = new ComparisonExpression(CompareOp.EQUAL, in.values().get(i), columns.get(i));
                conditions.add(neverNull ? eq : new OrExpression(eq, new IsNullExpression(eq)));
            }
            conditions.addAll(d.predicates());
            return new JoinNode(outer, d.plan(), JoinType.LEFT_ANTI, Expressions.and(conditions));
        }

        private static boolean neverNull(List<ResolvedExpression> values, List<AttributeReference> columns) {
            for (int i = 0; i < values.size(); i++) {
                if (values.get(i).nullable() || columns.get(i).nullable()) {
                    return false;
                }
            }
            return true;
        }

        /**
         * {@code v NOT IN (SELECT c FROM q)}: keep a row when q is empty, or when v is not null, q has no null and no
         * c equals v. Planned as a hash anti join on v = c under a filter on q's row and non-null counts.
         */
        private ResolvedPlan nullAwareAntiJoin(ResolvedPlan outer, ResolvedExpression value, ResolvedPlan subquery,
                                               AttributeReference column) {
            AliasExpression rows = new AliasExpression(new AggregateFunctionExpression(AggregateFunction.COUNT, null,
                    false, DataTypes.LongType), "count(1)", ids.next());
            AliasExpression nonNull = new AliasExpression(new AggregateFunctionExpression(AggregateFunction.COUNT,
                    column, false, DataTypes.LongType), "count(" + column.name() + ")", ids.next());
            AggregateNode counts = new AggregateNode(subquery, List.of(), List.of(rows, nonNull));
            JoinNode withCounts = new JoinNode(outer, counts, JoinType.CROSS, null);
            // The subquery is read twice: the second copy gets ids of its own (no two operators produce one id).
            ResolvedPlan copy = FreshIds.copy(subquery, ids::next);
            AttributeReference copyColumn = copy.output().get(subquery.output().indexOf(column));
            JoinNode anti = new JoinNode(withCounts, copy, JoinType.LEFT_ANTI,
                    new ComparisonExpression(CompareOp.EQUAL, value, copyColumn));
            ResolvedExpression empty = new ComparisonExpression(CompareOp.EQUAL, rows.toAttribute(),
                    ConstantExpression.of(DataTypes.LongType, 0L));
            ResolvedExpression noNulls = new AndExpression(new IsNotNullExpression(value),
                    new ComparisonExpression(CompareOp.EQUAL, rows.toAttribute(), nonNull.toAttribute()));
            FilterNode kept = new FilterNode(anti, new OrExpression(empty, noNulls));
            return new ProjectNode(kept, new ArrayList<>(outer.output()));
        }

        /** Replaces each scalar subquery in {@code e} by a column of a LEFT OUTER join added above input[0]. */
        private ResolvedExpression replaceScalarSubqueries(ResolvedExpression e, ResolvedPlan[] input) {
            // The same subquery object read twice in e (existenceAsScalars' status) is joined once.
            java.util.Map<ScalarSubqueryExpression, ResolvedExpression> joined = new java.util.IdentityHashMap<>();
            return Expressions.replace(e, x -> {
                if (!(x instanceof ScalarSubqueryExpression s)) {
                    return null;
                }
                ResolvedExpression seen = joined.get(s);
                if (seen != null) {
                    return seen;
                }
                ResolvedExpression value = scalarJoin(s, input);
                joined.put(s, value);
                return value;
            });
        }

        private ResolvedExpression scalarJoin(ScalarSubqueryExpression s, ResolvedPlan[] input) {
            SubqueryDecorrelation.Decorrelated d = prepare(s.plan());
            ResolvedPlan sub = d.plan();
            ResolvedExpression value = sub.output().get(0);
            Optional<ConstantExpression> emptyValue = d.predicates().isEmpty() ? Optional.empty() : emptyValue(sub);
            if (emptyValue.isPresent()) {
                // The count bug: unmatched rows get the aggregate's value over no rows, not null.
                AliasExpression marker = new AliasExpression(ConstantExpression.of(DataTypes.BooleanType, true),
                        "alwaysTrue", ids.next());
                sub = withMarker(sub, marker);
                value = new CaseWhenExpression(List.of(new IsNullExpression(marker.toAttribute())),
                        List.of(emptyValue.get()), value, value.dataType());
            }
            input[0] = new JoinNode(input[0], sub, JoinType.LEFT_OUTER,
                    d.predicates().isEmpty() ? null : Expressions.and(d.predicates()));
            return value;
        }

        /** Adds the marker column to the subquery's aggregate (and the projection above it, if any). */
        private static ResolvedPlan withMarker(ResolvedPlan sub, AliasExpression marker) {
            if (sub instanceof AggregateNode a) {
                List<NamedExpression> out = new ArrayList<>(a.aggregateExpressions());
                out.add(marker);
                return new AggregateNode(a.child(), a.groupingExpressions(), out);
            }
            ProjectNode p = (ProjectNode) sub;
            List<NamedExpression> list = new ArrayList<>(p.projectList());
            list.add(marker.toAttribute());
            return new ProjectNode(withMarker(p.child(), marker), list);
        }

        /**
         * The subquery's value over no input rows when it is a non-null constant: aggregates evaluated on empty
         * input (count → 0, others null) and folded. Empty when null or not computable.
         */
        private static Optional<ConstantExpression> emptyValue(ResolvedPlan sub) {
            AggregateNode aggregate;
            ResolvedExpression value;
            if (sub instanceof AggregateNode a) {
                aggregate = a;
                value = a.aggregateExpressions().get(0);
            } else if (sub instanceof ProjectNode p && p.child() instanceof AggregateNode a) {
                aggregate = a;
                value = Expressions.substitute(Expressions.stripAlias(p.projectList().get(0)), aliasMap(a));
            } else {
                return Optional.empty();
            }
            ResolvedExpression overNothing = Expressions.replace(Expressions.stripAlias(value), x -> {
                if (x instanceof AggregateFunctionExpression f) {
                    return ConstantExpression.of(f.dataType(), f.function() == AggregateFunction.COUNT ? 0L : null);
                }
                return null;
            });
            if (Expressions.references(overNothing).size() > 0) {
                return Optional.empty();
            }
            ResolvedExpression folded = ConstantFolding.fold(overNothing);
            return folded instanceof ConstantExpression c && c.value() != null ? Optional.of(c) : Optional.empty();
        }

        private static java.util.Map<Long, ResolvedExpression> aliasMap(AggregateNode a) {
            java.util.Map<Long, ResolvedExpression> map = new java.util.HashMap<>();
            for (NamedExpression n : a.aggregateExpressions()) {
                map.put(n.id(), Expressions.stripAlias(n));
            }
            return map;
        }
    }
}
