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
 * A constant, materialized once as a vector of the batch's length and reused while batches keep that
 * length (borrowed: the node owns the cached vector).
 */
public final class LiteralExpression extends VectorExpression {
    private final Object value;
    private FieldVector cached;

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
        if (cached != null && cached.getValueCount() == n) {
            return cached;
        }
        if (cached != null) {
            cached.close();
            cached = null;
        }
        cached = materialize(n);
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
                BigDecimal x = (BigDecimal) value;
                ArrowBuf data = v.getDataBuffer();
                for (int i = 0; i < n; i++) {
                    Decimals.setBig(data, i, x);
                }
            }
            case UTF8 -> {
                byte[] bytes = ((String) value).getBytes(StandardCharsets.UTF_8);
                VarCharVector strings = (VarCharVector) v;
                for (int i = 0; i < n; i++) {
                    strings.setSafe(i, bytes, 0, bytes.length);
                }
            }
            case NULL -> {
            }
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
