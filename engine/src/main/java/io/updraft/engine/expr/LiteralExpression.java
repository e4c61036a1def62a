package io.updraft.engine.expr;

import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * A constant, materialized once as a vector and reused (borrowed: the node owns the cached vector). A fixed-width
 * vector filled for n rows serves every batch of at most n rows (its value count is set to the batch's, the values
 * are all the same); a string vector serves batches of its own length only (shrinking and growing the value count
 * of a variable-width vector would rewrite its offsets).
 */
public final class LiteralExpression extends VectorExpression {
    private final Object value;
    private FieldVector cached;
    /** Rows of {@link #cached} that hold the value. */
    private int filled;

    public LiteralExpression(DataType type, Object value, BufferAllocator allocator) {
        super(type, allocator);
        this.value = value;
    }

    public Object value() {
        return value;
    }

    @Override
    public boolean isConstant() {
        return true;
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        if (cached != null && (cached.getValueCount() == n || (n <= filled && !(cached instanceof VarCharVector)))) {
            cached.setValueCount(n);
            return cached;
        }
        if (cached != null) {
            cached.close();
            cached = null;
        }
        cached = materialize(n);
        filled = n;
        return cached;
    }

    private FieldVector materialize(int n) {
        FieldVector v = newResult(n);
        try {
            if (value != null) {
                fill(v, n);
            }
            v.setValueCount(n);
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    private void fill(FieldVector v, int n) {
        ArrowBuf validity = v.getValidityBuffer();
        switch (Kernels.kind(type)) {
            case BOOLEAN -> {
                Bits.setAll(validity, n);
                if ((Boolean) value) {
                    Bits.setAll(v.getDataBuffer(), n);
                }
            }
            case INT32 -> {
                Bits.setAll(validity, n);
                int x = (Integer) value;
                ArrowBuf data = v.getDataBuffer();
                for (int i = 0; i < n; i++) {
                    data.setInt((long) i << 2, x);
                }
            }
            case INT64 -> {
                Bits.setAll(validity, n);
                long x = (Long) value;
                ArrowBuf data = v.getDataBuffer();
                for (int i = 0; i < n; i++) {
                    data.setLong((long) i << 3, x);
                }
            }
            case FLOAT64 -> {
                Bits.setAll(validity, n);
                double x = (Double) value;
                ArrowBuf data = v.getDataBuffer();
                for (int i = 0; i < n; i++) {
                    data.setDouble((long) i << 3, x);
                }
            }
            case DECIMAL -> {
                Bits.setAll(validity, n);
                ArrowBuf data = v.getDataBuffer();
                if (n > 0) {
                    Decimals.setBig(data, 0, (BigDecimal) value);
                    long low = data.getLong(0);
                    long high = data.getLong(8);
                    for (int i = 1; i < n; i++) {
                        data.setLong((long) i << 4, low);
                        data.setLong(((long) i << 4) + 8, high);
                    }
                }
            }
            case UTF8 -> {
                byte[] bytes = ((String) value).getBytes(StandardCharsets.UTF_8);
                VarCharVector strings = (VarCharVector) v;
                for (int i = 0; i < n; i++) {
                    strings.setSafe(i, bytes, 0, bytes.length);
                }
            }
            case INT8 -> {
                Bits.setAll(validity, n);
                byte x = (Byte) value;
                ArrowBuf data = v.getDataBuffer();
                for (int i = 0; i < n; i++) {
                    data.setByte(i, x);
                }
            }
            case INT16 -> {
                Bits.setAll(validity, n);
                short x = (Short) value;
                ArrowBuf data = v.getDataBuffer();
                for (int i = 0; i < n; i++) {
                    data.setShort((long) i << 1, x);
                }
            }
            case FLOAT32 -> {
                Bits.setAll(validity, n);
                float x = (Float) value;
                ArrowBuf data = v.getDataBuffer();
                for (int i = 0; i < n; i++) {
                    data.setFloat((long) i << 2, x);
                }
            }
            case BINARY -> {
                byte[] bytes = (byte[]) value;
                org.apache.arrow.vector.VarBinaryVector binaries = (org.apache.arrow.vector.VarBinaryVector) v;
                for (int i = 0; i < n; i++) {
                    binaries.setSafe(i, bytes, 0, bytes.length);
                }
            }
            case NULL -> {
            }
            case LIST, MAP, STRUCT -> throw new IllegalStateException("no literals of " + type.simpleString());
        }
    }

    @Override
    public boolean borrowsResult() {
        return true;
    }

    @Override
    public void close() {
        if (cached != null) {
            cached.close();
            cached = null;
        }
    }
}
