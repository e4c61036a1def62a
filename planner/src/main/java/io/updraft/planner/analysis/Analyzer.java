package io.updraft.planner.analysis;

import io.updraft.core.error.AnalysisException;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.ParquetRelation;
import io.updraft.planner.logical.ParquetSource;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StructField;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Spark's analyzer for our plans: resolves names (case-insensitive, qualified through subquery
 * aliases), expands stars, types expressions with Spark's coercion rules, checks aggregations, and
 * resolves ORDER BY / HAVING references the select list does not expose. Errors are
 * {@link AnalysisException}s with Spark's error classes. Thread-safe (each call has its own state);
 * expression ids restart at 0 for every call, so equal inputs give equal analyzed plans.
 */
public final class Analyzer {

    public ResolvedPlan analyze(LogicalPlan plan) {
        return new Run().resolve(plan);
    }

    private static final class Run {
        private final ExprIdGenerator ids = new ExprIdGenerator();
        private final ExpressionResolver resolver = new ExpressionResolver(ids);

        ResolvedPlan resolve(LogicalPlan plan) {
            return switch (plan) {
                case ParquetRelation r -> scan(r.source());
                case SubqueryAlias a -> {
                    ResolvedPlan child = resolve(a.child());
                    if (child instanceof ScanNode s && a.child() instanceof ParquetRelation) {
                        child = s.withRelationName(a.alias());
                    }
                    yield new SubqueryAliasNode(a.alias(), child);
                }
                case Project p -> project(resolve(p.child()), p.projectList());
                case Filter f -> filter(resolve(f.child()), f.condition());
                case Aggregate a -> aggregate(resolve(a.child()), a.groupingExpressions(), a.aggregateExpressions());
                case Sort s -> sort(resolve(s.child()), s.order());
                case Limit l -> new LimitNode(resolve(l.child()), l.limit(), l.offset());
            };
        }

        private ScanNode scan(ParquetSource source) {
            List<AttributeReference> output = new ArrayList<>();
            for (StructField f : source.schema().fields()) {
                output.add(new AttributeReference(ids.next(), f.name(), List.of(), f.dataType(), f.nullable()));
            }
            return new ScanNode(source, relationName(source), output, List.of());
        }

        /** The last path segment of the first path, without ".parquet": what explain calls the relation. */
        private static String relationName(ParquetSource source) {
            List<String> paths = source.displayPaths().isEmpty() ? source.files() : source.displayPaths();
            if (paths.isEmpty()) {
                return "parquet";
            }
            String p = paths.get(0);
            while (p.endsWith("/") && p.length() > 1) {
                p = p.substring(0, p.length() - 1);
            }
            String last = p.substring(p.lastIndexOf('/') + 1);
            return last.endsWith(".parquet") ? last.substring(0, last.length() - ".parquet".length()) : last;
        }

        private ResolvedPlan project(ResolvedPlan child, List<Expression> projectList) {
            List<NamedExpression> named = resolver.resolveNamedList(projectList, Scope.of(child.output()));
            if (named.stream().anyMatch(Expressions::containsAggregate)) {
                // select(sum(x)) without groupBy: a global aggregate, as Spark's GlobalAggregates rule.
                checkAggregateExpressions(named, List.of());
                return new AggregateNode(child, List.of(), named);
            }
            return new ProjectNode(child, named);
        }

        private ResolvedPlan filter(ResolvedPlan child, Expression condition) {
            if (child instanceof AggregateNode aggregate) {
                return having(aggregate, condition);
            }
            ResolvedExpression c = resolver.resolve(condition, Scope.of(child.output()));
            if (Expressions.containsAggregate(c)) {
                List<String> invalid = new ArrayList<>();
                Expressions.anyMatch(c, e -> {
                    if (e instanceof AggregateFunctionExpression) {
                        invalid.add(ExpressionPrinter.pretty(e));
                    }
                    return false;
                });
                throw AnalysisErrors.invalidWhereCondition(ExpressionPrinter.pretty(c), invalid);
            }
            return new FilterNode(child, booleanCondition(c));
        }

        private static ResolvedExpression booleanCondition(ResolvedExpression c) {
            if (c.dataType() instanceof BooleanType) {
                return c;
            }
            if (c.dataType() instanceof NullType) {
                return TypeCoercion.cast(c, DataTypes.BooleanType);
            }
            throw AnalysisErrors.filterNotBoolean(ExpressionPrinter.pretty(c), c.dataType());
        }

        /** HAVING: a filter over an aggregate may use aggregate calls and grouping columns of its input. */
        private ResolvedPlan having(AggregateNode aggregate, Expression condition) {
            try {
                ResolvedExpression c = resolver.resolve(condition, Scope.of(aggregate.output()));
                if (!Expressions.containsAggregate(c)) {
                    return new FilterNode(aggregate, booleanCondition(c));
                }
            } catch (AnalysisException e) {
                // Not expressible over the output alone: resolve against the aggregate's input below.
            }
            ResolvedExpression c = resolver.resolve(condition, new Scope(aggregate.child().output(), aggregate.output()));
            AggregateRewrite rewrite = new AggregateRewrite(aggregate, ids);
            ResolvedExpression rewritten = booleanCondition(rewrite.rewrite(c));
            FilterNode filter = new FilterNode(rewrite.result(), rewritten);
            return rewrite.addedColumns() ? new ProjectNode(filter, asNamed(aggregate.output())) : filter;
        }

