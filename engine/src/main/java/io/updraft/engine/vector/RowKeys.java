package io.updraft.engine.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Hashing and equality of key values, a column at a time, with the semantics of grouping and join keys:
 * doubles and floats are normalized (-0.0 = 0.0, every NaN = NaN), decimals hash by value at their type's scale,
 * strings by their UTF-8 bytes, binaries by their bytes, tinyint and smallint as the int they widen to, a
 * struct field by field (Spark's order: field by field, a null field first), an array (and a map, as its
 * entries) element by element. Hashes are {@link Murmur3} chained over the columns (each column's hash
 * is seeded with the previous one), so they are the same in every JVM; a null leaves the hash as it is, as Spark's
 * {@code Murmur3Hash} does (so a shuffle puts a null key in the partition Spark puts it in: {@code hash(null)} = 42).
 * Stateless.
 */
public final class RowKeys {
    /** Seed of shuffle hash partitioning. */
    public static final int SHUFFLE_SEED = 42;

    private RowKeys() {
    }

    /** Sets {@code hashes[0..n)} to {@code seed}. */
    public static void seed(int[] hashes, int n, int seed) {
        java.util.Arrays.fill(hashes, 0, n, seed);
    }

    /** Folds column {@code v}'s values of rows [0, n) into {@code hashes} (each entry is the seed). */
    public static void hash(FieldVector v, int n, int[] hashes) {
        PhysicalKind kind = Vectors.kindOf(v);
        if (kind == PhysicalKind.NULL) {
            return;   // every row null: the hashes stay as they are
        }
        if (kind == PhysicalKind.LIST || kind == PhysicalKind.MAP || kind == PhysicalKind.STRUCT) {
            for (int i = 0; i < n; i++) {
                hashes[i] = hashValue(v, i, hashes[i]);
            }
            return;
        }
        ArrowBuf validity = v.getValidityBuffer();
        ArrowBuf data = v.getDataBuffer();
        ArrowBuf offsets = kind == PhysicalKind.UTF8 || kind == PhysicalKind.BINARY ? v.getOffsetBuffer() : null;
        for (int i = 0; i < n; i++) {
            int h = hashes[i];
            if (!Bits.get(validity, i)) {
                continue;
            }
            hashes[i] = switch (kind) {
                case BOOLEAN -> Murmur3.hashInt(Bits.get(data, i) ? 1 : 0, h);
                case INT8 -> Murmur3.hashInt(data.getByte(i), h);
                case INT16 -> Murmur3.hashInt(data.getShort((long) i << 1), h);
                case INT32 -> Murmur3.hashInt(data.getInt((long) i << 2), h);
                case INT64 -> Murmur3.hashLong(data.getLong((long) i << 3), h);
                case FLOAT32 -> Murmur3.hashInt(normalizedBits(data.getFloat((long) i << 2)), h);
                case FLOAT64 -> Murmur3.hashLong(normalizedBits(data.getDouble((long) i << 3)), h);
                case DECIMAL -> {
                    long low = data.getLong((long) i << 4);
                    long high = data.getLong(((long) i << 4) + 8);
                    yield high == (low >> 63) ? Murmur3.hashLong(low, h)
                            : Murmur3.hashLong(high, Murmur3.hashLong(low, h));
                }
                case UTF8, BINARY -> {
                    int start = offsets.getInt((long) i << 2);
                    int end = offsets.getInt(((long) i << 2) + 4);
                    yield Murmur3.hashBytes(data, start, end - start, h);
                }
                case NULL, LIST, MAP, STRUCT -> h;
            };
        }
    }

    /**
     * Hash of one row of any vector, null or not, chained from {@code h}: the same value {@link #hash} gives for
     * scalar columns; an array hashes its length, then each element in order.
     */
    public static int hashValue(FieldVector v, int row, int h) {
        PhysicalKind kind = Vectors.kindOf(v);
        if (kind == PhysicalKind.NULL || !Bits.get(v.getValidityBuffer(), row)) {
            return h;
        }
        if (kind == PhysicalKind.STRUCT) {
            StructVector struct = (StructVector) v;
            int out = h;
            for (int f = 0; f < struct.size(); f++) {
                out = hashValue((FieldVector) struct.getChildByOrdinal(f), row, out);
            }
            return out;
        }
        if (kind == PhysicalKind.LIST || kind == PhysicalKind.MAP) {
            ListVector list = (ListVector) v;
            int start = list.getOffsetBuffer().getInt((long) row << 2);
            int end = list.getOffsetBuffer().getInt(((long) row << 2) + 4);
            int out = Murmur3.hashInt(end - start, h);
            FieldVector child = list.getDataVector();
            for (int e = start; e < end; e++) {
                out = hashValue(child, e, out);
            }
            return out;
        }
        ArrowBuf data = v.getDataBuffer();
        return switch (kind) {
            case BOOLEAN -> Murmur3.hashInt(Bits.get(data, row) ? 1 : 0, h);
            case INT8 -> Murmur3.hashInt(data.getByte(row), h);
            case INT16 -> Murmur3.hashInt(data.getShort((long) row << 1), h);
            case INT32 -> Murmur3.hashInt(data.getInt((long) row << 2), h);
            case INT64 -> Murmur3.hashLong(data.getLong((long) row << 3), h);
            case FLOAT32 -> Murmur3.hashInt(normalizedBits(data.getFloat((long) row << 2)), h);
            case FLOAT64 -> Murmur3.hashLong(normalizedBits(data.getDouble((long) row << 3)), h);
            case DECIMAL -> {
                long low = data.getLong((long) row << 4);
                long high = data.getLong(((long) row << 4) + 8);
                yield high == (low >> 63) ? Murmur3.hashLong(low, h) : Murmur3.hashLong(high, Murmur3.hashLong(low, h));
            }
            case UTF8, BINARY -> {
                ArrowBuf offsets = v.getOffsetBuffer();
                int start = offsets.getInt((long) row << 2);
                yield Murmur3.hashBytes(data, start, offsets.getInt(((long) row << 2) + 4) - start, h);
            }
            case NULL, LIST, MAP, STRUCT -> h;
        };
    }

