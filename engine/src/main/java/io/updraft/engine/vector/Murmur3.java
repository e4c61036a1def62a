package io.updraft.engine.vector;

import org.apache.arrow.memory.ArrowBuf;

/**
 * MurmurHash3 (x86, 32-bit) over a value's canonical little-endian bytes. Pure arithmetic, so the same
 * in every JVM and on every machine: shuffle partitioning depends on it. Stateless.
 */
public final class Murmur3 {
    private static final int C1 = 0xcc9e2d51;
    private static final int C2 = 0x1b873593;

    private Murmur3() {
    }

    public static int hashInt(int value, int seed) {
        int h = mixH1(seed, mixK1(value));
        return finish(h, 4);
    }

    public static int hashLong(long value, int seed) {
        int h = mixH1(seed, mixK1((int) value));
        h = mixH1(h, mixK1((int) (value >>> 32)));
        return finish(h, 8);
    }

    /** Hash of {@code length} bytes of {@code buf} starting at {@code offset}. */
    public static int hashBytes(ArrowBuf buf, long offset, int length, int seed) {
        int h = seed;
        int blocks = length >>> 2;
        for (int i = 0; i < blocks; i++) {
            h = mixH1(h, mixK1(buf.getInt(offset + ((long) i << 2))));
        }
        int tail = blocks << 2;
        int k1 = 0;
        switch (length & 3) {
            case 3:
                k1 ^= (buf.getByte(offset + tail + 2) & 0xff) << 16;
                // fall through
            case 2:
                k1 ^= (buf.getByte(offset + tail + 1) & 0xff) << 8;
                // fall through
            case 1:
                k1 ^= buf.getByte(offset + tail) & 0xff;
                h ^= mixK1(k1);
                break;
            default:
                break;
        }
        return finish(h, length);
    }

    /** Hash of a byte array (same result as the same bytes in an ArrowBuf). */
    public static int hashBytes(byte[] bytes, int seed) {
        int h = seed;
        int length = bytes.length;
        int blocks = length >>> 2;
        for (int i = 0; i < blocks; i++) {
            int at = i << 2;
            int k = (bytes[at] & 0xff) | (bytes[at + 1] & 0xff) << 8 | (bytes[at + 2] & 0xff) << 16
                    | (bytes[at + 3] & 0xff) << 24;
            h = mixH1(h, mixK1(k));
        }
        int tail = blocks << 2;
        int k1 = 0;
        switch (length & 3) {
            case 3:
                k1 ^= (bytes[tail + 2] & 0xff) << 16;
                // fall through
            case 2:
                k1 ^= (bytes[tail + 1] & 0xff) << 8;
                // fall through
            case 1:
                k1 ^= bytes[tail] & 0xff;
                h ^= mixK1(k1);
                break;
            default:
                break;
        }
        return finish(h, length);
    }

    private static int mixK1(int k1) {
        k1 *= C1;
        k1 = Integer.rotateLeft(k1, 15);
        return k1 * C2;
    }

    private static int mixH1(int h1, int k1) {
        h1 ^= k1;
        h1 = Integer.rotateLeft(h1, 13);
        return h1 * 5 + 0xe6546b64;
    }

    private static int finish(int h1, int length) {
        h1 ^= length;
        h1 ^= h1 >>> 16;
        h1 *= 0x85ebca6b;
        h1 ^= h1 >>> 13;
        h1 *= 0xc2b2ae35;
        h1 ^= h1 >>> 16;
        return h1;
    }

    /** {@code hash} mod {@code n}, never negative. */
    public static int partition(int hash, int n) {
        int p = hash % n;
        return p < 0 ? p + n : p;
    }
}
