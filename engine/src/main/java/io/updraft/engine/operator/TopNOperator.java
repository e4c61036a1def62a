package io.updraft.engine.operator;

import io.updraft.core.plan.SortKey;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Keeps only the best {@code limit} rows by the keys: input is buffered and, whenever more than
 * max(2 * limit, limit + batchRows) rows are held, sorted and cut back to the first {@code limit}
 * (gathered into fresh batches, the rest released), so memory stays proportional to the limit. Stable:
 * ties keep input order. A limit of 0 never pulls its input.
 */
public final class TopNOperator implements BatchOperator {
    private final BatchOperator child;
    private final ExecutionContext context;
    private final List<ExpressionEvaluator> keyEvaluators = new ArrayList<>();
    private final SortBuffer buffer;
    private final long limit;
    private final long compactAt;
    private long[] sorted;
    private int toEmit;
    private int emitted;
    private boolean consumed;

    public TopNOperator(BatchOperator child, List<SortKey> keys, long limit, ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        this.context = Objects.requireNonNull(context, "context is null");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        this.limit = limit;
        this.compactAt = limit > (1L << 28) ? Long.MAX_VALUE : Math.max(2 * limit, limit + context.batchRows());
        List<SortKey> copy = List.copyOf(keys);
        try {
            for (SortKey key : copy) {
                keyEvaluators.add(ExpressionEvaluator.compile(key.expr(), context));
            }
        } catch (RuntimeException e) {
            keyEvaluators.forEach(ExpressionEvaluator::close);
            throw e;
        }
        this.buffer = new SortBuffer(copy, keyEvaluators, context);
    }

    @Override
    public StructType schema() {
        return child.schema();
    }

    @Override
    public Batch next() {
        if (!consumed) {
            consumed = true;
            if (limit == 0) {
                return null;
            }
            consume();
        }
        if (emitted >= toEmit) {
            return null;
        }
        int count = Math.min(context.batchRows(), toEmit - emitted);
        Batch out = buffer.gather(sorted, emitted, count);
        emitted += count;
        if (emitted >= toEmit) {
            buffer.clear();
        }
        return out;
    }

    private void consume() {
        Batch in;
        while ((in = child.next()) != null) {
            buffer.add(in);
            if (buffer.rowCount() > compactAt) {
                compact();
            }
        }
        sorted = buffer.sort();
        toEmit = (int) Math.min(limit, sorted.length);
    }

    /** Keeps only the best {@code limit} rows held so far, in order (earlier rows first among ties). */
    private void compact() {
        long[] refs = buffer.sort();
        int keep = (int) Math.min(limit, refs.length);
        List<Batch> kept = new ArrayList<>();
        try {
            for (int from = 0; from < keep; from += context.batchRows()) {
                kept.add(buffer.gather(refs, from, Math.min(context.batchRows(), keep - from)));
            }
        } catch (RuntimeException e) {
            kept.forEach(Batch::close);
            throw e;
        }
        buffer.clear();
        for (Batch b : kept) {
            buffer.add(b);
        }
    }

    @Override
    public void close() {
        try {
            buffer.clear();
            keyEvaluators.forEach(ExpressionEvaluator::close);
        } finally {
            child.close();
        }
    }
}