        private ResolvedPlan aggregate(ResolvedPlan child, List<Expression> groupingExpressions,
                                       List<Expression> aggregateExpressions) {
            Scope scope = Scope.of(child.output());
            List<NamedExpression> named = resolver.resolveNamedList(aggregateExpressions, scope);
            List<ResolvedExpression> groupings = new ArrayList<>();
            for (Expression g : groupingExpressions) {
                ResolvedExpression r = groupByAlias(g, scope, named).orElseGet(() -> resolver.resolve(g, scope));
                if (Expressions.containsAggregate(r)) {
                    throw AnalysisErrors.groupByAggregate(ExpressionPrinter.pretty(r));
                }
                groupings.add(r);
            }
            checkAggregateExpressions(named, groupings);
            return new AggregateNode(child, groupings, named);
        }

        /** GROUP BY a select-list alias that is not an input column (spark.sql.groupByAliases). */
        private static Optional<ResolvedExpression> groupByAlias(Expression g, Scope scope, List<NamedExpression> named) {
            if (!(g instanceof UnresolvedAttribute a) || a.nameParts().size() != 1
                    || scope.tryResolve(a.nameParts()).isPresent()) {
                return Optional.empty();
            }
            for (NamedExpression n : named) {
                if (n instanceof AliasExpression alias && alias.name().equalsIgnoreCase(a.name())
                        && !Expressions.containsAggregate(alias.child())) {
                    return Optional.of(alias.child());
                }
            }
            return Optional.empty();
        }

        /** Every column read outside an aggregate call must be (part of) a grouping expression. */
        private static void checkAggregateExpressions(List<NamedExpression> named, List<ResolvedExpression> groupings) {
            for (NamedExpression n : named) {
                checkAggregateExpression(n, groupings);
            }
        }

        private static void checkAggregateExpression(ResolvedExpression e, List<ResolvedExpression> groupings) {
            if (e instanceof AggregateFunctionExpression
                    || groupings.stream().anyMatch(g -> Expressions.semanticEquals(g, e))) {
                return;
            }
            if (e instanceof AttributeReference a) {
                throw AnalysisErrors.missingAggregation(a.name());
            }
            for (ResolvedExpression child : e.children()) {
                checkAggregateExpression(child, groupings);
            }
        }

        private ResolvedPlan sort(ResolvedPlan child, List<SortOrderExpr> order) {
            AnalysisException first;
            try {
                List<SortOrder> resolved = resolveOrders(order, Scope.of(child.output()));
                if (resolved.stream().noneMatch(o -> Expressions.containsAggregate(o.child()))) {
                    return new SortNode(child, resolved);
                }
                first = AnalysisErrors.unsupported("aggregate functions in ORDER BY of a query without GROUP BY");
            } catch (AnalysisException e) {
                first = e;
            }
            try {
                Optional<ResolvedPlan> withMissing = sortWithMissingReferences(child, order);
                if (withMissing.isPresent()) {
                    return withMissing.get();
                }
            } catch (AnalysisException e) {
                // Report the error against the sort's own input, as Spark does.
            }
            throw first;
        }

        private List<SortOrder> resolveOrders(List<SortOrderExpr> order, Scope scope) {
            List<SortOrder> out = new ArrayList<>();
            for (SortOrderExpr o : order) {
                out.add(new SortOrder(resolver.resolve(o.child(), scope), o.ascending(), o.nullsFirst()));
            }
            return out;
        }

        /**
         * ORDER BY a column the select list drops, or an aggregate it does not show (Spark's
         * ResolveMissingReferences): the column is added below the sort and projected away above it.
         */
        private Optional<ResolvedPlan> sortWithMissingReferences(ResolvedPlan child, List<SortOrderExpr> order) {
            List<FilterNode> filters = new ArrayList<>();
            ResolvedPlan target = child;
            while (target instanceof FilterNode f) {
                filters.add(f);
                target = f.child();
            }
            if (target instanceof ProjectNode p) {
                List<SortOrder> resolved = resolveOrders(order, new Scope(p.output(), p.child().output()));
                if (resolved.stream().anyMatch(o -> Expressions.containsAggregate(o.child()))) {
                    return Optional.empty();
                }
                Set<Long> exposed = new HashSet<>();
                p.output().forEach(a -> exposed.add(a.id()));
                List<NamedExpression> list = new ArrayList<>(p.projectList());
                for (SortOrder o : resolved) {
                    for (Map.Entry<Long, AttributeReference> ref : Expressions.references(o.child()).entrySet()) {
                        if (exposed.add(ref.getKey())) {
                            list.add(ref.getValue());
                        }
                    }
                }
                ResolvedPlan rebuilt = rebuildFilters(filters, new ProjectNode(p.child(), list));
                return Optional.of(new ProjectNode(new SortNode(rebuilt, resolved), asNamed(child.output())));
            }
            if (target instanceof AggregateNode a) {
                List<SortOrder> resolved = resolveOrders(order, new Scope(a.child().output(), a.output()));
                AggregateRewrite rewrite = new AggregateRewrite(a, ids);
                List<SortOrder> rewritten = resolved.stream().map(o -> o.withChild(rewrite.rewrite(o.child()))).toList();
                ResolvedPlan rebuilt = rebuildFilters(filters, rewrite.result());
                SortNode sort = new SortNode(rebuilt, rewritten);
                return Optional.of(rewrite.addedColumns() ? new ProjectNode(sort, asNamed(child.output())) : sort);
            }
            return Optional.empty();
        }

        private static ResolvedPlan rebuildFilters(List<FilterNode> filtersTopDown, ResolvedPlan bottom) {
            ResolvedPlan current = bottom;
            for (int i = filtersTopDown.size() - 1; i >= 0; i--) {
                current = new FilterNode(current, filtersTopDown.get(i).condition());
            }
            return current;
        }

        private static List<NamedExpression> asNamed(List<AttributeReference> attributes) {
            return new ArrayList<>(attributes);
        }
    }
}
