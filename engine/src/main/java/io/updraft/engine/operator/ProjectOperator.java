package io.updraft.engine.operator;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.Project;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Computes one output column per expression; column references share the input's buffers (no copy). */
public final class ProjectOperator implements BatchOperator {
    private final BatchOperator child;
    private final List<ExpressionEvaluator> expressions = new ArrayList<>();
    private final StructType schema;

    public ProjectOperator(BatchOperator child, List<Expr> expressions, List<String> names,
                           ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        if (expressions.size() != names.size()) {
            throw new IllegalArgumentException(expressions.size() + " expressions but " + names.size() + " names");
        }
        try {
            for (int i = 0; i < expressions.size(); i++) {
                Expr e = expressions.get(i);
                this.expressions.add(ExpressionEvaluator.compile(e, context));
            }
        } catch (RuntimeException e) {
            this.expressions.forEach(ExpressionEvaluator::close);
            throw e;
        }
        this.schema = Project.outputSchema(expressions, names);
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        Batch in = child.next();
        if (in == null) {
            return null;
        }
        try (in) {
            List<FieldVector> out = new ArrayList<>(expressions.size());
            try {
                for (ExpressionEvaluator e : expressions) {
                    out.add(e.evaluate(in));
                }
            } catch (RuntimeException e) {
                out.forEach(FieldVector::close);
                throw e;
            }
            return Batch.of(in.rowCount(), out);
        }
    }

    @Override
    public void close() {
        try {
            expressions.forEach(ExpressionEvaluator::close);
        } finally {
            child.close();
        }
    }
}
