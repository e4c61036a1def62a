package io.updraft.engine.operator;

import io.updraft.engine.ExecutionContext;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Skips {@code offset} rows, passes at most {@code limit} rows, and stops pulling its input once satisfied. */
public final class LimitOperator implements BatchOperator {
    private final BatchOperator child;
    private final ExecutionContext context;
    private long toSkip;
    private long toTake;

    public LimitOperator(BatchOperator child, long limit, long offset, ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        this.context = Objects.requireNonNull(context, "context is null");
        if (limit < 0 || offset < 0) {
            throw new IllegalArgumentException("limit and offset must be >= 0, were " + limit + ", " + offset);
        }
        this.toTake = limit;
        this.toSkip = offset;
    }

    @Override
    public StructType schema() {
        return child.schema();
    }

    @Override
    public Batch next() {
        while (toTake > 0) {
            Batch in = child.next();
            if (in == null) {
                toTake = 0;
                return null;
            }
            int n = in.rowCount();
            if (toSkip >= n) {
                toSkip -= n;
                in.close();
                continue;
            }
            int start = (int) toSkip;
            toSkip = 0;
            int take = (int) Math.min(n - start, toTake);
            toTake -= take;
            if (start == 0 && take == n) {
                return in;
            }
            try (in) {
                List<FieldVector> out = new ArrayList<>(in.columnCount());
                try {
                    for (FieldVector v : in.vectors()) {
                        out.add(Vectors.slice(v, start, take, context.allocator()));
                    }
                } catch (RuntimeException e) {
                    out.forEach(FieldVector::close);
                    throw e;
                }
                return Batch.of(take, out);
            }
        }
        return null;
    }

    @Override
    public void close() {
        child.close();
    }
}
