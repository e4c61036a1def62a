package io.updraft.planner.physical;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Expr;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.ParquetScan;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.planner.logical.ParquetSource;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.NamedExpression;
import io.updraft.planner.resolved.expr.SortOrder;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a physical plan into core {@link Stage}s at every {@link ExchangeExec} and binds expressions to
 * ordinals. Stages come in dependency order (a stage's inputs have lower ids); the last one produces
 * the result. A scan stage gets one {@link FileSplit} per file with all row groups: the coordinator
 * splits files further by row groups. Single use; not thread-safe.
 */
public final class StageBuilder {
    private final List<Stage> stages = new ArrayList<>();

    /** Builds the job; {@code resultSchema} is the analyzed plan's schema (names, types, nullability). */
    public static JobPlan build(PhysicalNode root, StructType resultSchema) {
        StageBuilder builder = new StageBuilder();
        builder.stage(root);
        return new JobPlan(builder.stages, resultSchema);
    }

    /** Per-stage state while its pipeline is built. */
    private static final class Pipeline {
        final List<Integer> inputs = new ArrayList<>();
        final List<String> steps = new ArrayList<>();
    }

    private Stage stage(PhysicalNode root) {
        Pipeline pipeline = new Pipeline();
        Operator op = operator(root, pipeline);
        Stage stage = new Stage(stages.size(), op, pipeline.inputs, String.join(" → ", pipeline.steps));
        stages.add(stage);
        return stage;
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
                ExpressionBinder binder = new ExpressionBinder(s.child().output());
                List<SortKey> keys = new ArrayList<>();
                for (SortOrder o : s.order()) {
                    keys.add(new SortKey(binder.bind(o.child()), o.ascending(), o.nullsFirst()));
                }
                yield new Sort(child, keys);
            }
            case LimitExec l -> {
                Operator child = operator(l.child(), pipeline);
                pipeline.steps.add(l.global() ? "limit " + l.limit() : "limit " + l.limit() + " per task");
                yield new Limit(child, l.limit(), l.offset());
            }
            case ExchangeExec e -> {
                Stage input = stage(e.child());
                pipeline.inputs.add(input.stageId());
                pipeline.steps.add("gather stage " + input.stageId());
                yield new StageInput(input.stageId(), input.root().schema());
            }
        };
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
                calls.add(new AggregateCall(f.function(), argument, false, f.dataType()));
                offset += PhysicalPlanner.stateTypes(f).size();
            }
        } else {
            for (NamedExpression k : a.groupingKeys()) {
                groupBy.add(binder.bind(k));
            }
            for (AggregateFunctionExpression f : a.aggregates()) {
                Expr argument = countsRows(f) ? null : binder.bind(f.argument());
                calls.add(new AggregateCall(f.function(), argument, false, f.dataType()));
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
