package io.updraft.planner.analysis;

import io.updraft.core.error.AnalysisException;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.GroupingSets;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Coalesce;
import io.updraft.planner.logical.Deduplicate;
import io.updraft.planner.logical.Distinct;
import io.updraft.planner.logical.Except;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Hint;
import io.updraft.planner.logical.Intersect;
import io.updraft.planner.logical.Join;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.LocalRelation;
import io.updraft.planner.logical.MapPartitions;
import io.updraft.planner.logical.Repartition;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.logical.Union;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.GroupingExpression;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.expr.WindowExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.BroadcastHintNode;
import io.updraft.planner.resolved.plan.DeduplicateNode;
import io.updraft.planner.resolved.plan.DistinctNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.LocalRelationNode;
import io.updraft.planner.resolved.plan.MapPartitionsNode;
import io.updraft.planner.resolved.plan.RepartitionNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Spark's analyzer for our plans: resolves names (case-insensitive, qualified through subquery aliases,
 * correlated subqueries through outer scopes), expands stars, types expressions with Spark's coercion rules,
 * checks aggregations, extracts window functions into Window nodes, plans GROUPING SETS as an Expand, widens
 * set-operation columns, and resolves ORDER BY / HAVING references the select list does not expose. Errors are
 * {@link AnalysisException}s with Spark's error classes. Thread-safe (each call has its own state); expression
 * ids restart at 0 for every call, so equal inputs give equal analyzed plans.
 */
public final class Analyzer {
    private final UserFunctions userFunctions;

    public Analyzer() {
        this(UserFunctions.NONE);
    }

    /** An analyzer that resolves calls of the session's registered functions too. */
    public Analyzer(UserFunctions userFunctions) {
        this.userFunctions = java.util.Objects.requireNonNull(userFunctions, "userFunctions is null");
    }

    public ResolvedPlan analyze(LogicalPlan plan) {
        ResolvedPlan resolved = new Run(userFunctions).resolve(plan);
        checkNoPlaceholders(resolved);
        return resolved;
    }

    /** grouping()/grouping_id() survive only where no GROUPING SETS replaced them: a user error. */
    private static void checkNoPlaceholders(ResolvedPlan plan) {
        Plans.forEach(plan, node -> {
            for (ResolvedExpression e : Plans.expressions(node)) {
                Expressions.anyMatch(e, x -> {
                    if (x instanceof GroupingExpression g) {
                        throw AnalysisErrors.groupingWithoutGroupingSets(ExpressionPrinter.pretty(g));
                    }
                    if (x instanceof io.updraft.planner.resolved.expr.SubqueryExpression s) {
                        checkNoPlaceholders(s.plan());
                    }
                    return false;
                });
            }
        });
    }

    /** The state of one analysis: id generator and the scope of the enclosing query while in a subquery. */
    static final class Run {
        final ExprIdGenerator ids = new ExprIdGenerator();
        final ExpressionResolver resolver;
        private Scope outer;

        Run(UserFunctions userFunctions) {
            resolver = new ExpressionResolver(ids, this::resolveSubquery, userFunctions);
        }

        private ResolvedPlan resolveSubquery(LogicalPlan plan, Scope outerScope) {
            Scope saved = outer;
            outer = outerScope;
            try {
                return resolve(plan);
            } finally {
                outer = saved;
            }
        }

        /** A scope over {@code columns}, inside the current subquery's outer scope (if any). */
        Scope scope(List<AttributeReference> columns) {
            return new Scope(columns, List.of(), outer);
        }

        Scope scope(List<AttributeReference> primary, List<AttributeReference> fallback) {
            return new Scope(primary, fallback, outer);
        }

        ResolvedPlan resolve(LogicalPlan plan) {
            return switch (plan) {
                case FileRelation r -> scan(r.source());
                case SubqueryAlias a -> subqueryAlias(a);
                case Project p -> project(resolve(p.child()), p.projectList());
                case Filter f -> filter(resolve(f.child()), f.condition());
                case Aggregate a -> aggregate(resolve(a.child()), a.groupingExpressions(), a.aggregateExpressions());
                case Sort s when !s.global() -> localSort(resolve(s.child()), s.order());
                case Sort s -> sort(resolve(s.child()), s.order());
                case Limit l -> new LimitNode(resolve(l.child()), l.limit(), l.offset());
                case Join j -> JoinAnalysis.join(this, j);
                case Union u -> SetOperationAnalysis.union(this, u);
                case Intersect i -> SetOperationAnalysis.intersect(this, i);
                case Except e -> SetOperationAnalysis.except(this, e);
                case Distinct d -> new DistinctNode(MapGroupingKeys.checkNoMapColumns(resolve(d.child())));
                case Deduplicate d -> deduplicate(resolve(d.child()), d.columns());
                case Repartition r -> repartition(resolve(r.child()), r);
                case Coalesce c -> new RepartitionNode(resolve(c.child()), RepartitionNode.Kind.COALESCE,
                        c.numPartitions(), List.of());
                case Hint h -> h.isBroadcast() ? new BroadcastHintNode(resolve(h.child())) : resolve(h.child());
                case MapPartitions m -> new MapPartitionsNode(resolve(m.child()), attributes(m.schema()), m.function(),
                        m.description());
                case LocalRelation r -> new LocalRelationNode(attributes(r.schema()), r.arrowIpcBase64(), r.rowCount());
                case io.updraft.planner.logical.Generate g -> GeneratorAnalysis.lateralView(this, g);
            };
        }

