package io.updraft.planner.physical;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.Expand;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.ParquetScan;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.plan.TopN;
import io.updraft.core.plan.Union;
import io.updraft.core.plan.Window;
import io.updraft.core.plan.WindowCall;
import io.updraft.planner.logical.ParquetSource;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.planner.resolved.expr.WindowExpression;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cuts a physical plan into core {@link Stage}s at every {@link ExchangeExec} and binds expressions to ordinals.
 * The exchange's child becomes a map stage whose root is a {@link ShuffleWrite} (hash, round robin, single or range
 * partitioning); the reading stage gets a {@link StageInput} leaf (broadcast or partition-wise) the coordinator
 * turns into a {@link io.updraft.core.plan.ShuffleRead}. A range exchange also gets a sample stage (the same input,
 * the sort keys of at most {@value #SAMPLE_ROWS_PER_PARTITION} × partitions rows per task) from which the coordinator
 * computes the range bounds ({@link Stage#rangeBoundsStage()}). Stages come in dependency order; the last one
 * produces the result. A scan stage gets one {@link FileSplit} per file with all row groups: the coordinator splits
 * files further by row groups. Single use; not thread-safe.
 */
public final class StageBuilder {
    static final int SAMPLE_ROWS_PER_PARTITION = 20;
    private final List<Stage> stages = new ArrayList<>();
    private final Map<PhysicalNode, Integer> stageOfExchange = new IdentityHashMap<>();

    /** Builds the job; {@code resultSchema} is the analyzed plan's schema (names, types, nullability). */
    public static JobPlan build(PhysicalNode root, StructType resultSchema) {
        StageBuilder builder = new StageBuilder();
        builder.stage(root, -1);
        return new JobPlan(builder.stages, resultSchema);
    }

    /** Per-stage state while its pipeline is built. */
    private static final class Pipeline {
        final List<Integer> inputs = new ArrayList<>();
        final List<String> steps = new ArrayList<>();
    }

    private Stage stage(PhysicalNode root, int rangeBoundsStage) {
        Pipeline pipeline = new Pipeline();
        Operator op = operator(root, pipeline);
        return addStage(op, pipeline, rangeBoundsStage);
    }

    private Stage addStage(Operator root, Pipeline pipeline, int rangeBoundsStage) {
        checkTaskCount(root);
        List<Integer> inputs = new ArrayList<>(pipeline.inputs);
        if (rangeBoundsStage >= 0) {
            inputs.add(rangeBoundsStage);
        }
        Stage stage = new Stage(stages.size(), root, inputs.stream().distinct().sorted().toList(),
                String.join(" → ", pipeline.steps), rangeBoundsStage);
        stages.add(stage);
        return stage;
    }

    /**
     * The coordinator derives a stage's task count from its leaves (see {@link Stage}): a scan stage reads only
     * broadcasts besides its splits, and every partition-wise input has the same partition count.
     */
    private void checkTaskCount(Operator root) {
        List<Operator> leaves = new ArrayList<>();
        collectLeaves(root, leaves);
        boolean scan = leaves.stream().anyMatch(l -> l instanceof ParquetScan);
        List<Integer> counts = leaves.stream().filter(l -> l instanceof StageInput in && !in.broadcast())
                .map(l -> ((ShuffleWrite) stages.get(((StageInput) l).stageId()).root()).numPartitions())
                .distinct().toList();
        if (scan && !counts.isEmpty() || counts.size() > 1) {
            throw new IllegalStateException("stage " + stages.size() + " mixes inputs with different task counts: "
                    + (scan ? "splits, " : "") + "partitions " + counts);
        }
    }

    private static void collectLeaves(Operator op, List<Operator> out) {
        if (op.children().isEmpty()) {
            out.add(op);
        }
        for (Operator c : op.children()) {
            collectLeaves(c, out);
        }
    }

    /** The map stage writing the exchange's child (built once even when read twice). */
    private Stage mapStage(ExchangeExec e) {
        Integer existing = stageOfExchange.get(e);
        if (existing != null) {
            return stages.get(existing);
        }
        PhysicalNode child = e.child();
        ExpressionBinder binder = new ExpressionBinder(child.output());
        int rangeBounds = -1;
        int n = e.partitioning().partitionCount();
        Partitioning partitioning = switch (e.partitioning()) {
            case PhysicalPartitioning.Single s -> new Partitioning.Single();
            case PhysicalPartitioning.RoundRobin r -> new Partitioning.RoundRobin();
            case PhysicalPartitioning.Hash h -> new Partitioning.Hash(binder.bindAll(h.keys()));
            case PhysicalPartitioning.Range r -> {
                rangeBounds = sampleStage(child, r).stageId();
                List<SortKey> keys = sortKeys(r.order(), binder);
                List<List<Literal>> placeholders = new ArrayList<>();
                for (int i = 0; i < n - 1; i++) {
                    placeholders.add(keys.stream().map(k -> Literal.nullOf(k.expr().dataType())).toList());
                }
                yield new Partitioning.Range(keys, placeholders);
            }
            case PhysicalPartitioning.Unknown u -> throw new IllegalStateException("exchange without partitioning");
            case PhysicalPartitioning.Collection c -> throw new IllegalStateException("exchange into a collection");
        };
        Pipeline pipeline = new Pipeline();
        Operator op = operator(child, pipeline);
        pipeline.steps.add(switch (e.partitioning()) {
            case PhysicalPartitioning.Single s -> e.broadcast() ? "broadcast" : "gather";
            case PhysicalPartitioning.RoundRobin r -> "round robin exchange (" + n + ")";
            case PhysicalPartitioning.Hash h -> "hash exchange (" + n + ")";
            case PhysicalPartitioning.Range r -> "range exchange (" + n + ")";
            case PhysicalPartitioning.Unknown u -> "exchange";
            case PhysicalPartitioning.Collection c -> "exchange";
        });
        Stage stage = addStage(new ShuffleWrite(op, partitioning, n), pipeline, rangeBounds);
        stageOfExchange.put(e, stage.stageId());
        return stage;
    }

    /** Sort-key samples of the range exchange's input: the same pipeline, keys only, a few rows per task. */
    private Stage sampleStage(PhysicalNode child, PhysicalPartitioning.Range range) {
        Pipeline pipeline = new Pipeline();
        Operator op = operator(child, pipeline);
        ExpressionBinder binder = new ExpressionBinder(child.output());
        List<Expr> keys = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < range.order().size(); i++) {
            keys.add(binder.bind(range.order().get(i).child()));
            names.add("key" + i);
        }
        long rows = (long) SAMPLE_ROWS_PER_PARTITION * range.partitions();
        pipeline.steps.add("sample " + rows + " sort keys per task");
        return addStage(new Limit(new Project(op, keys, names), rows, 0), pipeline, -1);
    }

    private Operator operator(PhysicalNode node, Pipeline pipeline) {
        return switch (node) {
            case ScanExec s -> {
                pipeline.steps.add("scan " + s.relationName());
                ExpressionBinder binder = new ExpressionBinder(s.output());
                Expr pruning = s.pushedFilters().isEmpty() ? null : binder.bind(Expressions.and(s.pushedFilters()));
                yield new ParquetScan(splits(s.source()), schema(s.output()), pruning);
            }
            case FilterExec f -> {
                Operator child = operator(f.child(), pipeline);
                pipeline.steps.add("filter");
                yield new Filter(child, new ExpressionBinder(f.child().output()).bind(f.condition()));
            }
            case ProjectExec p -> {
                Operator child = operator(p.child(), pipeline);
                pipeline.steps.add("project");
                yield new Project(child, new ExpressionBinder(p.child().output()).bindAll(p.projectList()),
                        p.projectList().stream().map(NamedExpression::name).toList());
            }
            case HashAggregateExec a -> aggregate(a, pipeline);
            case SortExec s -> {
                Operator child = operator(s.child(), pipeline);
                pipeline.steps.add(s.global() ? "sort" : "sort per task");
                yield new Sort(child, sortKeys(s.order(), new ExpressionBinder(s.child().output())));
            }
            case TopNExec t -> {
                Operator child = operator(t.child(), pipeline);
                pipeline.steps.add("top " + t.limit() + (t.global() ? "" : " per task"));
                yield new TopN(child, sortKeys(t.order(), new ExpressionBinder(t.child().output())), t.limit());
            }
            case LimitExec l -> {
                Operator child = operator(l.child(), pipeline);
                pipeline.steps.add(l.global() ? "limit " + l.limit() : "limit " + l.limit() + " per task");
                yield new Limit(child, l.limit(), l.offset());
            }
            case ExchangeExec e -> {
                Stage input = mapStage(e);
                pipeline.inputs.add(input.stageId());
                pipeline.steps.add((e.broadcast() ? "read broadcast stage " : "read stage ") + input.stageId());
                yield new StageInput(input.stageId(), ((ShuffleWrite) input.root()).schema(), e.broadcast());
            }
            case JoinExec j -> join(j, pipeline);
            case UnionExec u -> {
                List<Operator> inputs = new ArrayList<>();
                for (PhysicalNode c : u.children()) {
                    inputs.add(operator(c, pipeline));
                }
                pipeline.steps.add("union");
                yield new Union(inputs);
            }
            case WindowExec w -> window(w, pipeline);
            case ExpandExec e -> {
                Operator child = operator(e.child(), pipeline);
                pipeline.steps.add("expand");
                ExpressionBinder binder = new ExpressionBinder(e.child().output());
                List<List<Expr>> projections = e.projections().stream().map(binder::bindAll).toList();
                yield new Expand(child, projections, e.output().stream().map(AttributeReference::name).toList());
            }
        };
    }

    private Operator join(JoinExec j, Pipeline pipeline) {
        Operator left = operator(j.left(), pipeline);
        Operator right = operator(j.right(), pipeline);
        pipeline.steps.add(switch (j.strategy()) {
            case BROADCAST_HASH -> "broadcast hash join";
            case SHUFFLED_HASH -> "shuffled hash join";
            case BROADCAST_NESTED_LOOP -> "broadcast nested loop join";
            case SINGLE_NESTED_LOOP -> "nested loop join";
        });
        List<AttributeReference> both = new ArrayList<>(j.left().output());
        both.addAll(j.right().output());
        Expr condition = j.condition() == null ? null : new ExpressionBinder(both).bind(j.condition());
        return new Join(left, right, j.joinType(),
                new ExpressionBinder(j.left().output()).bindAll(j.leftKeys()),
                new ExpressionBinder(j.right().output()).bindAll(j.rightKeys()), condition, j.build(), j.nullSafe());
    }

    private Operator window(WindowExec w, Pipeline pipeline) {
        Operator child = operator(w.child(), pipeline);
        pipeline.steps.add("window");
        ExpressionBinder binder = new ExpressionBinder(w.child().output());
        List<WindowCall> calls = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (AliasExpression a : w.windowExpressions()) {
            calls.add(WindowCalls.bind((WindowExpression) a.child(), binder));
            names.add(a.name());
        }
        return new Window(child, binder.bindAll(w.partitionSpec()), sortKeys(w.orderSpec(), binder), calls, names);
    }

    private static List<SortKey> sortKeys(List<SortOrder> order, ExpressionBinder binder) {
        List<SortKey> keys = new ArrayList<>();
        for (SortOrder o : order) {
            keys.add(new SortKey(binder.bind(o.child()), o.ascending(), o.nullsFirst()));
        }
        return keys;
    }

    private Operator aggregate(HashAggregateExec a, Pipeline pipeline) {
        Operator child = operator(a.child(), pipeline);
        pipeline.steps.add(switch (a.mode()) {
            case PARTIAL -> "partial aggregate";
            case FINAL -> "final aggregate";
            case COMPLETE -> "aggregate";
        });
        List<AttributeReference> input = a.child().output();
        ExpressionBinder binder = new ExpressionBinder(input);
        List<String> names = new ArrayList<>();
        a.groupingKeys().forEach(k -> names.add(k.name()));
        List<Expr> groupBy = new ArrayList<>();
        List<AggregateCall> calls = new ArrayList<>();
        if (a.mode() == AggregateMode.FINAL) {
            int keys = a.groupingKeys().size();
            for (int i = 0; i < keys; i++) {
                AttributeReference key = input.get(i);
                groupBy.add(new ColumnRef(i, key.dataType(), key.nullable()));
            }
            int offset = keys;
            for (AggregateFunctionExpression f : a.aggregates()) {
                Expr argument = countsRows(f) ? null : new ColumnRef(offset, f.argument().dataType(), true);
                calls.add(new AggregateCall(f.function(), argument, false, f.dataType(), f.ignoreNulls(), f.relativeSD()));
                offset += PhysicalPlanner.stateTypes(f).size();
            }
        } else {
            for (NamedExpression k : a.groupingKeys()) {
                groupBy.add(binder.bind(k));
            }
            for (AggregateFunctionExpression f : a.aggregates()) {
                Expr argument = countsRows(f) ? null : binder.bind(f.argument());
                calls.add(new AggregateCall(f.function(), argument, false, f.dataType(), f.ignoreNulls(), f.relativeSD()));
            }
        }
        for (int i = 0; i < a.aggregates().size(); i++) {
            names.add(a.mode() == AggregateMode.PARTIAL ? ExpressionPrinter.pretty(a.aggregates().get(i))
                    : a.resultAttributes().get(i).name());
        }
        return new HashAggregate(child, groupBy, calls, a.mode(), names);
    }

    /** count(*) and count(literal) count rows: no argument to evaluate. */
    private static boolean countsRows(AggregateFunctionExpression f) {
        return f.function() == AggregateFunction.COUNT
                && (f.argument() == null || f.argument() instanceof ConstantExpression c && c.value() != null);
    }

    private static List<FileSplit> splits(ParquetSource source) {
        List<FileSplit> splits = new ArrayList<>();
        int files = source.files().size();
        for (String file : source.files()) {
            splits.add(new FileSplit(file, List.of(), files == 0 ? 0 : source.sizeInBytes() / files));
        }
        return splits;
    }

    static StructType schema(List<AttributeReference> attributes) {
        List<StructField> fields = new ArrayList<>();
        for (AttributeReference a : attributes) {
            fields.add(new StructField(a.name(), a.dataType(), a.nullable()));
        }
        return new StructType(fields);
    }
}
