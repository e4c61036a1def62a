package io.updraft.engine.join;

import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.IntegralKeys;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The build side of a join, in memory: its batches (Arrow), the evaluated key columns and, when the join
 * has keys, a hash index over them — buckets of chained row numbers, keyed by {@link RowKeys} hashes, so
 * a probe row walks only the rows with its hash. Rows are numbered 0.. in arrival order. A row with a null
 * in a key that is not null-safe is kept (outer joins output it) but never indexed: it matches nothing.
 * Also tracks which rows matched (for outer, semi and anti joins that output build rows). Without keys
 * every row is a candidate for every probe row (nested loop).
 *
 * <p>One integral key (tinyint, smallint, int, date, bigint, timestamp) takes a specialized path: the key values
 * are kept as a primitive long per row and indexed by a {@link LongKeyIndex} (open addressing over primitive
 * arrays, chains of equal keys only), probed a whole batch at a time by {@link #firstMatches}; its candidates are
 * matches, so no key is compared again. Other keys go through the {@link RowKeys} hashes. Not thread-safe.
 */
final class JoinHashTable implements AutoCloseable {
    static final int END = -1;

    private final List<ExpressionEvaluator> keyEvaluators;
    private final boolean[] nullSafe;
    private final int seed;
    private final List<Batch> batches = new ArrayList<>();
    private final List<FieldVector[]> keys = new ArrayList<>();
    /** Per batch: whether a row may have a null in a key that is not null-safe (else no row check is needed). */
    private boolean[] batchMayHaveNullKey = new boolean[16];
    private int rows;
    private long bytes;
    private int[] refBatch = new int[1024];
    private int[] refRow = new int[1024];
    private int[] hashes = new int[1024];
    private int[] heads;
    private int[] chain;
    private long[] matched;
    /** The integral-key path: one key of an integral kind; its values per row, which rows are null, the index. */
    private final boolean integralKey;
    private long[] longKeys;
    private long[] nullKeys;
    private LongKeyIndex index;

    JoinHashTable(List<ExpressionEvaluator> keyEvaluators, boolean[] nullSafe, int seed) {
        this(keyEvaluators, nullSafe, seed, true);
    }

    /** {@code integralPath} false keeps one integral key on the {@link RowKeys} chains too (A/B runs). */
    JoinHashTable(List<ExpressionEvaluator> keyEvaluators, boolean[] nullSafe, int seed, boolean integralPath) {
        this.keyEvaluators = keyEvaluators;
        this.nullSafe = nullSafe;
        this.seed = seed;
        this.integralKey = integralPath && keyEvaluators.size() == 1
                && IntegralKeys.isIntegral(PhysicalKind.of(keyEvaluators.get(0).dataType()));
        if (integralKey) {
            longKeys = new long[1024];
            hashes = null;
        }
    }

    /** Whether the table takes the integral-key path ({@link #firstMatches}, {@link #nextMatch}). */
    boolean integralKey() {
        return integralKey;
    }

    boolean hasKeys() {
        return !keyEvaluators.isEmpty();
    }

    /** Takes ownership of {@code batch}. */
    void add(Batch batch) {
        int n = batch.rowCount();
        if ((long) rows + n > Integer.MAX_VALUE - 8) {
            batch.close();
            throw new IllegalStateException("join build side exceeds " + Integer.MAX_VALUE + " rows in memory");
        }
        int b = batches.size();
        batches.add(batch);
        FieldVector[] values = new FieldVector[keyEvaluators.size()];
        keys.add(values);
        for (int k = 0; k < values.length; k++) {
            values[k] = keyEvaluators.get(k).evaluate(batch);
            bytes += Vectors.allocatedBytes(values[k]);
        }
        bytes += Vectors.allocatedBytes(batch);
        if (b == batchMayHaveNullKey.length) {
            batchMayHaveNullKey = Arrays.copyOf(batchMayHaveNullKey, b * 2);
        }
        batchMayHaveNullKey[b] = mayHaveNullKey(values, nullSafe);
        ensure(rows + n);
        if (integralKey) {
            IntegralKeys.read(values[0], n, longKeys, rows);
            if (values[0].getNullCount() > 0) {
                markNulls(values[0], n);
            }
        } else {
            int[] batchHashes = hash(values, n, seed);
            System.arraycopy(batchHashes, 0, hashes, rows, n);
        }
        for (int r = 0; r < n; r++) {
            refBatch[rows + r] = b;
            refRow[rows + r] = r;
        }
        rows += n;
        heads = null;
        index = null;
    }

    private void ensure(int capacity) {
        if (refBatch.length < capacity) {
            int size = Math.max(capacity, refBatch.length * 2);
            refBatch = Arrays.copyOf(refBatch, size);
            refRow = Arrays.copyOf(refRow, size);
            if (integralKey) {
                longKeys = Arrays.copyOf(longKeys, size);
            } else {
                hashes = Arrays.copyOf(hashes, size);
            }
        }
    }

    private void markNulls(FieldVector v, int n) {
        if (nullKeys == null || nullKeys.length < ((rows + n + 63) >>> 6)) {
            nullKeys = nullKeys == null ? new long[(Math.max(rows + n, longKeys.length) + 63) >>> 6]
                    : Arrays.copyOf(nullKeys, (Math.max(rows + n, longKeys.length) + 63) >>> 6);
        }
        ArrowBuf validity = v.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                int g = rows + i;
                nullKeys[g >>> 6] |= 1L << (g & 63);
            }
        }
    }

    private boolean isNullKey(int g) {
        return nullKeys != null && (g >>> 6) < nullKeys.length && (nullKeys[g >>> 6] & (1L << (g & 63))) != 0;
    }

    /** The key hash of every row of a batch, with the given key values. */
    static int[] hash(FieldVector[] keyValues, int n, int seed) {
        int[] h = new int[n];
        RowKeys.seed(h, n, seed);
        for (FieldVector v : keyValues) {
            RowKeys.hash(v, n, h);
        }
        return h;
    }

    /** Whether row r of these key values has a null in a key that is not null-safe (it can match nothing). */
    static boolean hasNullKey(FieldVector[] keyValues, boolean[] nullSafe, int r) {
        for (int k = 0; k < keyValues.length; k++) {
            if (!nullSafe[k] && (Vectors.kindOf(keyValues[k]) == PhysicalKind.NULL
                    || !Bits.get(keyValues[k].getValidityBuffer(), r))) {
                return true;
            }
        }
        return false;
    }

    /** Whether some row of these key values may have a null in a key that is not null-safe (false: none has). */
    static boolean mayHaveNullKey(FieldVector[] keyValues, boolean[] nullSafe) {
        for (int k = 0; k < keyValues.length; k++) {
            if (!nullSafe[k] && (Vectors.kindOf(keyValues[k]) == PhysicalKind.NULL
                    || keyValues[k].getNullCount() > 0)) {
                return true;
            }
        }
        return false;
    }

    /** Builds the hash index over every row added so far. */
    void build() {
        if (!hasKeys()) {
            return;
        }
        if (integralKey) {
            index = new LongKeyIndex(rows);
            boolean nullsMatch = nullSafe[0];
            // add in reverse so that chains list rows in arrival order
            for (int g = rows - 1; g >= 0; g--) {
                if (isNullKey(g)) {
                    if (nullsMatch) {
                        index.addNull(g);
                    }
                } else {
                    index.add(g, longKeys[g]);
                }
            }
            return;
        }
        int size = Integer.highestOneBit(Math.max(16, rows * 2 - 1)) << 1;
        heads = new int[size];
        Arrays.fill(heads, END);
        chain = new int[Math.max(rows, 1)];
        int mask = size - 1;
        // insert in reverse so that chains list rows in arrival order
        for (int g = rows - 1; g >= 0; g--) {
            int b = refBatch[g];
            if (batchMayHaveNullKey[b] && hasNullKey(keys.get(b), nullSafe, refRow[g])) {
                continue;
            }
            int bucket = hashes[g] & mask;
            chain[g] = heads[bucket];
            heads[bucket] = g;
        }
    }

    /**
     * The integral-key path: sets {@code out[i]} to the first build row matching probe row i of the key
     * {@code probeKey} (an integral vector), or {@link #END}; a null probe key matches the null-safe build nulls.
     */
    void firstMatches(FieldVector probeKey, int n, int[] out, long[] scratch) {
        IntegralKeys.read(probeKey, n, scratch, 0);
        LongKeyIndex idx = index;
        for (int i = 0; i < n; i++) {
            out[i] = idx.first(scratch[i]);
        }
        if (probeKey.getNullCount() > 0) {
            ArrowBuf validity = probeKey.getValidityBuffer();
            int nullMatch = nullSafe[0] ? idx.firstNull() : END;
            for (int i = 0; i < n; i++) {
                if (!Bits.get(validity, i)) {
                    out[i] = nullMatch;
                }
            }
        }
    }

    /** The integral-key path: the next build row with the same key as row g, or {@link #END}. */
    int nextMatch(int g) {
        return index.next(g);
    }

    /** The first row that may match a probe row with this hash, or {@link #END}. */
    int first(int hash) {
        if (!hasKeys()) {
            return rows == 0 ? END : 0;
        }
        int g = heads[hash & (heads.length - 1)];
        while (g != END && hashes[g] != hash) {
            g = chain[g];
        }
        return g;
    }

    /** The next candidate after row g, or {@link #END}. */
    int next(int g, int hash) {
        if (!hasKeys()) {
            return g + 1 < rows ? g + 1 : END;
        }
        g = chain[g];
        while (g != END && hashes[g] != hash) {
            g = chain[g];
        }
        return g;
    }

    /** Whether build row g's keys equal probe row {@code row}'s (null-safe keys: null equals null). */
    boolean keysEqual(FieldVector[] probeKeys, int row, int g) {
        FieldVector[] buildKeys = keys.get(refBatch[g]);
        int r = refRow[g];
        for (int k = 0; k < probeKeys.length; k++) {
            PhysicalKind kind = Vectors.kindOf(probeKeys[k]);
            if (kind == PhysicalKind.NULL) {
                continue; // both sides are void: only null-safe keys get here, and null <=> null
            }
            boolean probeValid = Bits.get(probeKeys[k].getValidityBuffer(), row);
            boolean buildValid = Bits.get(buildKeys[k].getValidityBuffer(), r);
            if (probeValid != buildValid) {
                return false;
            }
            if (probeValid && !RowKeys.valuesEqual(kind, probeKeys[k], row, buildKeys[k], r)) {
                return false;
            }
        }
        return true;
    }

    void markMatched(int g) {
        if (matched == null) {
            matched = new long[(rows + 63) >>> 6];
        }
        matched[g >>> 6] |= 1L << (g & 63);
    }

    boolean isMatched(int g) {
        return matched != null && (matched[g >>> 6] & (1L << (g & 63))) != 0;
    }

    int rowCount() {
        return rows;
    }

    /** Arrow bytes of batches and keys plus the index arrays. */
    long bytes() {
        // what is held while rows are added, 16 B a row on both paths (row refs + hashes or long keys); the index
        // made by build() after the last row (heads + chain, or the LongKeyIndex) comes on top, uncounted as before
        return bytes + 16L * rows;
    }

    /** What the built table holds: {@link #bytes()} plus its index. */
    long heapAndArrowBytes() {
        long indexBytes = index != null ? index.bytes()
                : heads == null ? 0 : 4L * heads.length + 4L * chain.length;
        return bytes() + indexBytes;
    }

    /**
     * Moves every held vector to {@code target} (ownership and accounting; no copy), so that the table outlives
     * the task that built it ({@link BroadcastTables}). A vector object held twice moves once.
     */
    void moveTo(BufferAllocator target) {
        Map<FieldVector, FieldVector> moved = new IdentityHashMap<>();
        for (int b = 0; b < batches.size(); b++) {
            Batch batch = batches.get(b);
            List<FieldVector> vectors = new ArrayList<>(batch.columnCount());
            for (FieldVector v : batch.vectors()) {
                vectors.add(moved.computeIfAbsent(v, x -> transfer(x, target)));
            }
            batches.set(b, Batch.of(batch.rowCount(), vectors));
            FieldVector[] values = keys.get(b);
            for (int k = 0; k < values.length; k++) {
                values[k] = moved.computeIfAbsent(values[k], x -> transfer(x, target));
            }
        }
    }

    private static FieldVector transfer(FieldVector v, BufferAllocator target) {
        TransferPair pair = v.getTransferPair(target);
        pair.transfer();
        return (FieldVector) pair.getTo();
    }

    List<Batch> batches() {
        return batches;
    }

    int batchOf(int g) {
        return refBatch[g];
    }

    int rowOf(int g) {
        return refRow[g];
    }

    /** Hands every held batch over to the caller (for re-partitioning) and empties the table. */
    List<Batch> drain() {
        List<Batch> out = new ArrayList<>(batches);
        batches.clear();
        releaseKeys();
        rows = 0;
        bytes = 0;
        heads = null;
        index = null;
        nullKeys = null;
        matched = null;
        return out;
    }

    private void releaseKeys() {
        for (FieldVector[] values : keys) {
            for (FieldVector v : values) {
                if (v != null) {
                    v.close();
                }
            }
        }
        keys.clear();
    }

    @Override
    public void close() {
        releaseKeys();
        batches.forEach(Batch::close);
        batches.clear();
        rows = 0;
    }
}
