package io.updraft.engine.expr.cast;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.value.Casts;
import io.updraft.core.value.DateTimes;
import io.updraft.core.value.ValueErrors;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.expr.Kernels;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.List;

/**
 * Spark's CAST over a batch, with core's {@link Casts} semantics (Spark 4's ANSI mode; null rows never raise):
 * numeric widenings and narrowings, decimal rescaling and date/timestamp conversions (in the session time zone)
 * have vectorized loops raising core's {@link ValueErrors}; the rest (strings, rare pairs) convert value by value
 * through {@link Casts#cast}.
 */
public final class CastExpression extends VectorExpression {
    private final VectorExpression child;
    private final DataType from;
    private final ZoneId zone;

    public CastExpression(VectorExpression child, DataType to, ZoneId zone, BufferAllocator allocator) {
        super(to, allocator);
        this.child = child;
        this.from = child.type();
        this.zone = zone;
    }

    /** USER error for casts Spark rejects at analysis (numbers or booleans to date). */
    public static void checkSupported(DataType from, DataType to) {
        boolean ok = !(to instanceof DateType)
                || from instanceof StringType || from instanceof DateType || from instanceof TimestampType
                || from instanceof NullType;
        if (to instanceof NullType && !(from instanceof NullType)) {
            ok = false;
        }
        if (!ok) {
            throw UpdraftException.user("Cannot cast " + from.simpleString() + " to " + to.simpleString());
        }
    }

    @Override
    public List<VectorExpression> children() {
        return List.of(child);
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        if (from instanceof NullType && type instanceof ArrayType) {
            return Vectors.nulls(ArrowTypes.toField("", type), n, allocator);
        }
        FieldVector src = child.evaluate(batch);
        FieldVector out = null;
        try {
            out = newResult(n);
            Bits.copy(src.getValidityBuffer(), out.getValidityBuffer(), n);
            if (!castFast(src, out, n)) {
                castGeneric(src, out, n);
            }
            out.setValueCount(n);
            FieldVector result = out;
            out = null;
            return result;
        } finally {
            if (out != null) {
                out.close();
            }
            release(child, src);
        }
    }

