package io.updraft.engine.operator;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.Expand;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Emits every input batch once per projection (ROLLUP, CUBE, GROUPING SETS): one output batch per
 * (input batch, projection), projections in order. Column references share the input's buffers.
 */
public final class ExpandOperator implements BatchOperator {
    private final BatchOperator child;
    private final List<List<ExpressionEvaluator>> projections = new ArrayList<>();
    private final StructType schema;
    private Batch input;
    private int nextProjection;

    public ExpandOperator(BatchOperator child, List<List<Expr>> projections, List<String> names,
                          ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        if (projections.isEmpty()) {
            throw new IllegalArgumentException("expand needs at least one projection");
        }
        try {
            for (List<Expr> projection : projections) {
                if (projection.size() != names.size()) {
                    throw new IllegalArgumentException(projection.size() + " expressions but " + names.size()
                            + " names");
                }
                List<ExpressionEvaluator> compiled = new ArrayList<>(projection.size());
                this.projections.add(compiled);
                for (Expr e : projection) {
                    compiled.add(ExpressionEvaluator.compile(e, context));
                }
            }
        } catch (RuntimeException e) {
            closeEvaluators();
            throw e;
        }
        this.schema = Expand.outputSchema(projections, names);
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        if (input == null) {
            input = child.next();
            if (input == null) {
                return null;
            }
            nextProjection = 0;
        }
        List<ExpressionEvaluator> projection = projections.get(nextProjection++);
        List<FieldVector> out = new ArrayList<>(projection.size());
        try {
            for (ExpressionEvaluator e : projection) {
                out.add(e.evaluate(input));
            }
            return Batch.of(input.rowCount(), out);
        } catch (RuntimeException e) {
            out.forEach(FieldVector::close);
            throw e;
        } finally {
            if (nextProjection >= projections.size()) {
                input.close();
                input = null;
            }
        }
    }

    private void closeEvaluators() {
        for (List<ExpressionEvaluator> p : projections) {
            p.forEach(ExpressionEvaluator::close);
        }
    }

    @Override
    public void close() {
        try {
            if (input != null) {
                input.close();
                input = null;
            }
            closeEvaluators();
        } finally {
            child.close();
        }
    }
}
