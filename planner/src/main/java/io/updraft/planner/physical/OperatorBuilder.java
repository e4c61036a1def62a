package io.updraft.planner.physical;

import io.updraft.planner.resolved.plan.GenerateNode;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.Exchange;
import io.updraft.core.plan.Expand;
import io.updraft.core.plan.Generate;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.MapPartitions;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.TopN;
import io.updraft.core.plan.Union;
import io.updraft.core.plan.Window;
import io.updraft.core.plan.WindowCall;
import io.updraft.planner.explain.Display;
import io.updraft.planner.explain.OperatorDisplays;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.expr.WindowExpression;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the core operators {@link PhysicalPlanner} decides on: binds the analyzer's expressions to the ordinals of
 * each operator's input ({@link ExpressionBinder}) and records every operator's {@link OperatorInfo} (output
 * attributes, partitioning, explain's display, stage step). One per planning run; not thread-safe.
 */
final class OperatorBuilder {
    private final Map<Operator, OperatorInfo> info = new IdentityHashMap<>();

    PhysicalPlan plan(Operator root) {
        return new PhysicalPlan(root, info);
    }

    List<AttributeReference> output(Operator op) {
        return info(op).output();
    }

    PhysicalPartitioning partitioning(Operator op) {
        return info(op).partitioning();
    }

    private OperatorInfo info(Operator op) {
        OperatorInfo i = info.get(op);
        if (i == null) {
            throw new IllegalStateException("operator built outside this planning run: " + op.getClass().getSimpleName());
        }
        return i;
    }

    private <T extends Operator> T add(T op, List<AttributeReference> output, PhysicalPartitioning partitioning,
                                       Display display, String step) {
        info.put(op, new OperatorInfo(output, partitioning, display, step));
        return op;
    }

    /**
     * Reads {@code output} from the source's files; one split per file (the coordinator splits further), files
     * pruned by their partition values ({@link FileScans}).
     */
    Operator scan(FileSource source, String relationName, List<AttributeReference> output,
                  List<ResolvedExpression> pushedFilters) {
        ExpressionBinder binder = new ExpressionBinder(output);
        Expr pruning = pushedFilters.isEmpty() ? null : binder.bind(Expressions.and(pushedFilters));
        return add(FileScans.build(source, output, pushedFilters, pruning, null), output, PhysicalPartitioning.UNKNOWN,
                OperatorDisplays.scan(relationName, source, output, pushedFilters), "scan " + relationName);
    }

    Operator filter(Operator child, ResolvedExpression condition) {
        List<AttributeReference> input = output(child);
        return add(new Filter(child, new ExpressionBinder(input).bind(condition)), input, partitioning(child),
                OperatorDisplays.filter(input, condition), "filter");
    }

    Operator project(Operator child, List<NamedExpression> projectList) {
        List<AttributeReference> input = output(child);
        Project op = new Project(child, new ExpressionBinder(input).bindAll(projectList),
                projectList.stream().map(NamedExpression::name).toList());
        return add(op, projectList.stream().map(NamedExpression::toAttribute).toList(), partitioning(child),
                OperatorDisplays.project(input, projectList), "project");
    }

    /**
     * Hash aggregation in one mode. Output: the grouping keys, then {@code resultAttributes}: the partial state
     * columns of every aggregate (PARTIAL, layout of {@link AggregateCall#stateTypes()}) or one result per aggregate
     * (FINAL, COMPLETE). In FINAL mode the keys are the partial output's key attributes and aggregate arguments are
     * not read.
     */
    Operator aggregate(Operator child, AggregateMode mode, List<NamedExpression> groupingKeys,
                       List<AggregateFunctionExpression> aggregates, List<AttributeReference> resultAttributes) {
        List<AttributeReference> input = output(child);
        ExpressionBinder binder = new ExpressionBinder(input);
        List<String> names = new ArrayList<>();
        groupingKeys.forEach(k -> names.add(k.name()));
        List<Expr> groupBy = new ArrayList<>();
        List<AggregateCall> calls = new ArrayList<>();
        if (mode == AggregateMode.FINAL) {
            int keys = groupingKeys.size();
            for (int i = 0; i < keys; i++) {
                AttributeReference key = input.get(i);
                groupBy.add(new ColumnRef(i, key.dataType(), key.nullable()));
            }
            int offset = keys;
            for (AggregateFunctionExpression f : aggregates) {
                Expr argument = countsRows(f) ? null : new ColumnRef(offset, f.argument().dataType(), true);
                Expr second = f.secondArgument() == null ? null
                        : new ColumnRef(offset + 1, f.secondArgument().dataType(), true);
                calls.add(new AggregateCall(f.function(), argument, false, f.dataType(), f.ignoreNulls(), f.relativeSD(),
                        second, f.percentiles(), f.userAggregate()));
                offset += stateTypes(f).size();
            }
        } else {
            for (NamedExpression k : groupingKeys) {
                groupBy.add(binder.bind(k));
            }
            for (AggregateFunctionExpression f : aggregates) {
                Expr argument = countsRows(f) ? null : binder.bind(f.argument());
                Expr second = f.secondArgument() == null ? null : binder.bind(f.secondArgument());
                calls.add(new AggregateCall(f.function(), argument, false, f.dataType(), f.ignoreNulls(), f.relativeSD(),
                        second, f.percentiles(), f.userAggregate()));
            }
        }
        for (int i = 0; i < aggregates.size(); i++) {
            names.add(mode == AggregateMode.PARTIAL ? ExpressionPrinter.pretty(aggregates.get(i))
                    : resultAttributes.get(i).name());
        }
        List<AttributeReference> output = new ArrayList<>();
        groupingKeys.forEach(k -> output.add(k.toAttribute()));
        output.addAll(resultAttributes);
        String step = switch (mode) {
            case PARTIAL -> "partial aggregate";
            case FINAL -> "final aggregate";
            case COMPLETE -> "aggregate";
        };
        return add(new HashAggregate(child, groupBy, calls, mode, names), output, partitioning(child),
                OperatorDisplays.aggregate(input, mode, groupingKeys, aggregates, resultAttributes, output), step);
    }

    /** A global sort (its input is gathered or range-partitioned on the same order). */
    Operator sort(Operator child, List<SortOrder> order) {
        return sort(child, order, true);
    }

    /** A sort of each task's rows; {@code global} when the input makes it a global one (explain's flag). */
    Operator sort(Operator child, List<SortOrder> order, boolean global) {
        List<AttributeReference> input = output(child);
        return add(new Sort(child, sortKeys(order, new ExpressionBinder(input))), input, partitioning(child),
                OperatorDisplays.sort(input, order, global), "sort");
    }

    /** {@code global}: the final top-N after the gather; otherwise a per-task one before it. */
    Operator topN(Operator child, List<SortOrder> order, long limit, boolean global) {
        List<AttributeReference> input = output(child);
        return add(new TopN(child, sortKeys(order, new ExpressionBinder(input)), limit), input, partitioning(child),
                OperatorDisplays.topN(input, order, limit, global), "top " + limit + (global ? "" : " per task"));
    }

    Operator limit(Operator child, long limit, long offset, boolean global) {
        List<AttributeReference> input = output(child);
        return add(new Limit(child, limit, offset), input, partitioning(child),
                OperatorDisplays.limit(input, limit, offset, global),
                global ? "limit " + limit : "limit " + limit + " per task");
    }

    /**
     * A stage boundary: the child's stage ends in a shuffle write with {@code partitioning}, the parent's stage
     * reads it ({@code broadcast}: a single partition every reading task reads whole).
     */
    Operator exchange(Operator child, PhysicalPartitioning partitioning, boolean broadcast) {
        List<AttributeReference> input = output(child);
        ExpressionBinder binder = new ExpressionBinder(input);
        int n = partitioning.partitionCount();
        Partitioning bound = switch (partitioning) {
            case PhysicalPartitioning.Single s -> new Partitioning.Single();
            case PhysicalPartitioning.RoundRobin r -> new Partitioning.RoundRobin();
            case PhysicalPartitioning.Hash h -> new Partitioning.Hash(binder.bindAll(h.keys()));
            case PhysicalPartitioning.Range r -> {
                List<SortKey> keys = sortKeys(r.order(), binder);
                List<List<Literal>> placeholders = new ArrayList<>();
                for (int i = 0; i < n - 1; i++) {
                    placeholders.add(keys.stream().map(k -> Literal.nullOf(k.expr().dataType())).toList());
                }
                yield new Partitioning.Range(keys, placeholders);
            }
            case PhysicalPartitioning.Unknown u -> throw new IllegalArgumentException("exchange without partitioning");
            case PhysicalPartitioning.Collection c -> throw new IllegalArgumentException("exchange into a collection");
        };
        return add(new Exchange(child, bound, n, broadcast), input, partitioning,
                OperatorDisplays.exchange(input, partitioning.explain(), broadcast), null);
    }

    Operator gather(Operator child) {
        return exchange(child, PhysicalPartitioning.SINGLE, false);
    }

    Operator broadcast(Operator child) {
        return exchange(child, PhysicalPartitioning.SINGLE, true);
    }

    /** How a join's inputs were distributed; names the join in explain and in stage descriptions. */
    enum JoinStrategy {
        BROADCAST_HASH("BroadcastHashJoin", "broadcast hash join"),
        SHUFFLED_HASH("ShuffledHashJoin", "shuffled hash join"),
        BROADCAST_NESTED_LOOP("BroadcastNestedLoopJoin", "broadcast nested loop join"),
        /** Both sides gathered into one task: FULL OUTER without keys. */
        SINGLE_NESTED_LOOP("BroadcastNestedLoopJoin", "nested loop join");

        final String sparkName;
        final String step;

        JoinStrategy(String sparkName, String step) {
            this.sparkName = sparkName;
            this.step = step;
        }
    }

    /**
     * A join as core's {@link Join} runs it: equi-join keys (hash join; {@code nullSafe[i]} for {@code <=>}), a
     * residual {@code condition} (nullable) bound to the left columns then the right ones, the {@code build} side
     * held in memory; no keys: a nested loop join.
     */
    Operator join(Operator left, Operator right, JoinType type, List<ResolvedExpression> leftKeys,
                  List<ResolvedExpression> rightKeys, List<Boolean> nullSafe, ResolvedExpression condition,
                  BuildSide build, JoinStrategy strategy, PhysicalPartitioning partitioning) {
        List<AttributeReference> leftOutput = output(left);
        List<AttributeReference> rightOutput = output(right);
        List<AttributeReference> both = new ArrayList<>(leftOutput);
        both.addAll(rightOutput);
        Expr boundCondition = condition == null ? null : new ExpressionBinder(both).bind(condition);
        Join op = new Join(left, right, type, new ExpressionBinder(leftOutput).bindAll(leftKeys),
                new ExpressionBinder(rightOutput).bindAll(rightKeys), boundCondition, build, nullSafe);
        List<AttributeReference> output = new ArrayList<>();
        boolean leftNullable = type == JoinType.RIGHT_OUTER || type == JoinType.FULL_OUTER;
        boolean rightNullable = type == JoinType.LEFT_OUTER || type == JoinType.FULL_OUTER;
        leftOutput.forEach(a -> output.add(leftNullable ? a.withNullability(true) : a));
        if (type.outputsRight()) {
            rightOutput.forEach(a -> output.add(rightNullable ? a.withNullability(true) : a));
        }
        return add(op, output, partitioning,
                OperatorDisplays.join(strategy.sparkName, type, leftKeys, rightKeys, condition, build), strategy.step);
    }

    Operator union(List<Operator> children, PhysicalPartitioning partitioning) {
        List<AttributeReference> first = output(children.get(0));
        List<AttributeReference> output = new ArrayList<>();
        for (int i = 0; i < first.size(); i++) {
            boolean nullable = false;
            for (Operator c : children) {
                nullable |= output(c).get(i).nullable();
            }
            output.add(first.get(i).withNullability(nullable));
        }
        return add(new Union(children), output, partitioning, OperatorDisplays.union(), "union");
    }

    /**
     * Window functions over partitions: each task holds whole partitions (the input is hash-partitioned on
     * {@code partitionSpec}, or gathered when there is none); the engine's Window sorts its input itself. Output:
     * the child's columns, then one per window expression.
     */
    Operator window(Operator child, List<AliasExpression> windowExpressions, List<ResolvedExpression> partitionSpec,
                    List<SortOrder> orderSpec) {
        List<AttributeReference> input = output(child);
        ExpressionBinder binder = new ExpressionBinder(input);
        List<WindowCall> calls = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (AliasExpression a : windowExpressions) {
            calls.add(WindowCalls.bind((WindowExpression) a.child(), binder));
            names.add(a.name());
        }
        Window op = new Window(child, binder.bindAll(partitionSpec), sortKeys(orderSpec, binder), calls, names);
        List<AttributeReference> output = new ArrayList<>(input);
        windowExpressions.forEach(w -> output.add(w.toAttribute()));
        return add(op, output, partitioning(child),
                OperatorDisplays.window(input, windowExpressions, partitionSpec, orderSpec), "window");
    }

    /**
     * Every input row once per projection (GROUPING SETS). Rows keep their task; a hash partitioning on columns the
     * projections may null out no longer holds.
     */
    Operator expand(Operator child, List<List<ResolvedExpression>> projections, List<AttributeReference> output) {
        List<AttributeReference> input = output(child);
        ExpressionBinder binder = new ExpressionBinder(input);
        Expand op = new Expand(child, projections.stream().map(binder::bindAll).toList(),
                output.stream().map(AttributeReference::name).toList());
        PhysicalPartitioning p = partitioning(child);
        PhysicalPartitioning partitioning = p instanceof PhysicalPartitioning.Single
                || p instanceof PhysicalPartitioning.Unknown ? p : new PhysicalPartitioning.RoundRobin(p.partitionCount());
        return add(op, output, partitioning, OperatorDisplays.expand(input, projections, output), "expand");
    }

    /** User code over the child's whole rows: new columns, so no partitioning by expressions survives it. */
    Operator mapPartitions(Operator child, List<AttributeReference> output, String function, String description) {
        List<AttributeReference> input = output(child);
        PhysicalPartitioning p = partitioning(child);
        PhysicalPartitioning partitioning = p instanceof PhysicalPartitioning.Single
                || p instanceof PhysicalPartitioning.Unknown ? p : new PhysicalPartitioning.RoundRobin(p.partitionCount());
        return add(new MapPartitions(child, schema(output), function, description), output, partitioning,
                OperatorDisplays.mapPartitions(description, input, output), description);
    }

    /**
     * A generator over the child's rows: the kept child columns by ordinal, then the generated ones. Rows stay in
     * their task, so the child's partitioning holds (as for a filter).
     */
    Operator generate(Operator child, GenerateNode g) {
        List<AttributeReference> input = output(child);
        ExpressionBinder binder = new ExpressionBinder(input);
        List<Integer> ordinals = new ArrayList<>();
        for (AttributeReference a : g.requiredChildOutput()) {
            ordinals.add(((ColumnRef) binder.bind(a)).index());
        }
        Generate op = new Generate(child, g.function(), binder.bind(g.argument()), g.outer(), ordinals,
                g.generatorOutput().stream().map(AttributeReference::name).toList());
        return add(op, g.output(), partitioning(child), OperatorDisplays.generate(input, g), "generate");
    }

    /** The session's rows, inline in the spec: one task reads them all. */
    Operator localRelation(List<AttributeReference> output, List<String> arrowIpcBase64) {
        return add(new InlineBatches(schema(output), arrowIpcBase64), output, PhysicalPartitioning.SINGLE,
                OperatorDisplays.localRelation(output), "local rows");
    }

    private static List<SortKey> sortKeys(List<SortOrder> order, ExpressionBinder binder) {
        List<SortKey> keys = new ArrayList<>();
        for (SortOrder o : order) {
            keys.add(new SortKey(binder.bind(o.child()), o.ascending(), o.nullsFirst()));
        }
        return keys;
    }

    /** count(*) and count(literal) count rows: no argument to evaluate. */
    private static boolean countsRows(AggregateFunctionExpression f) {
        return f.function() == AggregateFunction.COUNT
                && (f.argument() == null || f.argument() instanceof ConstantExpression c && c.value() != null);
    }

    /** The partial state layout of an aggregate, as core defines it for planner and engine alike. */
    static List<DataType> stateTypes(AggregateFunctionExpression f) {
        ColumnRef argument = f.argument() == null ? null : new ColumnRef(0, f.argument().dataType(), true);
        ColumnRef second = f.secondArgument() == null ? null : new ColumnRef(1, f.secondArgument().dataType(), true);
        return new AggregateCall(f.function(), argument, false, f.dataType(), f.ignoreNulls(), f.relativeSD(), second,
                f.percentiles(), f.userAggregate()).stateTypes();
    }

    static StructType schema(List<AttributeReference> attributes) {
        List<StructField> fields = new ArrayList<>();
        for (AttributeReference a : attributes) {
            fields.add(new StructField(a.name(), a.dataType(), a.nullable()));
        }
        return new StructType(fields);
    }
}
