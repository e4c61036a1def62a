package io.updraft.engine.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.TransferPair;

import java.util.List;

/**
 * Copying rows between vectors, type-specialized by {@link PhysicalKind}: gathering selected rows
 * (filter, sort, limit) and zero-copy sharing of a whole vector. Stateless.
 */
public final class Vectors {
    private Vectors() {
    }

    public static PhysicalKind kindOf(ValueVector v) {
        if (v instanceof BitVector) {
            return PhysicalKind.BOOLEAN;
        }
        if (v instanceof IntVector || v instanceof DateDayVector) {
            return PhysicalKind.INT32;
        }
        if (v instanceof BigIntVector || v instanceof TimeStampVector) {
            return PhysicalKind.INT64;
        }
        if (v instanceof Float8Vector) {
            return PhysicalKind.FLOAT64;
        }
        if (v instanceof DecimalVector) {
            return PhysicalKind.DECIMAL;
        }
        if (v instanceof VarCharVector) {
            return PhysicalKind.UTF8;
        }
        if (v instanceof NullVector) {
            return PhysicalKind.NULL;
        }
        if (v instanceof MapVector) {
            return PhysicalKind.MAP;
        }
        if (v instanceof ListVector) {
            return PhysicalKind.LIST;
        }
        if (v instanceof TinyIntVector) {
            return PhysicalKind.INT8;
        }
        if (v instanceof SmallIntVector) {
            return PhysicalKind.INT16;
        }
        if (v instanceof Float4Vector) {
            return PhysicalKind.FLOAT32;
        }
        if (v instanceof VarBinaryVector) {
            return PhysicalKind.BINARY;
        }
        if (v instanceof StructVector) {
            return PhysicalKind.STRUCT;
        }
        throw new IllegalArgumentException("unsupported vector " + v.getClass().getSimpleName());
    }

    /** A new vector of the same field holding all values of {@code v}, sharing its buffers (no copy of data). */
    public static FieldVector share(FieldVector v, BufferAllocator allocator) {
        int n = v.getValueCount();
        if (n == 0) {
            FieldVector empty = v.getField().createVector(allocator);
            empty.allocateNew();
            empty.setValueCount(0);
            return empty;
        }
        TransferPair pair = v.getTransferPair(allocator);
        pair.splitAndTransfer(0, n);
        return (FieldVector) pair.getTo();
    }

    /** Rows [from, from + count) of {@code v} as a new vector. */
    public static FieldVector slice(FieldVector v, int from, int count, BufferAllocator allocator) {
        if (from == 0 && count == v.getValueCount()) {
            return share(v, allocator);
        }
        if (count == 0) {
            FieldVector empty = v.getField().createVector(allocator);
            empty.allocateNew();
            empty.setValueCount(0);
            return empty;
        }
        TransferPair pair = v.getTransferPair(allocator);
        pair.splitAndTransfer(from, count);
        return (FieldVector) pair.getTo();
    }

    /**
     * Allocates {@code vector} (a fixed-width vector that is not a {@link BitVector}) for {@code n} values with a
     * zeroed validity buffer and a data buffer that is not zeroed, for writers that set every value slot (nulls
     * too: hashing and comparison kernels read a null slot's data and expect it to be deterministic). Arrow's
     * {@code allocateNew} zeroes both buffers, which showed as 5 to 7 % of the samples of scan-heavy queries.
     */
    public static void allocateForOverwrite(BaseFixedWidthVector vector, int n) {
        if (vector instanceof BitVector) {
            vector.allocateNew(n);
            return;
        }
        BufferAllocator allocator = vector.getAllocator();
        long validityBytes = ((long) Bits.bytesFor(n) + 7) & ~7L;
        long dataBytes = ((long) n * vector.getTypeWidth() + 7) & ~7L;
        try (ArrowBuf validity = allocator.buffer(Math.max(validityBytes, 8));
             ArrowBuf data = allocator.buffer(Math.max(dataBytes, 8))) {
            validity.setZero(0, validity.capacity());
            // loadFieldBuffers keeps buffers it is given (a non-empty validity buffer as is) and takes a reference
            vector.loadFieldBuffers(new ArrowFieldNode(n, 0), List.of(validity, data));
        }
    }