    /** Canonical bits of a double: -0.0 as 0.0, every NaN as the one canonical NaN. */
    public static long normalizedBits(double d) {
        if (d == 0.0) {
            return 0L;
        }
        return Double.doubleToLongBits(d);
    }

    /** Canonical bits of a float: -0.0 as 0.0, every NaN as the one canonical NaN. */
    public static int normalizedBits(float f) {
        if (f == 0.0f) {
            return 0;
        }
        return Float.floatToIntBits(f);
    }

    /** Whether row {@code ra} of {@code a} and row {@code rb} of {@code b} (both non-null, same type) are equal. */
    public static boolean valuesEqual(PhysicalKind kind, FieldVector a, int ra, FieldVector b, int rb) {
        if (kind == PhysicalKind.LIST || kind == PhysicalKind.MAP) {
            return compareLists((ListVector) a, ra, (ListVector) b, rb, true) == 0;
        }
        if (kind == PhysicalKind.STRUCT) {
            return compareStructs((StructVector) a, ra, (StructVector) b, rb, true) == 0;
        }
        ArrowBuf ad = a.getDataBuffer();
        ArrowBuf bd = b.getDataBuffer();
        return switch (kind) {
            case BOOLEAN -> Bits.get(ad, ra) == Bits.get(bd, rb);
            case INT8 -> ad.getByte(ra) == bd.getByte(rb);
            case INT16 -> ad.getShort((long) ra << 1) == bd.getShort((long) rb << 1);
            case INT32 -> ad.getInt((long) ra << 2) == bd.getInt((long) rb << 2);
            case INT64 -> ad.getLong((long) ra << 3) == bd.getLong((long) rb << 3);
            case FLOAT32 -> {
                float x = ad.getFloat((long) ra << 2);
                float y = bd.getFloat((long) rb << 2);
                yield x == y || (x != x && y != y);
            }
            case FLOAT64 -> {
                double x = ad.getDouble((long) ra << 3);
                double y = bd.getDouble((long) rb << 3);
                yield x == y || (x != x && y != y);
            }
            case DECIMAL -> ad.getLong((long) ra << 4) == bd.getLong((long) rb << 4)
                    && ad.getLong(((long) ra << 4) + 8) == bd.getLong(((long) rb << 4) + 8);
            case UTF8, BINARY -> {
                ArrowBuf ao = a.getOffsetBuffer();
                ArrowBuf bo = b.getOffsetBuffer();
                int as = ao.getInt((long) ra << 2);
                int ae = ao.getInt(((long) ra << 2) + 4);
                int bs = bo.getInt((long) rb << 2);
                int be = bo.getInt(((long) rb << 2) + 4);
                yield ae - as == be - bs && ByteFunctionHelpers.equal(ad, as, ae, bd, bs, be) == 1;
            }
            case NULL, LIST, MAP, STRUCT -> true;
        };
    }

