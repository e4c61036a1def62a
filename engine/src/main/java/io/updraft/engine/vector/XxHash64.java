package io.updraft.engine.vector;

/**
 * XXH64 (Yann Collet's xxHash, 64-bit) over a value's little-endian bytes, written from the published
 * algorithm: 4-byte ints and 8-byte longs hash as the XXH64 of their 4 or 8 little-endian bytes, so
 * {@code hashInt}/{@code hashLong} equal {@code hashBytes} of those bytes. Spark's approx_count_distinct hashes
 * values with it (seed 42). Pure arithmetic; stateless.
 */
public final class XxHash64 {
    private static final long PRIME1 = 0x9E3779B185EBCA87L;
    private static final long PRIME2 = 0xC2B2AE3D27D4EB4FL;
    private static final long PRIME3 = 0x165667B19E3779F9L;
    private static final long PRIME4 = 0x85EBCA77C2B2AE63L;
    private static final long PRIME5 = 0x27D4EB2F165667C5L;

    private XxHash64() {
    }

    public static long hashInt(int value, long seed) {
        long h = seed + PRIME5 + 4L;
        h ^= (value & 0xFFFFFFFFL) * PRIME1;
        h = Long.rotateLeft(h, 23) * PRIME2 + PRIME3;
        return avalanche(h);
    }

    public static long hashLong(long value, long seed) {
        long h = seed + PRIME5 + 8L;
        h ^= round(0, value);
        h = Long.rotateLeft(h, 27) * PRIME1 + PRIME4;
        return avalanche(h);
    }

    /** XXH64 of {@code bytes[offset, offset + length)}. */
    public static long hashBytes(byte[] bytes, int offset, int length, long seed) {
        int end = offset + length;
        int at = offset;
        long h;
        if (length >= 32) {
            long v1 = seed + PRIME1 + PRIME2;
            long v2 = seed + PRIME2;
            long v3 = seed;
            long v4 = seed - PRIME1;
            int limit = end - 32;
            do {
                v1 = round(v1, readLong(bytes, at));
                v2 = round(v2, readLong(bytes, at + 8));
                v3 = round(v3, readLong(bytes, at + 16));
                v4 = round(v4, readLong(bytes, at + 24));
                at += 32;
            } while (at <= limit);
            h = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
            h = mergeRound(h, v1);
            h = mergeRound(h, v2);
            h = mergeRound(h, v3);
            h = mergeRound(h, v4);
        } else {
            h = seed + PRIME5;
        }
        h += length;
        while (at + 8 <= end) {
            h ^= round(0, readLong(bytes, at));
            h = Long.rotateLeft(h, 27) * PRIME1 + PRIME4;
            at += 8;
        }
        if (at + 4 <= end) {
            h ^= (readInt(bytes, at) & 0xFFFFFFFFL) * PRIME1;
            h = Long.rotateLeft(h, 23) * PRIME2 + PRIME3;
            at += 4;
        }
        while (at < end) {
            h ^= (bytes[at] & 0xFFL) * PRIME5;
            h = Long.rotateLeft(h, 11) * PRIME1;
            at++;
        }
        return avalanche(h);
    }

    private static long round(long acc, long input) {
        acc += input * PRIME2;
        acc = Long.rotateLeft(acc, 31);
        return acc * PRIME1;
    }

    private static long mergeRound(long acc, long v) {
        acc ^= round(0, v);
        return acc * PRIME1 + PRIME4;
    }

    private static long avalanche(long h) {
        h ^= h >>> 33;
        h *= PRIME2;
        h ^= h >>> 29;
        h *= PRIME3;
        h ^= h >>> 32;
        return h;
    }

    private static long readLong(byte[] b, int at) {
        return (readInt(b, at) & 0xFFFFFFFFL) | ((long) readInt(b, at + 4) << 32);
    }

    private static int readInt(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
