package io.updraft.core.rows;

import java.util.Random;

/**
 * Spark's {@code org.apache.spark.util.random.XORShiftRandom}, bit for bit: the seed hashed with Scala's
 * {@code MurmurHash3.bytesHash} of its eight big-endian bytes, then an xorshift step per {@link #next(int)};
 * {@link #nextDouble()} is {@link Random}'s over it. With it, {@code sample}, {@code randomSplit} and
 * {@code sampleBy} keep the rows Spark keeps for the same seed, partitioning and row order. Not thread-safe.
 */
public final class XorShiftRandom extends Random {
    private static final long serialVersionUID = 1L;
    private static final int ARRAY_SEED = 0x3c074a61;

    private long state;

    public XorShiftRandom(long seed) {
        super(seed);
        this.state = hashSeed(seed);
    }

    @Override
    public synchronized void setSeed(long seed) {
        this.state = hashSeed(seed);
    }

    @Override
    protected int next(int bits) {
        long nextSeed = state ^ (state << 21);
        nextSeed ^= nextSeed >>> 35;
        nextSeed ^= nextSeed << 4;
        state = nextSeed;
        return (int) (nextSeed & ((1L << bits) - 1));
    }

    static long hashSeed(long seed) {
        byte[] bytes = java.nio.ByteBuffer.allocate(Long.BYTES).putLong(seed).array();
        int low = bytesHash(bytes, ARRAY_SEED);
        int high = bytesHash(bytes, low);
        return ((long) high << 32) | (low & 0xFFFFFFFFL);
    }

    /** Scala's {@code MurmurHash3.bytesHash(data, seed)}. */
    static int bytesHash(byte[] data, int seed) {
        int len = data.length;
        int h = seed;
        int i = 0;
        while (len >= 4) {
            int k = data[i] & 0xFF;
            k |= (data[i + 1] & 0xFF) << 8;
            k |= (data[i + 2] & 0xFF) << 16;
            k |= (data[i + 3] & 0xFF) << 24;
            h = mix(h, k);
            i += 4;
            len -= 4;
        }
        int k = 0;
        if (len == 3) {
            k ^= (data[i + 2] & 0xFF) << 16;
        }
        if (len >= 2) {
            k ^= (data[i + 1] & 0xFF) << 8;
        }
        if (len >= 1) {
            k ^= data[i] & 0xFF;
            h = mixLast(h, k);
        }
        return avalanche(h ^ data.length);
    }

    private static int mix(int hash, int data) {
        int h = mixLast(hash, data);
        h = Integer.rotateLeft(h, 13);
        return h * 5 + 0xe6546b64;
    }

    private static int mixLast(int hash, int data) {
        int k = data;
        k *= 0xcc9e2d51;
        k = Integer.rotateLeft(k, 15);
        k *= 0x1b873593;
        return hash ^ k;
    }

    private static int avalanche(int hash) {
        int h = hash;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }
}