    private boolean castFast(FieldVector src, FieldVector out, int n) {
        ArrowBuf a = src.getDataBuffer();
        ArrowBuf o = out.getDataBuffer();
        ArrowBuf validity = out.getValidityBuffer();
        switch (from) {
            case IntegerType i when type instanceof LongType -> {
                for (int r = 0; r < n; r++) {
                    o.setLong((long) r << 3, a.getInt((long) r << 2));
                }
                return true;
            }
            case IntegerType i when type instanceof DoubleType -> {
                for (int r = 0; r < n; r++) {
                    o.setDouble((long) r << 3, a.getInt((long) r << 2));
                }
                return true;
            }
            case LongType l when type instanceof IntegerType -> {
                for (int r = 0; r < n; r++) {
                    long v = a.getLong((long) r << 3);
                    if ((int) v != v && Bits.get(validity, r)) {
                        throw castOverflow(v + "L");
                    }
                    o.setInt((long) r << 2, (int) v);
                }
                return true;
            }
            case LongType l when type instanceof DoubleType -> {
                for (int r = 0; r < n; r++) {
                    o.setDouble((long) r << 3, a.getLong((long) r << 3));
                }
                return true;
            }
            case DoubleType d when type instanceof IntegerType -> {
                for (int r = 0; r < n; r++) {
                    double v = a.getDouble((long) r << 3);
                    if (!(v > Integer.MIN_VALUE - 1.0 && v < Integer.MAX_VALUE + 1.0) && Bits.get(validity, r)) {
                        throw castOverflow(Casts.doubleText(v));
                    }
                    o.setInt((long) r << 2, (int) v);
                }
                return true;
            }
            case DoubleType d when type instanceof LongType -> {
                for (int r = 0; r < n; r++) {
                    double v = a.getDouble((long) r << 3);
                    if (!(v >= -0x1p63 && v < 0x1p63) && Bits.get(validity, r)) {
                        throw castOverflow(Casts.doubleText(v));
                    }
                    o.setLong((long) r << 3, (long) v);
                }
                return true;
            }
            case IntegerType i when type instanceof DecimalType to -> {
                for (int r = 0; r < n; r++) {
                    integralToDecimal(a.getInt((long) r << 2), to, o, validity, r);
                }
                return true;
            }
            case LongType l when type instanceof DecimalType to -> {
                for (int r = 0; r < n; r++) {
                    integralToDecimal(a.getLong((long) r << 3), to, o, validity, r);
                }
                return true;
            }
            case DecimalType d when type instanceof DecimalType to -> {
                decimalToDecimal(a, d, to, o, validity, n);
                return true;
            }
            case DecimalType d when type instanceof DoubleType -> {
                decimalToDouble(a, d.scale(), o, validity, n);
                return true;
            }
            case DecimalType d when type instanceof LongType || type instanceof IntegerType -> {
                boolean toInt = type instanceof IntegerType;
                long divisor = d.scale() <= 18 ? Decimals.pow10(d.scale()) : 0;
                for (int r = 0; r < n; r++) {
                    if (!Bits.get(validity, r)) {
                        continue;
                    }
                    long v;
                    if (divisor != 0 && Decimals.fitsLong(a, r)) {
                        v = Decimals.low(a, r) / divisor;
                    } else {
                        BigDecimal big = Decimals.big(a, r, d.scale());
                        if (big.setScale(0, RoundingMode.DOWN).toBigInteger().bitLength() > 63) {
                            throw castOverflow(big.toPlainString() + "BD");
                        }
                        v = big.longValue();
                    }
                    if (toInt && (int) v != v) {
                        throw castOverflow(Decimals.big(a, r, d.scale()).toPlainString() + "BD");
                    }
                    if (toInt) {
                        o.setInt((long) r << 2, (int) v);
                    } else {
                        o.setLong((long) r << 3, v);
                    }
                }
                return true;
            }
            case DateType d when type instanceof TimestampType -> {
                for (int r = 0; r < n; r++) {
                    o.setLong((long) r << 3, DateTimes.timestampOfDate(a.getInt((long) r << 2), zone));
                }
                return true;
            }
            case TimestampType t when type instanceof DateType -> {
                for (int r = 0; r < n; r++) {
                    o.setInt((long) r << 2, DateTimes.dateOfTimestamp(a.getLong((long) r << 3), zone));
                }
                return true;
            }
            case DateType d when type.isNumeric() || type instanceof BooleanType -> {
                validity.setZero(0, Bits.bytesFor(n));
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    private static void integralToDecimal(long v, DecimalType to, ArrowBuf o, ArrowBuf validity, int r) {
        if (!Bits.get(validity, r)) {
            return;
        }
        long scaled = Decimals.rescale(v, 0, to.scale());
        if (scaled != Long.MIN_VALUE) {
            if (Decimals.fits(scaled, to.precision())) {
                Decimals.setLong(o, r, scaled);
            } else {
                throw ValueErrors.decimalOutOfRange(BigDecimal.valueOf(v), to.precision(), to.scale());
            }
            return;
        }
        BigDecimal fitted = Decimals.fit(BigDecimal.valueOf(v), to.precision(), to.scale());
        if (fitted == null) {
            throw ValueErrors.decimalOutOfRange(BigDecimal.valueOf(v), to.precision(), to.scale());
        } else {
            Decimals.setBig(o, r, fitted);
        }
    }

    private static void decimalToDecimal(ArrowBuf a, DecimalType from, DecimalType to, ArrowBuf o, ArrowBuf validity,
                                         int n) {
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            if (Decimals.fitsLong(a, r)) {
                long v = Decimals.rescale(Decimals.low(a, r), from.scale(), to.scale());
                if (v != Long.MIN_VALUE) {
                    if (Decimals.fits(v, to.precision())) {
                        Decimals.setLong(o, r, v);
                    } else {
                        throw ValueErrors.decimalOutOfRange(Decimals.big(a, r, from.scale()), to.precision(),
                                to.scale());
                    }
                    continue;
                }
            }
            BigDecimal fitted = Decimals.fit(Decimals.big(a, r, from.scale()), to.precision(), to.scale());
            if (fitted == null) {
                throw ValueErrors.decimalOutOfRange(Decimals.big(a, r, from.scale()), to.precision(), to.scale());
            } else {
                Decimals.setBig(o, r, fitted);
            }
        }
    }

    private static void decimalToDouble(ArrowBuf a, int scale, ArrowBuf o, ArrowBuf validity, int n) {
        double divisor = scale <= 22 ? Math.pow(10, scale) : 0;
        for (int r = 0; r < n; r++) {
            double value;
            long low = Decimals.low(a, r);
            if (divisor != 0 && Decimals.fitsLong(a, r) && Math.abs(low) < (1L << 53)) {
                // Both operands are exact doubles, so one IEEE division rounds correctly.
                value = low / divisor;
            } else {
                value = Decimals.big(a, r, scale).doubleValue();
            }
            o.setDouble((long) r << 3, value);
        }
    }

    private void castGeneric(FieldVector src, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        PhysicalKind targetKind = Kernels.kind(type);
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            Object value = read(src, r);
            Object converted = Casts.cast(value, from, type, zone);
            if (converted == null) {
                Bits.clear(validity, r);
                continue;
            }
            write(out, targetKind, r, converted);
        }
    }

    private UpdraftException castOverflow(String value) {
        return ValueErrors.castOverflow(value, from, type);
    }

    /** The internal (boxed) value of a non-null row. */
    private Object read(FieldVector v, int r) {
        ArrowBuf data = v.getDataBuffer();
        return switch (Kernels.kind(from)) {
            case BOOLEAN -> Bits.get(data, r);
            case INT8 -> data.getByte(r);
            case INT16 -> data.getShort((long) r << 1);
            case FLOAT32 -> data.getFloat((long) r << 2);
            case INT32 -> data.getInt((long) r << 2);
            case INT64 -> data.getLong((long) r << 3);
            case FLOAT64 -> data.getDouble((long) r << 3);
            case DECIMAL -> Decimals.big(data, r, ((DecimalType) from).scale());
            case BINARY -> ((org.apache.arrow.vector.VarBinaryVector) v).get(r);
            case UTF8 -> {
                ArrowBuf offsets = v.getOffsetBuffer();
                int start = offsets.getInt((long) r << 2);
                int end = offsets.getInt(((long) r << 2) + 4);
                byte[] bytes = new byte[end - start];
                data.getBytes(start, bytes, 0, bytes.length);
                yield new String(bytes, StandardCharsets.UTF_8);
            }
            case NULL -> null;
            case LIST, MAP, STRUCT -> throw new IllegalStateException("casts of " + from.simpleString()
                    + " are not supported");
        };
    }

    private void write(FieldVector out, PhysicalKind kind, int r, Object value) {
        ArrowBuf data = out.getDataBuffer();
        switch (kind) {
            case BOOLEAN -> {
                if ((Boolean) value) {
                    Bits.set(data, r);
                }
            }
            case INT8 -> data.setByte(r, (Byte) value);
            case INT16 -> data.setShort((long) r << 1, (Short) value);
            case FLOAT32 -> data.setFloat((long) r << 2, (Float) value);
            case BINARY -> {
                byte[] bytes = (byte[]) value;
                ((org.apache.arrow.vector.VarBinaryVector) out).setSafe(r, bytes, 0, bytes.length);
            }
            case INT32 -> data.setInt((long) r << 2, (Integer) value);
            case INT64 -> data.setLong((long) r << 3, (Long) value);
            case FLOAT64 -> data.setDouble((long) r << 3, (Double) value);
            case DECIMAL -> Decimals.setBig(data, r,
                    ((BigDecimal) value).setScale(((DecimalType) type).scale(), RoundingMode.HALF_UP));
            case UTF8 -> {
                byte[] bytes = ((String) value).getBytes(StandardCharsets.UTF_8);
                ((VarCharVector) out).setSafe(r, bytes, 0, bytes.length);
            }
            case NULL -> {
            }
            case LIST, MAP, STRUCT -> throw new IllegalStateException("casts to " + type.simpleString()
                    + " are not supported");
        }
    }
}
