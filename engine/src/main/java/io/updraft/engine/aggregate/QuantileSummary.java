package io.updraft.engine.aggregate;

import java.util.Arrays;

/**
 * A Greenwald-Khanna quantile summary with Spark's buffering and compression policy (its QuantileSummaries inside
 * ApproximatePercentile's PercentileDigest), so percentile_approx returns the values Spark returns: samples
 * (value, g, delta) sorted by value, where g is the rank gap to the previous sample and delta the rank
 * uncertainty; new values wait in a head buffer of {@value #HEAD_SIZE} and are inserted sorted; compression merges
 * neighbours while {@code g + g' + delta' < 2 · relativeError · count}. The summary is compressed whenever its
 * samples reach {@code 4 · (int) (1 / relativeError)}, before a merge and before a query. Not thread-safe.
 */
final class QuantileSummary {
    static final int HEAD_SIZE = 50000;
    static final int COMPRESS_THRESHOLD = 10000;

    private final double relativeError;
    private final long digestThreshold;
    private double[] values = new double[0];
    private long[] gs = new long[0];
    private long[] deltas = new long[0];
    private int size;
    private long count;
    private double[] head = new double[16];
    private int headSize;
    /** Spark's digest flag: nothing was added since the last compression. */
    private boolean compressed = true;

    QuantileSummary(double relativeError) {
        this.relativeError = relativeError;
        this.digestThreshold = (long) (1 / relativeError) * 2 * 2;
    }

    /** A compressed summary from its samples (a partial state). */
    static QuantileSummary of(double relativeError, double[] values, long[] gs, long[] deltas) {
        QuantileSummary s = new QuantileSummary(relativeError);
        s.values = values;
        s.gs = gs;
        s.deltas = deltas;
        s.size = values.length;
        long count = 0;
        for (long g : gs) {
            count += g;
        }
        s.count = count;
        return s;
    }

    long heapBytes() {
        return 24L * values.length + 8L * head.length;
    }

    void add(double x) {
        if (headSize == head.length) {
            head = Arrays.copyOf(head, head.length * 2);
        }
        head[headSize++] = x;
        compressed = false;
        if (headSize >= HEAD_SIZE) {
            insertHead();
            if (size >= COMPRESS_THRESHOLD) {
                compressSamples();
            }
        }
        if (size >= digestThreshold) {
            compress();
        }
    }

    /** Merges another (compressed) summary into this one. */
    void merge(QuantileSummary other) {
        compress();
        if (other.count == 0) {
            return;
        }
        if (count == 0) {
            values = other.values.clone();
            gs = other.gs.clone();
            deltas = other.deltas.clone();
            size = other.size;
            count = other.count;
            return;
        }
        int total = size + other.size;
        double[] v = new double[total];
        long[] g = new long[total];
        long[] d = new long[total];
        long selfExtra = (long) Math.floor(2 * relativeError * other.count);
        long otherExtra = (long) Math.floor(2 * relativeError * count);
        int i = 0;
        int j = 0;
        int at = 0;
        while (i < size && j < other.size) {
            if (values[i] < other.values[j]) {
                v[at] = values[i];
                g[at] = gs[i];
                d[at++] = deltas[i] + (j > 0 ? selfExtra : 0);
                i++;
            } else {
                v[at] = other.values[j];
                g[at] = other.gs[j];
                d[at++] = other.deltas[j] + (i > 0 ? otherExtra : 0);
                j++;
            }
        }
        for (; i < size; i++, at++) {
            v[at] = values[i];
            g[at] = gs[i];
            d[at] = deltas[i];
        }
        for (; j < other.size; j++, at++) {
            v[at] = other.values[j];
            g[at] = other.gs[j];
            d[at] = other.deltas[j];
        }
        values = v;
        gs = g;
        deltas = d;
        size = total;
        count += other.count;
        compressSamples();
    }

    /**
     * Inserts the head buffer and compresses, unless nothing was added since the last time (what Spark's digest
     * does before a merge, a query or its output).
     */
    void compress() {
        if (compressed) {
            return;
        }
        insertHead();
        compressSamples();
        compressed = true;
    }

    long count() {
        compress();
        return count;
    }

    int size() {
        compress();
        return size;
    }

    double value(int i) {
        return values[i];
    }

    long g(int i) {
        return gs[i];
    }

    long delta(int i) {
        return deltas[i];
    }

    /** The approximate quantile (in [0, 1]) of a non-empty summary. */
    double query(double quantile) {
        compress();
        if (quantile <= relativeError) {
            return values[0];
        }
        if (quantile >= 1 - relativeError) {
            return values[size - 1];
        }
        long rank = (long) Math.ceil(quantile * count);
        long maxSpan = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            maxSpan = Math.max(maxSpan, deltas[i] + gs[i]);
        }
        long targetError = maxSpan / 2;
        long minRank = 0;
        for (int i = 0; i < size - 1; i++) {
            minRank += gs[i];
            long maxRank = minRank + deltas[i];
            if (maxRank - targetError <= rank && rank <= minRank + targetError) {
                return values[i];
            }
        }
        return values[size - 1];
    }

    /** Inserts the sorted head buffer among the samples (GK's INSERT for a batch). */
    private void insertHead() {
        if (headSize == 0) {
            return;
        }
        double[] sorted = Arrays.copyOf(head, headSize);
        Arrays.sort(sorted);
        int total = size + headSize;
        double[] v = new double[total];
        long[] g = new long[total];
        long[] d = new long[total];
        int sample = 0;
        int at = 0;
        long current = count;
        for (int op = 0; op < sorted.length; op++) {
            double x = sorted[op];
            while (sample < size && values[sample] <= x) {
                v[at] = values[sample];
                g[at] = gs[sample];
                d[at++] = deltas[sample++];
            }
            current++;
            long delta = at == 0 || (sample == size && op == sorted.length - 1) ? 0
                    : (long) Math.floor(2 * relativeError * current);
            v[at] = x;
            g[at] = 1;
            d[at++] = delta;
        }
        while (sample < size) {
            v[at] = values[sample];
            g[at] = gs[sample];
            d[at++] = deltas[sample++];
        }
        values = v;
        gs = g;
        deltas = d;
        size = total;
        count = current;
        headSize = 0;
        head = new double[16];
    }

    /** GK's COMPRESS: from the end, merges a sample into its right neighbour while the merged band stays small. */
    private void compressSamples() {
        if (size == 0) {
            return;
        }
        double threshold = 2 * relativeError * count;
        double[] v = new double[size];
        long[] g = new long[size];
        long[] d = new long[size];
        int out = size;
        double headValue = values[size - 1];
        long headG = gs[size - 1];
        long headDelta = deltas[size - 1];
        for (int i = size - 2; i >= 1; i--) {
            if (gs[i] + headG + headDelta < threshold) {
                headG += gs[i];
            } else {
                out--;
                v[out] = headValue;
                g[out] = headG;
                d[out] = headDelta;
                headValue = values[i];
                headG = gs[i];
                headDelta = deltas[i];
            }
        }
        out--;
        v[out] = headValue;
        g[out] = headG;
        d[out] = headDelta;
        if (values[0] <= headValue && size > 1) {
            out--;
            v[out] = values[0];
            g[out] = gs[0];
            d[out] = deltas[0];
        }
        values = Arrays.copyOfRange(v, out, size);
        gs = Arrays.copyOfRange(g, out, size);
        deltas = Arrays.copyOfRange(d, out, size);
        size = values.length;
    }
}