        private ResolvedPlan subqueryAlias(SubqueryAlias a) {
            ResolvedPlan child = resolve(a.child());
            if (child instanceof ScanNode s && a.child() instanceof FileRelation) {
                child = s.withRelationName(a.alias());
            }
            if (!a.columnNames().isEmpty()) {
                List<AttributeReference> output = child.output();
                if (output.size() != a.columnNames().size()) {
                    throw AnalysisErrors.columnAliasCount(a.alias(), a.columnNames().size(), output.size());
                }
                List<NamedExpression> renamed = new ArrayList<>();
                for (int i = 0; i < output.size(); i++) {
                    renamed.add(new AliasExpression(output.get(i), a.columnNames().get(i), ids.next()));
                }
                child = new ProjectNode(child, renamed);
            }
            return new SubqueryAliasNode(a.alias(), child);
        }

        private ScanNode scan(FileSource source) {
            return new ScanNode(source, relationName(source), attributes(source.schema()), List.of());
        }

        /** Fresh attributes for the columns of {@code schema}. */
        private List<AttributeReference> attributes(StructType schema) {
            List<AttributeReference> output = new ArrayList<>();
            for (StructField f : schema.fieldList()) {
                output.add(new AttributeReference(ids.next(), f.name(), List.of(), f.dataType(), f.nullable()));
            }
            return output;
        }

        /** The last path segment of the first path, without ".parquet": what explain calls the relation. */
        private static String relationName(FileSource source) {
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
            if (GeneratorAnalysis.hasGenerator(projectList)) {
                return GeneratorAnalysis.overProject(this, child, projectList);
            }
            List<NamedExpression> named = resolver.resolveNamedList(projectList, scope(child.output()));
            if (named.stream().anyMatch(Expressions::containsGroupAggregate)) {
                // select(sum(x)) without groupBy: a global aggregate, as Spark's GlobalAggregates rule.
                return aggregateWithWindows(child, List.of(), named);
            }
            if (named.stream().anyMatch(Expressions::containsWindow)) {
                return WindowExtraction.overProject(child, named, ids);
            }
            return new ProjectNode(child, named);
        }

        private ResolvedPlan filter(ResolvedPlan child, Expression condition) {
            if (child instanceof AggregateNode aggregate) {
                return having(aggregate, condition);
            }
            ResolvedExpression c = resolver.resolve(condition, scope(child.output()));
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
            checkNoWindow(c, "WHERE");
            return new FilterNode(child, booleanCondition(c));
        }

        private static void checkNoWindow(ResolvedExpression e, String clause) {
            Expressions.anyMatch(e, x -> {
                if (x instanceof WindowExpression w) {
                    throw AnalysisErrors.windowInClause(clause, ExpressionPrinter.pretty(w));
                }
                return false;
            });
        }

        static ResolvedExpression booleanCondition(ResolvedExpression c) {
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
                ResolvedExpression c = resolver.resolve(condition, scope(aggregate.output()));
                if (!Expressions.containsAggregate(c)) {
                    checkNoWindow(c, "HAVING");
                    return new FilterNode(aggregate, booleanCondition(c));
                }
            } catch (AnalysisException e) {
                // Not expressible over the output alone: resolve against the aggregate's input below.
            }
            ResolvedExpression c = resolver.resolve(condition, scope(aggregate.output(), aggregate.child().output()));
            checkNoWindow(c, "HAVING");
            AggregateRewrite rewrite = new AggregateRewrite(aggregate, ids);
            ResolvedExpression rewritten = booleanCondition(rewrite.rewrite(c));
            FilterNode filter = new FilterNode(rewrite.result(), rewritten);
            return rewrite.addedColumns() ? new ProjectNode(filter, asNamed(aggregate.output())) : filter;
        }

        ResolvedPlan aggregate(ResolvedPlan child, List<Expression> groupingExpressions,
                               List<Expression> aggregateExpressions) {
            if (GeneratorAnalysis.hasGenerator(aggregateExpressions)) {
                return GeneratorAnalysis.overAggregate(this, child, groupingExpressions, aggregateExpressions);
            }
            if (groupingExpressions.stream().anyMatch(g -> g instanceof GroupingSets)) {
                return GroupingSetsAnalysis.aggregate(this, child, groupingExpressions, aggregateExpressions);
            }
            Scope scope = scope(child.output());
            List<NamedExpression> named = resolver.resolveNamedList(aggregateExpressions, scope);
            List<ResolvedExpression> groupings = resolveGroupings(groupingExpressions, scope, named);
            if (MapGroupingKeys.any(groupings)) {
                MapGroupingKeys.Rewritten sorted = MapGroupingKeys.rewrite(groupings, named, ids);
                return aggregateWithWindows(child, sorted.groupings(), sorted.outputs());
            }
            return aggregateWithWindows(child, groupings, named);
        }

