package io.updraft.engine;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.ParquetScan;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.StageInput;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.operator.FilterOperator;
import io.updraft.engine.operator.HashAggregateOperator;
import io.updraft.engine.operator.InlineBatchesOperator;
import io.updraft.engine.operator.LimitOperator;
import io.updraft.engine.operator.ProjectOperator;
import io.updraft.engine.operator.SortOperator;
import io.updraft.engine.parquet.ParquetScanOperator;

/** Turns a task's {@link Operator} tree into a pipeline of {@link BatchOperator}s. */
public final class PipelineBuilder {
    private PipelineBuilder() {
    }

    /** Builds the pipeline; on failure everything built so far is closed. The caller closes the result. */
    public static BatchOperator build(Operator plan, ExecutionContext context) {
        return switch (plan) {
            case ParquetScan s -> new ParquetScanOperator(s.splits(), s.schema(), s.pruningFilter(), context);
            case InlineBatches b -> new InlineBatchesOperator(b.schema(), b.arrowIpcBase64(), context);
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
        };
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
