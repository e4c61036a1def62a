package io.updraft.engine.expr;

import io.updraft.core.expr.Expr;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.time.ZoneId;
import java.util.Objects;

/**
 * A bound {@link Expr} compiled once (per operator) into a tree of vectorized kernels with Spark's
 * non-ANSI semantics: nulls propagate, division by zero and decimal overflow give null, int and bigint
 * overflow wraps. Compiling fails with a USER error for an unknown function or an unsupported cast.
 * Holds cached constant vectors: close it with its operator. Not thread-safe.
 */
public final class ExpressionEvaluator implements AutoCloseable {
    private static final ZoneId UTC = ZoneId.of("UTC");
    private final VectorExpression root;
    private final BufferAllocator allocator;

    private ExpressionEvaluator(VectorExpression root, BufferAllocator allocator) {
        this.root = root;
        this.allocator = allocator;
    }

    /** Compiles {@code expr} for an operator: the context's allocator and session time zone. */
    public static ExpressionEvaluator compile(Expr expr, ExecutionContext context) {
        return compile(expr, context.allocator(), context.sessionZone());
    }

    /** Compiles {@code expr} in UTC; result vectors are allocated from {@code allocator}. */
    public static ExpressionEvaluator compile(Expr expr, BufferAllocator allocator) {
        return compile(expr, allocator, UTC);
    }

    /** Compiles {@code expr}; timestamps are read and shown in {@code zone} (Spark's session time zone). */
    public static ExpressionEvaluator compile(Expr expr, BufferAllocator allocator, ZoneId zone) {
        Objects.requireNonNull(expr, "expr is null");
        Objects.requireNonNull(allocator, "allocator is null");
        Objects.requireNonNull(zone, "zone is null");
        return new ExpressionEvaluator(new ExpressionCompiler(allocator, zone).compile(expr), allocator);
    }

    public DataType dataType() {
        return root.type();
    }

    /** The value of the expression for every row of {@code batch}, as a new vector the caller owns. */
    public FieldVector evaluate(Batch batch) {
        FieldVector v = root.evaluate(batch);
        if (root.borrowsResult()) {
            return Vectors.share(v, allocator);
        }
        return v;
    }

    /**
     * Like {@link #evaluate} but may return a vector owned by the batch or the evaluator; pass it to
     * {@link #release} when done instead of closing it.
     */
    public FieldVector evaluateBorrowed(Batch batch) {
        return root.evaluate(batch);
    }

    public void release(FieldVector v) {
        VectorExpression.release(root, v);
    }

    @Override
    public void close() {
        root.close();
    }
}