        /** Resolves GROUP BY expressions (select-list aliases allowed); aggregates are not allowed. */
        List<ResolvedExpression> resolveGroupings(List<Expression> groupingExpressions, Scope scope,
                                                  List<NamedExpression> named) {
            List<ResolvedExpression> groupings = new ArrayList<>();
            for (Expression g : groupingExpressions) {
                ResolvedExpression r = groupByAlias(g, scope, named).orElseGet(() -> resolver.resolve(g, scope));
                if (Expressions.containsAggregate(r)) {
                    throw AnalysisErrors.groupByAggregate(ExpressionPrinter.pretty(r));
                }
                checkNoWindow(r, "GROUP BY");
                groupings.add(r);
            }
            return groupings;
        }

        /** An Aggregate; when the select list has window functions, Window nodes and a Project above it. */
        ResolvedPlan aggregateWithWindows(ResolvedPlan child, List<ResolvedExpression> groupings,
                                          List<NamedExpression> named) {
            if (named.stream().anyMatch(Expressions::containsWindow)) {
                return WindowExtraction.overAggregate(child, groupings, named, ids);
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
        static void checkAggregateExpressions(List<NamedExpression> named, List<ResolvedExpression> groupings) {
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

        /** sortWithinPartitions: the order over the child's own columns, each partition sorted where it is. */
        private ResolvedPlan localSort(ResolvedPlan child, List<SortOrderExpr> order) {
            List<SortOrder> resolved = resolveOrders(order, scope(child.output()));
            resolved.forEach(o -> checkNoWindow(o.child(), "ORDER BY"));
            return new SortNode(child, resolved, false);
        }

        private ResolvedPlan sort(ResolvedPlan child, List<SortOrderExpr> order) {
            AnalysisException first;
            try {
                List<SortOrder> resolved = resolveOrders(order, scope(child.output()));
                if (resolved.stream().noneMatch(o -> Expressions.containsAggregate(o.child()))) {
                    resolved.forEach(o -> checkNoWindow(o.child(), "ORDER BY"));
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

        List<SortOrder> resolveOrders(List<SortOrderExpr> order, Scope scope) {
            List<SortOrder> out = new ArrayList<>();
            for (SortOrderExpr o : order) {
                SortOrder sorted = new SortOrder(resolver.resolve(o.child(), scope), o.ascending(), o.nullsFirst());
                if (sorted.child().dataType().containsMap()) {
                    // Spark 4.2 (checked live): maps have no order
                    throw AnalysisErrors.dataTypeMismatch("INVALID_ORDERING_TYPE", ExpressionPrinter.pretty(
                            sorted.child()) + (o.ascending() ? " ASC" : " DESC") + (o.nullsFirst() ? " NULLS FIRST"
                            : " NULLS LAST"), "The `sortorder` does not support ordering on type "
                            + AnalysisErrors.quoteType(sorted.child().dataType()));
                }
                out.add(sorted);
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
                List<SortOrder> resolved = resolveOrders(order, scope(p.output(), p.child().output()));
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
                List<SortOrder> resolved = resolveOrders(order, scope(a.output(), a.child().output()));
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

        private ResolvedPlan deduplicate(ResolvedPlan child, List<String> columns) {
            if (columns.isEmpty()) {
                return new DeduplicateNode(child, child.output());
            }
            Scope scope = Scope.of(child.output());
            List<AttributeReference> keys = new ArrayList<>();
            for (String name : columns) {
                AttributeReference key = scope.resolve(List.of(name));
                if (keys.stream().noneMatch(k -> k.id() == key.id())) {
                    keys.add(key);
                }
            }
            return new DeduplicateNode(child, keys);
        }

        private ResolvedPlan repartition(ResolvedPlan child, Repartition r) {
            Scope scope = scope(child.output());
            List<SortOrder> keys = new ArrayList<>();
            for (Expression e : r.partitionExpressions()) {
                if (e instanceof SortOrderExpr o) {
                    keys.add(new SortOrder(resolver.resolve(o.child(), scope), o.ascending(), o.nullsFirst()));
                } else {
                    keys.add(new SortOrder(resolver.resolve(e, scope), true, true));
                }
            }
            RepartitionNode.Kind kind = r.byRange() ? RepartitionNode.Kind.RANGE
                    : keys.isEmpty() ? RepartitionNode.Kind.ROUND_ROBIN : RepartitionNode.Kind.HASH;
            return new RepartitionNode(child, kind, r.numPartitions(), keys);
        }

        static List<NamedExpression> asNamed(List<AttributeReference> attributes) {
            return new ArrayList<>(attributes);
        }
    }
}
