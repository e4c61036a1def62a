package io.updraft.engine.operator;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.Expr;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Keeps the rows where the condition is true (false and null drop the row). Never emits an empty
 * batch: it pulls until some row survives. A batch whose rows all survive is passed on as is.
 */
public final class FilterOperator implements BatchOperator {
    private final BatchOperator child;
    private final ExpressionEvaluator condition;
    private final ExecutionContext context;
    private int[] selection = new int[0];
    private long rowsIn;
    private long rowsOut;

    public FilterOperator(BatchOperator child, Expr condition, ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        this.context = Objects.requireNonNull(context, "context is null");
        if (!(condition.dataType() instanceof BooleanType)) {
            throw new UpdraftException(ErrorType.INTERNAL,
                    "filter condition must be boolean, was " + condition.dataType().simpleString());
        }
        this.condition = ExpressionEvaluator.compile(condition, context);
    }

    @Override
    public StructType schema() {
        return child.schema();
    }

    @Override
    public Batch next() {
        while (true) {
            Batch in = child.next();
            if (in == null) {
                return null;
            }
            int n = in.rowCount();
            rowsIn += n;
            int selected;
            try {
                selected = select(in);
            } catch (RuntimeException e) {
                in.close();
                throw e;
            }
            if (selected == 0) {
                in.close();
                continue;
            }
            rowsOut += selected;
            if (selected == n) {
                return in;
            }
            try (in) {
                List<FieldVector> out = new ArrayList<>(in.columnCount());
                try {
                    for (FieldVector v : in.vectors()) {
                        out.add(Vectors.gather(v, selection, selected, context.allocator()));
                    }
                } catch (RuntimeException e) {
                    out.forEach(FieldVector::close);
                    throw e;
                }
                return Batch.of(selected, out);
            }
        }
    }

    /** Fills {@link #selection} with the indexes of rows where the condition is true; returns their count. */
    private int select(Batch in) {
        int n = in.rowCount();
        if (selection.length < n) {
            selection = new int[n];
        }
        FieldVector mask = condition.evaluateBorrowed(in);
        try {
            ArrowBuf valid = mask.getValidityBuffer();
            ArrowBuf value = mask.getDataBuffer();
            int nbytes = Bits.bytesFor(n);
            int count = 0;
            for (int w = 0; w < Bits.words(n); w++) {
                long bits = Bits.word(valid, w, nbytes) & Bits.word(value, w, nbytes);
                int remaining = n - (w << 6);
                if (remaining < 64) {
                    bits &= (1L << remaining) - 1;
                }
                while (bits != 0) {
                    selection[count++] = (w << 6) + Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                }
            }
            return count;
        } finally {
            condition.release(mask);
        }
    }

    public long rowsIn() {
        return rowsIn;
    }

    public long rowsOut() {
        return rowsOut;
    }

    @Override
    public void close() {
        try {
            condition.close();
        } finally {
            child.close();
        }
    }
}