    /** Rows {@code rows[0..count)} of {@code source}, in that order, as a new vector. */
    public static FieldVector gather(FieldVector source, int[] rows, int count, BufferAllocator allocator) {
        return gather(new FieldVector[] {source}, null, rows, 0, count, allocator);
    }

    /**
     * Row {@code rows[from + i]} of {@code sources[sourceIndex[from + i]]} for i in [0, count), as a new
     * vector (sourceIndex null means every row comes from sources[0]). All sources have the same field.
     * A negative row yields null (outer-join padding, missing window values).
     */
    public static FieldVector gather(FieldVector[] sources, int[] sourceIndex, int[] rows, int from, int count,
                                     BufferAllocator allocator) {
        FieldVector first = sources[0];
        PhysicalKind kind = kindOf(first);
        if (kind == PhysicalKind.NULL) {
            return new NullVector(first.getField(), count);
        }
        if (kind == PhysicalKind.LIST || kind == PhysicalKind.MAP) {
            return gatherList(sources, sourceIndex, rows, from, count, allocator);
        }
        if (kind == PhysicalKind.STRUCT) {
            return gatherStruct(sources, sourceIndex, rows, from, count, allocator);
        }
        FieldVector out = first.getField().createVector(allocator);
        try {
            int s = sources.length;
            ArrowBuf[] validity = new ArrowBuf[s];
            ArrowBuf[] data = new ArrowBuf[s];
            for (int k = 0; k < s; k++) {
                validity[k] = sources[k].getValidityBuffer();
                data[k] = sources[k].getDataBuffer();
            }
            if (kind == PhysicalKind.UTF8 || kind == PhysicalKind.BINARY) {
                gatherVariable(sources, sourceIndex, rows, from, count, (BaseVariableWidthVector) out, validity, data);
            } else {
                // every slot is written below, a padding row's with zeros
                allocateForOverwrite((BaseFixedWidthVector) out, Math.max(count, 1));
                ArrowBuf outValidity = out.getValidityBuffer();
                ArrowBuf outData = out.getDataBuffer();
                gatherValidity(sources, validity, sourceIndex, rows, from, count, outValidity);
                switch (kind) {
                    case BOOLEAN -> gatherBits(data, sourceIndex, rows, from, count, outData);
                    case INT8 -> {
                        for (int i = 0; i < count; i++) {
                            int row = rows[from + i];
                            if (row >= 0) {
                                int src = sourceIndex == null ? 0 : sourceIndex[from + i];
                                outData.setByte(i, data[src].getByte(row));
                            } else {
                                outData.setByte(i, 0);
                            }
                        }
                    }
                    case INT16 -> {
                        for (int i = 0; i < count; i++) {
                            int row = rows[from + i];
                            if (row >= 0) {
                                int src = sourceIndex == null ? 0 : sourceIndex[from + i];
                                outData.setShort((long) i << 1, data[src].getShort((long) row << 1));
                            } else {
                                outData.setShort((long) i << 1, 0);
                            }
                        }
                    }
                    case INT32, FLOAT32 -> {
                        for (int i = 0; i < count; i++) {
                            int row = rows[from + i];
                            if (row >= 0) {
                                int src = sourceIndex == null ? 0 : sourceIndex[from + i];
                                outData.setInt((long) i << 2, data[src].getInt((long) row << 2));
                            } else {
                                outData.setInt((long) i << 2, 0);
                            }
                        }
                    }
                    case INT64, FLOAT64 -> {
                        for (int i = 0; i < count; i++) {
                            int row = rows[from + i];
                            if (row >= 0) {
                                int src = sourceIndex == null ? 0 : sourceIndex[from + i];
                                outData.setLong((long) i << 3, data[src].getLong((long) row << 3));
                            } else {
                                outData.setLong((long) i << 3, 0);
                            }
                        }
                    }
                    case DECIMAL -> {
                        for (int i = 0; i < count; i++) {
                            int row = rows[from + i];
                            if (row >= 0) {
                                int src = sourceIndex == null ? 0 : sourceIndex[from + i];
                                long at = (long) row << 4;
                                outData.setLong((long) i << 4, data[src].getLong(at));
                                outData.setLong(((long) i << 4) + 8, data[src].getLong(at + 8));
                            } else {
                                outData.setLong((long) i << 4, 0);
                                outData.setLong(((long) i << 4) + 8, 0);
                            }
                        }
                    }
                    default -> throw new IllegalStateException("unexpected kind " + kind);
                }
            }
            out.setValueCount(count);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /**
     * Gathers list rows: the selected rows' elements are gathered (recursively, by kind) into one child
     * vector, then offsets and validity are written around it.
     */
    private static FieldVector gatherList(FieldVector[] sources, int[] sourceIndex, int[] rows, int from, int count,
                                          BufferAllocator allocator) {
        int s = sources.length;
        FieldVector[] children = new FieldVector[s];
        ArrowBuf[] offsets = new ArrowBuf[s];
        ArrowBuf[] validity = new ArrowBuf[s];
        for (int k = 0; k < s; k++) {
            ListVector list = (ListVector) sources[k];
            children[k] = list.getDataVector();
            offsets[k] = list.getOffsetBuffer();
            validity[k] = list.getValidityBuffer();
        }
        long total = 0;
        for (int i = 0; i < count; i++) {
            int row = rows[from + i];
            if (row >= 0) {
                int src = sourceIndex == null ? 0 : sourceIndex[from + i];
                if (Bits.get(validity[src], row)) {
                    total += offsets[src].getInt(((long) row << 2) + 4) - offsets[src].getInt((long) row << 2);
                }
            }
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalStateException("array column too large for one batch: " + total + " elements");
        }
        int[] childRows = new int[(int) total];
        int[] childSources = sourceIndex == null ? null : new int[(int) total];
        ListVector out = (ListVector) sources[0].getField().createVector(allocator);
        try {
            out.setInitialCapacity(Math.max(count, 1));
            out.allocateNew();
            ArrowBuf outOffsets = out.getOffsetBuffer();
            ArrowBuf outValidity = out.getValidityBuffer();
            outValidity.setZero(0, outValidity.capacity());
            int position = 0;
            outOffsets.setInt(0, 0);
            for (int i = 0; i < count; i++) {
                int row = rows[from + i];
                int src = sourceIndex == null ? 0 : sourceIndex[from + i];
                if (row >= 0 && Bits.get(validity[src], row)) {
                    int start = offsets[src].getInt((long) row << 2);
                    int end = offsets[src].getInt(((long) row << 2) + 4);
                    for (int e = start; e < end; e++) {
                        childRows[position] = e;
                        if (childSources != null) {
                            childSources[position] = src;
                        }
                        position++;
                    }
                    Bits.set(outValidity, i);
                }
                outOffsets.setInt((long) (i + 1) << 2, position);
            }
            try (FieldVector child = gather(children, childSources, childRows, 0, position, allocator)) {
                child.makeTransferPair(out.getDataVector()).transfer();
            }
            out.setLastSet(count - 1);
            out.setValueCount(count);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /**
     * Gathers struct rows: each field's child is gathered with the same rows (a null struct's fields too, so
     * children stay as long as the struct), then the struct's validity is written.
     */
    private static FieldVector gatherStruct(FieldVector[] sources, int[] sourceIndex, int[] rows, int from,
                                            int count, BufferAllocator allocator) {
        int s = sources.length;
        ArrowBuf[] validity = new ArrowBuf[s];
        for (int k = 0; k < s; k++) {
            validity[k] = sources[k].getValidityBuffer();
        }
        StructVector out = (StructVector) sources[0].getField().createVector(allocator);
        try {
            out.setInitialCapacity(Math.max(count, 1));
            out.allocateNew();
            ArrowBuf outValidity = out.getValidityBuffer();
            outValidity.setZero(0, outValidity.capacity());
            gatherBits(validity, sourceIndex, rows, from, count, outValidity);
            int fields = out.size();
            for (int f = 0; f < fields; f++) {
                FieldVector[] children = new FieldVector[s];
                for (int k = 0; k < s; k++) {
                    children[k] = (FieldVector) ((StructVector) sources[k]).getChildByOrdinal(f);
                }
                try (FieldVector child = gather(children, sourceIndex, rows, from, count, allocator)) {
                    child.makeTransferPair(out.getChildByOrdinal(f)).transfer();
                }
            }
            out.setValueCount(count);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** A vector of {@code count} nulls of {@code field}'s type. */
    public static FieldVector nulls(Field field, int count, BufferAllocator allocator) {
        if (field.getType() instanceof ArrowType.Null) {
            return new NullVector(field, count);
        }
        FieldVector out = field.createVector(allocator);
        if (out instanceof StructVector struct) {
            try {
                struct.setInitialCapacity(Math.max(count, 1));
                struct.allocateNew();
                struct.getValidityBuffer().setZero(0, struct.getValidityBuffer().capacity());
                for (int f = 0; f < struct.size(); f++) {
                    try (FieldVector child = nulls(struct.getChildByOrdinal(f).getField(), count, allocator)) {
                        child.makeTransferPair(struct.getChildByOrdinal(f)).transfer();
                    }
                }
                struct.setValueCount(count);
                return struct;
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
        }
        if (out instanceof ListVector list) {
            try {
                list.setInitialCapacity(Math.max(count, 1));
                list.allocateNew();
                list.getValidityBuffer().setZero(0, list.getValidityBuffer().capacity());
                list.getOffsetBuffer().setZero(0, list.getOffsetBuffer().capacity());
                list.setValueCount(count);
                return list;
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
        }
        try {
            if (out instanceof BaseFixedWidthVector fixed) {
                fixed.allocateNew(Math.max(count, 1));
            } else if (out instanceof BaseVariableWidthVector variable) {
                variable.allocateNew(16, Math.max(count, 1));
            }
            out.getValidityBuffer().setZero(0, out.getValidityBuffer().capacity());
            if (out instanceof BaseVariableWidthVector) {
                out.getOffsetBuffer().setZero(0, out.getOffsetBuffer().capacity());
            }
            out.setValueCount(count);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** Bytes of Arrow memory a batch's vectors reference (buffers shared between vectors count twice). */
    public static long allocatedBytes(Batch batch) {
        long total = 0;
        for (FieldVector v : batch.vectors()) {
            total += allocatedBytes(v);
        }
        return total;
    }

    /** Capacity of the vector's buffers (read without touching the vector's state). */
    public static long allocatedBytes(FieldVector v) {
        if (v instanceof NullVector) {
            return 0;
        }
        if (v instanceof ListVector list) {
            return list.getValidityBuffer().capacity() + list.getOffsetBuffer().capacity()
                    + allocatedBytes(list.getDataVector());
        }
        if (v instanceof StructVector struct) {
            long total = struct.getValidityBuffer().capacity();
            for (int f = 0; f < struct.size(); f++) {
                total += allocatedBytes((FieldVector) struct.getChildByOrdinal(f));
            }
            return total;
        }
        long total = v.getValidityBuffer().capacity() + v.getDataBuffer().capacity();
        if (v instanceof BaseVariableWidthVector) {
            total += v.getOffsetBuffer().capacity();
        }
        return total;
    }

    /** Rows [from, from + count) of every column of {@code batch}, as a new batch. */
    public static Batch slice(Batch batch, int from, int count, BufferAllocator allocator) {
        java.util.List<FieldVector> out = new java.util.ArrayList<>(batch.columnCount());
        try {
            for (FieldVector v : batch.vectors()) {
                out.add(slice(v, from, count, allocator));
            }
            return Batch.of(count, out);
        } catch (RuntimeException e) {
            out.forEach(FieldVector::close);
            throw e;
        }
    }

    /**
     * The validity of the gathered rows. When no source has a null (the common case: a popcount of each source's
     * validity), only the negative rows (padding) are null and the source bits need not be read.
     */
    private static void gatherValidity(FieldVector[] sources, ArrowBuf[] validity, int[] sourceIndex, int[] rows,
                                       int from, int count, ArrowBuf out) {
        for (FieldVector source : sources) {
            if (source.getNullCount() != 0) {
                gatherBits(validity, sourceIndex, rows, from, count, out);
                return;
            }
        }
        int nbytes = Bits.bytesFor(count);
        long word = 0;
        for (int i = 0; i < count; i++) {
            word |= (long) (~rows[from + i] >>> 31) << (i & 63);
            if ((i & 63) == 63) {
                Bits.storeWord(out, i >>> 6, word, nbytes);
                word = 0;
            }
        }
        if ((count & 63) != 0) {
            Bits.storeWord(out, count >>> 6, word, nbytes);
        }
    }

    private static void gatherBits(ArrowBuf[] bits, int[] sourceIndex, int[] rows, int from, int count,
                                   ArrowBuf out) {
        int nbytes = Bits.bytesFor(count);
        long word = 0;
        for (int i = 0; i < count; i++) {
            int src = sourceIndex == null ? 0 : sourceIndex[from + i];
            int row = rows[from + i];
            long bit = row < 0 ? 0 : (bits[src].getByte(row >>> 3) >> (row & 7)) & 1L;
            word |= bit << (i & 63);
            if ((i & 63) == 63) {
                Bits.storeWord(out, i >>> 6, word, nbytes);
                word = 0;
            }
        }
        if ((count & 63) != 0) {
            Bits.storeWord(out, count >>> 6, word, nbytes);
        }
    }

    private static void gatherVariable(FieldVector[] sources, int[] sourceIndex, int[] rows, int from, int count,
                                       BaseVariableWidthVector out, ArrowBuf[] validity, ArrowBuf[] data) {
        ArrowBuf[] offsets = new ArrowBuf[sources.length];
        for (int k = 0; k < sources.length; k++) {
            offsets[k] = sources[k].getOffsetBuffer();
        }
        long total = 0;
        for (int i = 0; i < count; i++) {
            int row = rows[from + i];
            if (row >= 0) {
                int src = sourceIndex == null ? 0 : sourceIndex[from + i];
                long at = (long) row << 2;
                total += offsets[src].getInt(at + 4) - offsets[src].getInt(at);
            }
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalStateException("string column too large for one batch: " + total + " bytes");
        }
        out.allocateNew(Math.max(total, 1), Math.max(count, 1));
        ArrowBuf outOffsets = out.getOffsetBuffer();
        ArrowBuf outData = out.getDataBuffer();
        // a value of up to 8 bytes is copied as one 8-byte load and store where both buffers have the room (the
        // allocation's rounding up leaves it but for the last values of an exactly full buffer)
        long outBytes = outData.capacity();
        long[] sourceBytes = new long[sources.length];
        for (int k = 0; k < sources.length; k++) {
            sourceBytes[k] = data[k].capacity();
        }
        gatherValidity(sources, validity, sourceIndex, rows, from, count, out.getValidityBuffer());
        int position = 0;
        outOffsets.setInt(0, 0);
        for (int i = 0; i < count; i++) {
            int row = rows[from + i];
            if (row < 0) {
                outOffsets.setInt((long) (i + 1) << 2, position);
                continue;
            }
            int src = sourceIndex == null ? 0 : sourceIndex[from + i];
            long at = (long) row << 2;
            int start = offsets[src].getInt(at);
            int length = offsets[src].getInt(at + 4) - start;
            if (length > 0) {
                if (length <= 8 && start + 8L <= sourceBytes[src] && position + 8L <= outBytes) {
                    outData.setLong(position, data[src].getLong(start));
                } else {
                    outData.setBytes(position, data[src], start, length);
                }
            }
            position += length;
            outOffsets.setInt((long) (i + 1) << 2, position);
        }
        out.setLastSet(count - 1);
    }
}
