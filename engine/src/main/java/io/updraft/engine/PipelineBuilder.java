package io.updraft.engine;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.Exchange;
import io.updraft.core.plan.Expand;
import io.updraft.core.plan.FileWrite;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.Generate;
import io.updraft.core.plan.MapPartitions;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.StageInput;
import io.updraft.core.plan.TopN;
import io.updraft.core.plan.Union;
import io.updraft.core.plan.Window;
import io.updraft.engine.join.HashJoinOperator;
import io.updraft.engine.join.NestedLoopJoinOperator;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.operator.ExpandOperator;
import io.updraft.engine.operator.FilterOperator;
import io.updraft.engine.operator.GenerateOperator;
import io.updraft.engine.operator.MapPartitionsOperator;
import io.updraft.engine.operator.HashAggregateOperator;
import io.updraft.engine.operator.InlineBatchesOperator;
import io.updraft.engine.operator.LimitOperator;
import io.updraft.engine.operator.ProjectOperator;
import io.updraft.engine.operator.SortOperator;
import io.updraft.engine.operator.TopNOperator;
import io.updraft.engine.operator.UnionOperator;
import io.updraft.engine.file.TextFileScanOperator;
import io.updraft.engine.parquet.ParquetScanOperator;
import io.updraft.engine.shuffle.ShuffleReadOperator;
import io.updraft.engine.shuffle.ShuffleWriteOperator;
import io.updraft.engine.vector.IntegralKeys;
import io.updraft.engine.window.WindowOperator;
import io.updraft.engine.write.FileWriteOperator;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a task's {@link Operator} tree into a pipeline of {@link BatchOperator}s. A join without keys
 * becomes a nested-loop join, with keys a hash join.
 */
public final class PipelineBuilder {
    private PipelineBuilder() {
    }

    /** Builds the pipeline; on failure everything built so far is closed. The caller closes the result. */
    public static BatchOperator build(Operator plan, ExecutionContext context) {
        return switch (plan) {
            case FileScan s -> s.format().isParquet() ? new ParquetScanOperator(s, context)
                    : new TextFileScanOperator(s, context);
            case InlineBatches b -> new InlineBatchesOperator(b.schema(), b.arrowIpcBase64(), context);
            case ShuffleRead r -> new ShuffleReadOperator(r.schema(), r.blocks(), context);
            case StageInput s -> throw new UpdraftException(ErrorType.INTERNAL, "StageInput(stage " + s.stageId()
                    + ") reached a worker: the coordinator must replace it with the stage's output before dispatch");
            case Filter f -> wrap(build(f.child(), context), child -> new FilterOperator(child, f.condition(), context));
            case Project p -> wrap(build(p.child(), context),
                    child -> new ProjectOperator(child, p.expressions(), p.names(), context));
            case HashAggregate a -> wrap(build(a.child(), context), child -> new HashAggregateOperator(child,
                    a.groupBy(), a.aggregates(), a.mode(), a.names(), context));
            case Sort s -> wrap(build(s.child(), context), child -> new SortOperator(child, s.keys(), context));
            case Limit l -> wrap(build(l.child(), context),
                    child -> new LimitOperator(child, l.limit(), l.offset(), context));
            case TopN t -> wrap(build(t.child(), context),
                    child -> new TopNOperator(child, t.keys(), t.limit(), context));
            case Expand e -> wrap(build(e.child(), context),
                    child -> new ExpandOperator(child, e.projections(), e.names(), context));
            case Generate g -> wrap(build(g.child(), context), child -> new GenerateOperator(child, g, context));
            case Window w -> wrap(build(w.child(), context), child -> new WindowOperator(child, w.partitionBy(),
                    w.orderBy(), w.calls(), w.names(), context));
            case ShuffleWrite s -> wrap(build(s.child(), context),
                    child -> new ShuffleWriteOperator(child, s.partitioning(), s.numPartitions(), context));
            case Exchange e -> throw new UpdraftException(ErrorType.INTERNAL,
                    "an Exchange reached a worker: the planner's stage builder cuts stages there");
            case FileWrite w -> wrap(build(w.child(), context), child -> new FileWriteOperator(child, w, context));
            case MapPartitions m -> wrap(build(m.child(), context),
                    child -> new MapPartitionsOperator(child, m.schema(), m.function(), context));
            case Union u -> union(u, context);
            case Join j -> join(j, context);
        };
    }

    private static BatchOperator union(Union u, ExecutionContext context) {
        List<BatchOperator> inputs = new ArrayList<>();
        try {
            for (Operator input : u.inputs()) {
                inputs.add(build(input, context));
            }
            return new UnionOperator(inputs);
        } catch (RuntimeException e) {
            inputs.forEach(BatchOperator::close);
            throw e;
        }
    }

    private static BatchOperator join(Join j, ExecutionContext context) {
        BatchOperator left = build(j.left(), context);
        BatchOperator right;
        try {
            right = build(j.right(), context);
        } catch (RuntimeException e) {
            left.close();
            throw e;
        }
        try {
            if (j.leftKeys().isEmpty()) {
                return new NestedLoopJoinOperator(left, right, j.type(), j.condition(), j.build(), context);
            }
            return new HashJoinOperator(left, right, j.type(), j.leftKeys(), j.rightKeys(), j.condition(), j.build(),
                    j.nullSafe(), broadcastShareKey(j, context), context);
        } catch (RuntimeException e) {
            try {
                left.close();
            } finally {
                right.close();
            }
            throw e;
        }
    }

    /**
     * The key under which the tasks of this stage share the join's build table ({@link
     * io.updraft.engine.join.BroadcastTables}), or null: the build side reads only stage outputs (shuffle blocks,
     * inline rows) while the probe side scans files — a broadcast beside a scan, which every task of the stage reads
     * whole (core's Stage contract); the key is that build plan with its keys, in this job and stage.
     */
    static Object broadcastShareKey(Join j, ExecutionContext context) {
        boolean buildIsLeft = j.build() == BuildSide.LEFT;
        Operator build = buildIsLeft ? j.left() : j.right();
        Operator probe = buildIsLeft ? j.right() : j.left();
        if (context.broadcastTables() == null || scansFiles(build) || !scansFiles(probe)) {
            return null;
        }
        return List.of(context.jobId(), context.stageId(), build, buildIsLeft ? j.leftKeys() : j.rightKeys(),
                j.nullSafe(), IntegralKeys.enabled(context.config()));
    }

    private static boolean scansFiles(Operator op) {
        if (op instanceof FileScan) {
            return true;
        }
        for (Operator child : op.children()) {
            if (scansFiles(child)) {
                return true;
            }
        }
        return false;
    }

    private interface Parent {
        BatchOperator create(BatchOperator child);
    }

    private static BatchOperator wrap(BatchOperator child, Parent parent) {
        try {
            return parent.create(child);
        } catch (RuntimeException e) {
            child.close();
            throw e;
        }
    }
}
