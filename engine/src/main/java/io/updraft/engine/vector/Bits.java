package io.updraft.engine.vector;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Word-at-a-time helpers for Arrow bitmaps (validity and boolean values): bit i lives in byte i/8 at
 * position i%8, so 64 rows are one little-endian long. Buffers may be shorter than a whole word at the
 * end; these helpers never touch bytes past {@code (n + 7) / 8}.
 */
public final class Bits {
    private Bits() {
    }

    public static int bytesFor(int n) {
        return (n + 7) >>> 3;
    }

    public static boolean get(ArrowBuf buf, int i) {
        return ((buf.getByte(i >>> 3) >> (i & 7)) & 1) != 0;
    }

    public static void set(ArrowBuf buf, int i) {
        long byteIndex = i >>> 3;
        buf.setByte(byteIndex, buf.getByte(byteIndex) | (1 << (i & 7)));
    }

    public static void clear(ArrowBuf buf, int i) {
        long byteIndex = i >>> 3;
        buf.setByte(byteIndex, buf.getByte(byteIndex) & ~(1 << (i & 7)));
    }

    /** The 64 bits of word {@code w} (rows 64w..64w+63); missing trailing bytes read as 0. */
    public static long word(ArrowBuf buf, int w, int nbytes) {
        long offset = (long) w << 3;
        if (offset + 8 <= nbytes) {
            return buf.getLong(offset);
        }
        long value = 0;
        for (long b = offset; b < nbytes; b++) {
            value |= (buf.getByte(b) & 0xFFL) << ((b - offset) << 3);
        }
        return value;
    }

    /** Writes word {@code w}; bytes past {@code nbytes} are not written. */
    public static void storeWord(ArrowBuf buf, int w, long value, int nbytes) {
        long offset = (long) w << 3;
        if (offset + 8 <= nbytes) {
            buf.setLong(offset, value);
            return;
        }
        for (long b = offset; b < nbytes; b++) {
            buf.setByte(b, (byte) (value >>> ((b - offset) << 3)));
        }
    }

    public static int words(int n) {
        return (n + 63) >>> 6;
    }

    /** out = a AND b over n bits. */
    public static void and(ArrowBuf a, ArrowBuf b, ArrowBuf out, int n) {
        int nbytes = bytesFor(n);
        int words = words(n);
        for (int w = 0; w < words; w++) {
            storeWord(out, w, word(a, w, nbytes) & word(b, w, nbytes), nbytes);
        }
    }

    public static void copy(ArrowBuf src, ArrowBuf dst, int n) {
        int nbytes = bytesFor(n);
        if (nbytes > 0) {
            dst.setBytes(0, src, 0, nbytes);
        }
    }

    public static void setAll(ArrowBuf buf, int n) {
        int nbytes = bytesFor(n);
        for (int b = 0; b < nbytes; b++) {
            buf.setByte(b, (byte) 0xFF);
        }
    }

    /** Number of set bits among the first n. */
    public static int count(ArrowBuf buf, int n) {
        int nbytes = bytesFor(n);
        int words = words(n);
        int count = 0;
        for (int w = 0; w < words; w++) {
            long value = word(buf, w, nbytes);
            int remaining = n - (w << 6);
            if (remaining < 64) {
                value &= (1L << remaining) - 1;
            }
            count += Long.bitCount(value);
        }
        return count;
    }

    /** True when all of the first n bits are set. */
    public static boolean allSet(ArrowBuf buf, int n) {
        return count(buf, n) == n;
    }
}