    /**
     * Natural ascending order of two non-null values of the same type: doubles and floats as Spark (NaN
     * largest, -0.0 = 0.0), strings and binaries by unsigned bytes, decimals by unscaled value (same scale),
     * structs field by field (a null field first), arrays element by element.
     */
    public static int compareValues(PhysicalKind kind, FieldVector a, int ra, FieldVector b, int rb) {
        if (kind == PhysicalKind.LIST || kind == PhysicalKind.MAP) {
            return compareLists((ListVector) a, ra, (ListVector) b, rb, false);
        }
        if (kind == PhysicalKind.STRUCT) {
            return compareStructs((StructVector) a, ra, (StructVector) b, rb, false);
        }
        ArrowBuf ad = a.getDataBuffer();
        ArrowBuf bd = b.getDataBuffer();
        return switch (kind) {
            case BOOLEAN -> Boolean.compare(Bits.get(ad, ra), Bits.get(bd, rb));
            case INT8 -> Byte.compare(ad.getByte(ra), bd.getByte(rb));
            case INT16 -> Short.compare(ad.getShort((long) ra << 1), bd.getShort((long) rb << 1));
            case INT32 -> Integer.compare(ad.getInt((long) ra << 2), bd.getInt((long) rb << 2));
            case INT64 -> Long.compare(ad.getLong((long) ra << 3), bd.getLong((long) rb << 3));
            case FLOAT32 -> {
                float x = ad.getFloat((long) ra << 2);
                float y = bd.getFloat((long) rb << 2);
                yield x == y ? 0 : Float.compare(x, y);
            }
            case FLOAT64 -> {
                double x = ad.getDouble((long) ra << 3);
                double y = bd.getDouble((long) rb << 3);
                yield x == y ? 0 : Double.compare(x, y);
            }
            case DECIMAL -> {
                long ah = ad.getLong(((long) ra << 4) + 8);
                long bh = bd.getLong(((long) rb << 4) + 8);
                yield ah != bh ? Long.compare(ah, bh)
                        : Long.compareUnsigned(ad.getLong((long) ra << 4), bd.getLong((long) rb << 4));
            }
            case UTF8, BINARY -> {
                ArrowBuf ao = a.getOffsetBuffer();
                ArrowBuf bo = b.getOffsetBuffer();
                yield ByteFunctionHelpers.compare(ad, ao.getInt((long) ra << 2), ao.getInt(((long) ra << 2) + 4),
                        bd, bo.getInt((long) rb << 2), bo.getInt(((long) rb << 2) + 4));
            }
            case NULL, LIST, MAP, STRUCT -> 0;
        };
    }

    /** Spark's struct order: field by field, a null field before any value. */
    private static int compareStructs(StructVector a, int ra, StructVector b, int rb, boolean equalityOnly) {
        for (int f = 0; f < a.size(); f++) {
            FieldVector ac = (FieldVector) a.getChildByOrdinal(f);
            FieldVector bc = (FieldVector) b.getChildByOrdinal(f);
            PhysicalKind kind = Vectors.kindOf(ac);
            if (kind == PhysicalKind.NULL) {
                continue;
            }
            boolean aValid = Bits.get(ac.getValidityBuffer(), ra);
            boolean bValid = Bits.get(bc.getValidityBuffer(), rb);
            if (aValid != bValid) {
                return aValid ? 1 : -1;
            }
            if (!aValid) {
                continue;
            }
            int c = equalityOnly ? (valuesEqual(kind, ac, ra, bc, rb) ? 0 : 1) : compareValues(kind, ac, ra, bc, rb);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Spark's array order: element by element (a null element before any value), then the shorter array first.
     * With {@code equalityOnly} the lengths are compared first (any non-zero result means "different").
     */
    private static int compareLists(ListVector a, int ra, ListVector b, int rb, boolean equalityOnly) {
        int as = a.getOffsetBuffer().getInt((long) ra << 2);
        int ae = a.getOffsetBuffer().getInt(((long) ra << 2) + 4);
        int bs = b.getOffsetBuffer().getInt((long) rb << 2);
        int be = b.getOffsetBuffer().getInt(((long) rb << 2) + 4);
        if (equalityOnly && ae - as != be - bs) {
            return 1;
        }
        FieldVector ac = a.getDataVector();
        FieldVector bc = b.getDataVector();
        PhysicalKind kind = Vectors.kindOf(ac);
        int n = Math.min(ae - as, be - bs);
        for (int k = 0; k < n; k++) {
            if (kind == PhysicalKind.NULL) {
                continue;
            }
            boolean aValid = Bits.get(ac.getValidityBuffer(), as + k);
            boolean bValid = Bits.get(bc.getValidityBuffer(), bs + k);
            if (aValid != bValid) {
                return aValid ? 1 : -1;
            }
            if (!aValid) {
                continue;
            }
            int c = equalityOnly ? (valuesEqual(kind, ac, as + k, bc, bs + k) ? 0 : 1)
                    : compareValues(kind, ac, as + k, bc, bs + k);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(ae - as, be - bs);
    }

    /**
     * Whether the rows are equal on every key column, nulls equal to nulls (grouping and partitioning
     * semantics).
     */
    public static boolean rowsEqual(FieldVector[] a, int ra, FieldVector[] b, int rb) {
        for (int c = 0; c < a.length; c++) {
            PhysicalKind kind = Vectors.kindOf(a[c]);
            if (kind == PhysicalKind.NULL) {
                continue;
            }
            boolean aValid = Bits.get(a[c].getValidityBuffer(), ra);
            boolean bValid = Bits.get(b[c].getValidityBuffer(), rb);
            if (aValid != bValid) {
                return false;
            }
            if (aValid && !valuesEqual(kind, a[c], ra, b[c], rb)) {
                return false;
            }
        }
        return true;
    }
}
