package io.updraft.engine.expr;

import io.updraft.engine.ArrowTypes;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * A compiled expression node: evaluates a whole batch into one result vector. A node whose
 * {@link #borrowsResult()} is true returns a vector it (or the batch) keeps owning — column references and
 * cached literals; everything else returns a new vector its caller must close. Nodes may cache state
 * between batches and are closed with the evaluator. Not thread-safe.
 */
public abstract class VectorExpression implements AutoCloseable {
    protected final DataType type;
    protected final BufferAllocator allocator;

    protected VectorExpression(DataType type, BufferAllocator allocator) {
        this.type = type;
        this.allocator = allocator;
    }

    public final DataType type() {
        return type;
    }

    /** Evaluates every row of {@code batch}; the result holds exactly {@code batch.rowCount()} values. */
    public abstract FieldVector evaluate(Batch batch);

    public boolean borrowsResult() {
        return false;
    }

    /**
     * True when the value does not depend on the input rows: a literal, or a node whose children are all
     * constant (every kernel is deterministic). Functions use it to precompile patterns and formats once.
     */
    public boolean isConstant() {
        List<VectorExpression> children = children();
        if (children.isEmpty()) {
            return false;
        }
        for (VectorExpression c : children) {
            if (!c.isConstant()) {
                return false;
            }
        }
        return true;
    }

    /** Children to close with this node. */
    public List<VectorExpression> children() {
        return List.of();
    }

    /** Gives back a vector obtained from {@code child.evaluate}. */
    protected static void release(VectorExpression child, FieldVector v) {
        if (v != null && !child.borrowsResult()) {
            v.close();
        }
    }

    /** A new result vector of this node's type with room for n values, validity all null. */
    protected final FieldVector newResult(int n) {
        FieldVector v = ArrowTypes.newVector("", type, allocator);
        Kernels.allocate(v, n);
        return v;
    }

    @Override
    public void close() {
        for (VectorExpression c : children()) {
            c.close();
        }
    }
}
