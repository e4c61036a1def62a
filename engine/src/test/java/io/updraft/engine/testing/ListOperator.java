package io.updraft.engine.testing;

import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** A leaf that hands out prepared batches and counts how often it was pulled; closes what it still holds. */
public final class ListOperator implements BatchOperator {
    private final StructType schema;
    private final Deque<Batch> batches;
    private int pulls;
    private boolean closed;

    public ListOperator(StructType schema, List<Batch> batches) {
        this.schema = schema;
        this.batches = new ArrayDeque<>(batches);
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        pulls++;
        return batches.poll();
    }

    public int pulls() {
        return pulls;
    }

    public boolean closed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
        batches.forEach(Batch::close);
        batches.clear();
    }
}
