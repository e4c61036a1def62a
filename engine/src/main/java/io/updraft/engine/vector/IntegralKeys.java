package io.updraft.engine.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.util.Map;

/**
 * What the primitive-key hash tables share (the join's {@code LongKeyIndex}, {@code GroupHashTable}'s one-key
 * path): which kinds are integral keys (tinyint, smallint, int, date, bigint, timestamp), their values widened to
 * long a batch at a time, and the hash that places a long in an open-addressing table. The hash is internal to a
 * table (never a partitioning or shuffle hash, which stay {@link RowKeys}'). Stateless.
 */
public final class IntegralKeys {
    /** Setting: {@code false} switches the primitive-key paths of joins and aggregation off (for A/B runs). */
    public static final String ENABLED = "updraft.integralKeyTables";

    private IntegralKeys() {
    }

    /** Whether the task's settings leave the primitive-key paths on ({@value #ENABLED}, default true). */
    public static boolean enabled(Map<String, String> config) {
        return !"false".equalsIgnoreCase(config.getOrDefault(ENABLED, "true").trim());
    }

    /** Whether a key of this kind takes the primitive long path. */
    public static boolean isIntegral(PhysicalKind kind) {
        return kind == PhysicalKind.INT64 || kind == PhysicalKind.INT32 || kind == PhysicalKind.INT16
                || kind == PhysicalKind.INT8;
    }

    /** Copies rows [0, n) of an integral vector, widened to long, to {@code out[at ..]} (a null's slot as stored). */
    public static void read(FieldVector v, int n, long[] out, int at) {
        ArrowBuf data = v.getDataBuffer();
        switch (Vectors.kindOf(v)) {
            case INT64 -> {
                for (int i = 0; i < n; i++) {
                    out[at + i] = data.getLong((long) i << 3);
                }
            }
            case INT32 -> {
                for (int i = 0; i < n; i++) {
                    out[at + i] = data.getInt((long) i << 2);
                }
            }
            case INT16 -> {
                for (int i = 0; i < n; i++) {
                    out[at + i] = data.getShort((long) i << 1);
                }
            }
            case INT8 -> {
                for (int i = 0; i < n; i++) {
                    out[at + i] = data.getByte(i);
                }
            }
            default -> throw new IllegalStateException("not an integral key: " + v.getField());
        }
    }

    /** MurmurHash3's 64-bit finalizer, folded to an int: every bit of the key moves the low bits a table masks. */
    public static int hash(long key) {
        long h = (key ^ (key >>> 33)) * 0xff51afd7ed558ccdL;
        h = (h ^ (h >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return (int) (h ^ (h >>> 33));
    }
}
