package io.updraft.engine.operator;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.FieldVector;

import java.util.List;

/**
 * Compares two rows, each identified by (batch, row), on one sort key whose values were evaluated per
 * batch. Nulls go first or last regardless of direction; doubles order as Spark (NaN largest, -0.0 = 0.0);
 * strings and binaries by unsigned bytes; structs as Spark ({@link RowKeys#compareValues}); arrays and maps are refused.
 */
final class SortKeyComparator {
    private final PhysicalKind kind;
    private final boolean ascending;
    private final boolean nullsFirst;
    private final ArrowBuf[] validity;
    private final ArrowBuf[] data;
    private final ArrowBuf[] offsets;
    /** The key vectors themselves, for nested kinds (arrays, structs). */
    private final FieldVector[] vectors;

    SortKeyComparator(PhysicalKind kind, boolean ascending, boolean nullsFirst, List<FieldVector> perBatch) {
        if (kind == PhysicalKind.LIST) {
            throw io.updraft.core.error.UpdraftException.user("Sorting by an array column is not supported yet");
        }
        if (kind == PhysicalKind.MAP) {
            throw io.updraft.core.error.UpdraftException.user("Sorting by a map column is not supported");
        }
        this.kind = kind;
        this.ascending = ascending;
        this.nullsFirst = nullsFirst;
        int batches = perBatch.size();
        validity = new ArrowBuf[batches];
        data = new ArrowBuf[batches];
        offsets = new ArrowBuf[batches];
        vectors = new FieldVector[batches];
        for (int b = 0; b < batches; b++) {
            setBatch(b, perBatch.get(b));
        }
    }

    /** Points slot {@code b} at new key values (a merge cursor moving to its next batch). */
    void setBatch(int b, FieldVector v) {
        if (v == null) {
            validity[b] = null;
            data[b] = null;
            offsets[b] = null;
            vectors[b] = null;
            return;
        }
        vectors[b] = v;
        if (kind != PhysicalKind.NULL) {
            validity[b] = v.getValidityBuffer();
        }
        if (kind != PhysicalKind.NULL && kind != PhysicalKind.STRUCT) {
            data[b] = v.getDataBuffer();
        }
        if (kind == PhysicalKind.UTF8 || kind == PhysicalKind.BINARY) {
            offsets[b] = v.getOffsetBuffer();
        }
    }

    int compare(int ba, int ra, int bb, int rb) {
        if (kind == PhysicalKind.NULL) {
            return 0;
        }
        boolean aNull = !Bits.get(validity[ba], ra);
        boolean bNull = !Bits.get(validity[bb], rb);
        if (aNull || bNull) {
            if (aNull && bNull) {
                return 0;
            }
            return aNull == nullsFirst ? -1 : 1;
        }
        int c = switch (kind) {
            case BOOLEAN -> Boolean.compare(Bits.get(data[ba], ra), Bits.get(data[bb], rb));
            case INT8 -> Byte.compare(data[ba].getByte(ra), data[bb].getByte(rb));
            case INT16 -> Short.compare(data[ba].getShort((long) ra << 1), data[bb].getShort((long) rb << 1));
            case FLOAT32 -> {
                float x = data[ba].getFloat((long) ra << 2);
                float y = data[bb].getFloat((long) rb << 2);
                yield x == y ? 0 : Float.compare(x, y);
            }
            case INT32 -> Integer.compare(data[ba].getInt((long) ra << 2), data[bb].getInt((long) rb << 2));
            case INT64 -> Long.compare(data[ba].getLong((long) ra << 3), data[bb].getLong((long) rb << 3));
            case FLOAT64 -> {
                double x = data[ba].getDouble((long) ra << 3);
                double y = data[bb].getDouble((long) rb << 3);
                yield x == y ? 0 : Double.compare(x, y);
            }
            case DECIMAL -> compareDecimal(data[ba], ra, data[bb], rb);
            case UTF8, BINARY -> {
                int as = offsets[ba].getInt((long) ra << 2);
                int ae = offsets[ba].getInt(((long) ra << 2) + 4);
                int bs = offsets[bb].getInt((long) rb << 2);
                int be = offsets[bb].getInt(((long) rb << 2) + 4);
                yield ByteFunctionHelpers.compare(data[ba], as, ae, data[bb], bs, be);
            }
            case LIST, STRUCT, MAP -> RowKeys.compareValues(kind, vectors[ba], ra, vectors[bb], rb);
            case NULL -> 0;
        };
        return ascending ? c : -c;
    }

    private int compareDecimal(ArrowBuf a, int ra, ArrowBuf b, int rb) {
        long ahi = a.getLong(((long) ra << 4) + 8);
        long bhi = b.getLong(((long) rb << 4) + 8);
        if (ahi != bhi) {
            return ahi < bhi ? -1 : 1;
        }
        return Long.compareUnsigned(a.getLong((long) ra << 4), b.getLong((long) rb << 4));
    }
}
