package io.updraft.engine.parquet;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Parquet's RLE / bit-packing hybrid (definition levels and dictionary ids): a sequence of runs, each headed by
 * a ULEB128 varint h; h &amp; 1 = 0 is a repeated run of h &gt;&gt;&gt; 1 copies of one value stored in
 * ceil(bitWidth / 8) little-endian bytes, h &amp; 1 = 1 a bit-packed run of (h &gt;&gt;&gt; 1) groups of eight
 * values packed least significant bit first (unpacked with one 8-byte read per value). Decodes many values per call
 * into an {@code int[]}; a run that
 * promises more values than the bytes hold is a corrupt page ({@link IllegalStateException}, which the split
 * reader turns into a USER error naming the file).
 */
final class RleHybridDecoder {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    private final ByteBuffer buf;
    /** The heap buffer's array and the array index of buffer position 0, or null (a direct buffer). */
    private final byte[] array;
    private final int arrayOffset;
    private final int end;
    private final int bitWidth;
    private final int mask;
    private int pos;

    /** Values left in the current repeated run. */
    private int repeatLeft;
    private int repeatValue;
    /** The current bit-packed run, unpacked: values [packedPos, packedCount) of {@link #packed} are unread. */
    private int[] packed = new int[0];
    private int packedPos;
    private int packedCount;

    /** Decodes {@code buf[start, end)} (absolute positions, any byte order) of values {@code bitWidth} bits wide. */
    RleHybridDecoder(ByteBuffer buf, int start, int end, int bitWidth) {
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IllegalStateException("bit width " + bitWidth + " is out of range");
        }
        this.buf = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        boolean heap = buf.hasArray() && !buf.isReadOnly();
        this.array = heap ? buf.array() : null;
        this.arrayOffset = heap ? buf.arrayOffset() : 0;
        this.pos = start;
        this.end = end;
        this.bitWidth = bitWidth;
        this.mask = bitWidth == 32 ? -1 : (1 << bitWidth) - 1;
    }

    /** Reads the next {@code count} values into {@code out[off...]}. */
    void read(int[] out, int off, int count) {
        while (count > 0) {
            if (repeatLeft > 0) {
                int k = Math.min(repeatLeft, count);
                Arrays.fill(out, off, off + k, repeatValue);
                repeatLeft -= k;
                off += k;
                count -= k;
            } else if (packedPos < packedCount) {
                int k = Math.min(packedCount - packedPos, count);
                System.arraycopy(packed, packedPos, out, off, k);
                packedPos += k;
                off += k;
                count -= k;
            } else {
                nextRun();
            }
        }
    }

    private void nextRun() {
        if (bitWidth == 0) {
            repeatValue = 0;
            repeatLeft = Integer.MAX_VALUE;
            return;
        }
        int header = readVarint();
        if ((header & 1) == 0) {
            int count = header >>> 1;
            int bytes = (bitWidth + 7) >>> 3;
            require(bytes);
            int v = 0;
            for (int b = 0; b < bytes; b++) {
                v |= (buf.get(pos + b) & 0xFF) << (b << 3);
            }
            pos += bytes;
            if (count == 0) {
                throw new IllegalStateException("empty repeated run in an RLE-encoded page");
            }
            repeatValue = v & mask;
            repeatLeft = count;
        } else {
            int groups = header >>> 1;
            if (groups == 0) {
                throw new IllegalStateException("empty bit-packed run in an RLE-encoded page");
            }
            long bytes = (long) groups * bitWidth;
            // the last run of a page may be cut short of its padding: unpack what the bytes hold
            int available = (int) Math.min(bytes, end - pos);
            int values = (int) Math.min((long) groups * 8, ((long) available << 3) / bitWidth);
            if (values == 0) {
                throw new IllegalStateException("bit-packed run past the end of the page");
            }
            if (packed.length < values) {
                packed = new int[Math.max(values, 64)];
            }
            unpack(values);
            pos += available;
            packedPos = 0;
            packedCount = values;
        }
    }

    /**
     * Unpacks {@code values} values of the bit-packed run at {@link #pos} into {@link #packed}: value i starts at bit
     * i * bitWidth of the run, and one little-endian 8-byte read holds all its bits. A heap buffer is read through
     * its array (a {@code byte[]} view handle compiles to one load; {@code ByteBuffer.getLong} goes through
     * {@code ScopedMemoryAccess}, 12 % of Q6's samples), up to the last 8 bytes, which are read byte by byte.
     */
    private void unpack(int values) {
        int p = pos;
        int limit = buf.limit();
        int[] out = packed;
        int width = bitWidth;
        int m = mask;
        int i = 0;
        if (array != null) {
            byte[] a = array;
            int base = arrayOffset;
            for (; i < values; i++) {
                long bit = (long) i * width;
                int at = p + (int) (bit >>> 3);
                if (at + 8 > limit) {
                    break;
                }
                long word = (long) LONGS.get(a, base + at);
                out[i] = (int) (word >>> (bit & 7)) & m;
            }
        }
        for (; i < values; i++) {
            long bit = (long) i * width;
            int at = p + (int) (bit >>> 3);
            long word = at + 8 <= limit ? buf.getLong(at) : tail(at, limit);
            out[i] = (int) (word >>> (bit & 7)) & m;
        }
    }

    /** The bytes from {@code at} to {@code limit} (fewer than 8) as a little-endian long. */
    private long tail(int at, int limit) {
        long word = 0;
        for (int b = at; b < limit; b++) {
            word |= (long) (buf.get(b) & 0xFF) << ((b - at) << 3);
        }
        return word;
    }

    private int readVarint() {
        int value = 0;
        int shift = 0;
        while (true) {
            require(1);
            int b = buf.get(pos++) & 0xFF;
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
            shift += 7;
            if (shift > 28) {
                throw new IllegalStateException("run header varint is too long");
            }
        }
    }

    private void require(int bytes) {
        if (pos + bytes > end) {
            throw new IllegalStateException("RLE-encoded data ends before its runs do");
        }
    }
}
