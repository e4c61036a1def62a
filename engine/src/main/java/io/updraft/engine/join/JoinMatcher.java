package io.updraft.engine.join;

import io.updraft.core.plan.JoinType;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Joins probe batches against one {@link JoinHashTable}: walks each probe row's candidates (hash chain,
 * or every build row for a nested loop), keeps pairs whose keys are equal and whose residual condition is
 * true (evaluated a chunk of pairs at a time over left ++ right columns), and emits per the join type:
 * matched pairs; unmatched probe rows padded with nulls (outer joins) or probe rows with/without a match
 * (semi/anti with the probe on the left); and at the end, via {@link #nextBuildOutput()}, unmatched build
 * rows (outer joins, anti) or matched ones (semi with the build on the left). Output batches hold at most
 * {@code batchRows} rows. Not thread-safe.
 */
final class JoinMatcher implements AutoCloseable {
    private static final int START = -2;

    private final JoinType type;
    private final boolean buildIsLeft;
    private final JoinHashTable table;
    private final List<ExpressionEvaluator> probeKeyEvaluators;
    private final boolean[] nullSafe;
    private final ExpressionEvaluator condition;
    private final StructType left;
    private final StructType right;
    private final ExecutionContext context;
    private final int seed;
    private final boolean emitPairs;
    private final boolean emitUnmatchedProbe;
    private final boolean emitMatchedProbe;
    private final boolean emitUnmatchedBuild;
    private final boolean emitMatchedBuild;
    private final boolean firstMatchIsEnough;
    /** {@link #outputsBuildRows()}: only then are matched build rows marked (the table stays read-only). */
    private final boolean outputsBuild;
    private final Deque<Batch> ready = new ArrayDeque<>();
    private final int[] pairProbe;
    private final int[] pairBuild;

    private Batch probe;
    private FieldVector[] probeKeys;
    private int[] probeHashes;
    /** The integral-key path: each probe row's first matching build row, and a scratch array of key values. */
    private int[] probeFirst = new int[0];
    private long[] probeLongs = new long[0];
    private boolean probeMayHaveNullKey;
    private boolean[] probeMatched;
    private int probeRow;
    private int candidate;
    private int buildOutputRow;
    private boolean deferProbeOutput;
    private boolean[] finishedProbeMatched;

    JoinMatcher(JoinType type, boolean buildIsLeft, JoinHashTable table, List<ExpressionEvaluator> probeKeyEvaluators,
                boolean[] nullSafe, ExpressionEvaluator condition, StructType left, StructType right, int seed,
                ExecutionContext context) {
        this.type = type;
        this.buildIsLeft = buildIsLeft;
        this.table = table;
        this.probeKeyEvaluators = probeKeyEvaluators;
        this.nullSafe = nullSafe;
        this.condition = condition;
        this.left = left;
        this.right = right;
        this.seed = seed;
        this.context = context;
        boolean semiOrAnti = type == JoinType.LEFT_SEMI || type == JoinType.LEFT_ANTI;
        this.emitPairs = type.outputsRight();
        this.emitUnmatchedProbe = buildIsLeft ? type.keepsUnmatchedRight()
                : type.keepsUnmatchedLeft() || type == JoinType.LEFT_ANTI;
        this.emitMatchedProbe = !buildIsLeft && type == JoinType.LEFT_SEMI;
        this.emitUnmatchedBuild = emitsUnmatchedBuild(type, buildIsLeft);
        this.emitMatchedBuild = emitsMatchedBuild(type, buildIsLeft);
        this.firstMatchIsEnough = semiOrAnti && !buildIsLeft && condition == null;
        this.outputsBuild = emitUnmatchedBuild || emitMatchedBuild;
        int capacity = context.batchRows();
        this.pairProbe = new int[capacity];
        this.pairBuild = new int[capacity];
    }

    /** Whether the build side's unmatched rows are output after the last probe batch (outer joins, anti). */
    static boolean emitsUnmatchedBuild(JoinType type, boolean buildIsLeft) {
        return buildIsLeft ? type.keepsUnmatchedLeft() || type == JoinType.LEFT_ANTI : type.keepsUnmatchedRight();
    }

    /** Whether the build side's matched rows are output after the last probe batch (semi, build on the left). */
    static boolean emitsMatchedBuild(JoinType type, boolean buildIsLeft) {
        return buildIsLeft && type == JoinType.LEFT_SEMI;
    }

    /** Whether probing writes to the table (marks matched build rows): such a table cannot be shared. */
    static boolean marksBuildRows(JoinType type, boolean buildIsLeft) {
        return emitsUnmatchedBuild(type, buildIsLeft) || emitsMatchedBuild(type, buildIsLeft);
    }

    /** Whether probe rows are output on their own (unmatched ones padded with nulls, or semi/anti rows). */
    boolean outputsProbeRows() {
        return emitUnmatchedProbe || emitMatchedProbe;
    }

    /** Whether the build side's unmatched (or matched) rows must be output after the last probe batch. */
    boolean outputsBuildRows() {
        return emitUnmatchedBuild || emitMatchedBuild;
    }

    /**
     * For a build side processed in chunks (see {@link NestedLoopJoinOperator}): probe rows are never output on
     * their own; after each probe batch {@link #finishedProbeMatched()} tells which rows matched so far.
     */
    void deferProbeOutput() {
        deferProbeOutput = true;
    }

    /** Which rows of the last finished probe batch matched (including the rows given to {@link #probe(Batch, boolean[])}). */
    boolean[] finishedProbeMatched() {
        return finishedProbeMatched;
    }

    /** Starts on a probe batch whose rows matched earlier chunks of the build side as {@code matchedBefore} says. */
    void probe(Batch batch, boolean[] matchedBefore) {
        probe(batch);
        if (matchedBefore != null) {
            System.arraycopy(matchedBefore, 0, probeMatched, 0, probeMatched.length);
        }
    }

    /** Starts on a probe batch (ownership passes to the matcher). */
    void probe(Batch batch) {
        releaseProbe();
        probe = batch;
        int n = batch.rowCount();
        probeKeys = new FieldVector[probeKeyEvaluators.size()];
        for (int k = 0; k < probeKeys.length; k++) {
            probeKeys[k] = probeKeyEvaluators.get(k).evaluate(batch);
        }
        if (table.integralKey()) {
            if (probeFirst.length < n) {
                probeFirst = new int[n];
                probeLongs = new long[n];
            }
            table.firstMatches(probeKeys[0], n, probeFirst, probeLongs);
            probeHashes = null;
        } else {
            probeHashes = table.hasKeys() ? JoinHashTable.hash(probeKeys, n, seed) : null;
        }
        probeMayHaveNullKey = JoinHashTable.mayHaveNullKey(probeKeys, nullSafe);
        probeMatched = new boolean[n];
        probeRow = 0;
        candidate = START;
    }

    /** The next output batch of the current probe batch, or null when it is done. */
    Batch next() {
        while (ready.isEmpty() && probe != null) {
            produce();
        }
        return ready.poll();
    }

    private void produce() {
        int n = probe.rowCount();
        int capacity = pairProbe.length;
        int count = 0;
        boolean hasKeys = table.hasKeys();
        if (table.integralKey()) {
            count = produceIntegral(n, capacity);
            if (count > 0) {
                matchPairs(count);
            }
            if (probeRow >= n) {
                finishProbeBatch();
            }
            return;
        }
        while (probeRow < n && count < capacity) {
            if (candidate == START) {
                if (hasKeys && probeMayHaveNullKey && JoinHashTable.hasNullKey(probeKeys, nullSafe, probeRow)) {
                    candidate = JoinHashTable.END;
                } else {
                    candidate = table.first(hasKeys ? probeHashes[probeRow] : 0);
                }
            }
            int hash = hasKeys ? probeHashes[probeRow] : 0;
            while (candidate != JoinHashTable.END && count < capacity) {
                if (!hasKeys || table.keysEqual(probeKeys, probeRow, candidate)) {
                    if (firstMatchIsEnough) {
                        probeMatched[probeRow] = true;
                        candidate = JoinHashTable.END;
                        break;
                    }
                    pairProbe[count] = probeRow;
                    pairBuild[count] = candidate;
                    count++;
                }
                candidate = table.next(candidate, hash);
            }
            if (candidate == JoinHashTable.END) {
                probeRow++;
                candidate = START;
            }
        }
        if (count > 0) {
            matchPairs(count);
        }
        if (probeRow >= n) {
            finishProbeBatch();
        }
    }

    /**
     * The integral-key path of {@link #produce}: candidates are matches (the index chains equal keys only), so
     * pairs are written straight from the batch's first matches and the chains.
     */
    private int produceIntegral(int n, int capacity) {
        int count = 0;
        int[] first = probeFirst;
        int row = probeRow;
        int g = candidate;
        while (row < n && count < capacity) {
            if (g == START) {
                g = first[row];
            }
            if (firstMatchIsEnough) {
                if (g != JoinHashTable.END) {
                    probeMatched[row] = true;
                }
                g = START;
                row++;
                continue;
            }
            while (g != JoinHashTable.END && count < capacity) {
                pairProbe[count] = row;
                pairBuild[count] = g;
                count++;
                g = table.nextMatch(g);
            }
            if (g == JoinHashTable.END) {
                row++;
                g = START;
            }
        }
        probeRow = row;
        candidate = g;
        return count;
    }

    /** Applies the residual condition to the pairs, records matches and queues the output. */
    private void matchPairs(int count) {
        if (condition == null) {
            for (int i = 0; i < count; i++) {
                probeMatched[pairProbe[i]] = true;
                if (outputsBuild) {
                    table.markMatched(pairBuild[i]);
                }
            }
            if (emitPairs) {
                ready.add(assemble(pairProbe, pairBuild, count, false));
            }
            return;
        }
        try (Batch pairs = assemble(pairProbe, pairBuild, count, false)) {
            int[] selected = new int[count];
            int kept = 0;
            FieldVector verdict = condition.evaluateBorrowed(pairs);
            try {
                if (verdict instanceof BitVector bits) {
                    for (int i = 0; i < count; i++) {
                        if (Bits.get(bits.getValidityBuffer(), i) && Bits.get(bits.getDataBuffer(), i)) {
                            selected[kept++] = i;
                        }
                    }
                }
            } finally {
                condition.release(verdict);
            }
            for (int j = 0; j < kept; j++) {
                int i = selected[j];
                probeMatched[pairProbe[i]] = true;
                if (outputsBuild) {
                    table.markMatched(pairBuild[i]);
                }
            }
            if (emitPairs && kept > 0) {
                ready.add(select(pairs, selected, kept));
            }
        }
    }

    private Batch select(Batch batch, int[] rows, int count) {
        List<FieldVector> out = new ArrayList<>(batch.columnCount());
        try {
            for (FieldVector v : batch.vectors()) {
                out.add(count == batch.rowCount() ? Vectors.share(v, context.allocator())
                        : Vectors.gather(v, rows, count, context.allocator()));
            }
            return Batch.of(count, out);
        } catch (RuntimeException e) {
            out.forEach(FieldVector::close);
            throw e;
        }
    }

    /** Queues the probe rows this join type outputs on their own, then releases the probe batch. */
    private void finishProbeBatch() {
        int n = probe.rowCount();
        finishedProbeMatched = probeMatched;
        if (!deferProbeOutput && (emitUnmatchedProbe || emitMatchedProbe)) {
            boolean want = emitMatchedProbe;
            int[] rows = new int[n];
            int count = 0;
            for (int r = 0; r < n; r++) {
                if (probeMatched[r] == want) {
                    rows[count++] = r;
                }
            }
            boolean probeOnly = !emitPairs;
            for (int from = 0; from < count; from += pairProbe.length) {
                int c = Math.min(pairProbe.length, count - from);
                int[] chunk = java.util.Arrays.copyOfRange(rows, from, from + c);
                ready.add(assemble(chunk, null, c, probeOnly));
            }
        }
        releaseProbe();
    }

    /** After the last probe batch: the next batch of build rows to output (unmatched or matched), or null. */
    Batch nextBuildOutput() {
        if (!outputsBuildRows()) {
            return null;
        }
        int rows = table.rowCount();
        int capacity = pairBuild.length;
        int[] chosen = new int[capacity];
        int count = 0;
        while (buildOutputRow < rows && count < capacity) {
            int g = buildOutputRow++;
            if (table.isMatched(g) == emitMatchedBuild) {
                chosen[count++] = g;
            }
        }
        if (count == 0) {
            return null;
        }
        return assemble(null, chosen, count, !emitPairs);
    }

    /**
     * Output rows as left ++ right columns (or the left side's only): probe rows {@code probeRows} (null =
     * all null) and build rows {@code buildRows} (null = all null).
     */
    private Batch assemble(int[] probeRows, int[] buildRows, int count, boolean leftOnly) {
        List<FieldVector> out = new ArrayList<>(left.size() + (leftOnly ? 0 : right.size()));
        try {
            StructType buildSchema = buildIsLeft ? left : right;
            StructType probeSchema = buildIsLeft ? right : left;
            BuildRows build = buildRows(buildRows, count);
            for (int c = 0; c < left.size(); c++) {
                out.add(buildIsLeft ? buildColumn(buildSchema, c, build, count)
                        : probeColumn(probeSchema, c, probeRows, count));
            }
            if (!leftOnly) {
                for (int c = 0; c < right.size(); c++) {
                    out.add(buildIsLeft ? probeColumn(probeSchema, c, probeRows, count)
                            : buildColumn(buildSchema, c, build, count));
                }
            }
            return Batch.of(count, out);
        } catch (RuntimeException e) {
            out.forEach(FieldVector::close);
            throw e;
        }
    }

    private FieldVector probeColumn(StructType schema, int c, int[] rows, int count) {
        if (rows == null) {
            return Vectors.nulls(ArrowTypes.toField(schema.get(c).name(), schema.get(c).dataType()), count,
                    context.allocator());
        }
        return Vectors.gather(probe.vector(c), rows, count, context.allocator());
    }

    /** Build rows of one output batch as (batch, row) pairs, worked out once for all its build columns. */
    private record BuildRows(int[] sourceIndex, int[] rows) {
    }

    private BuildRows buildRows(int[] globalRows, int count) {
        if (globalRows == null || table.batches().isEmpty()) {
            return null;
        }
        int[] sourceIndex = new int[count];
        int[] rows = new int[count];
        for (int i = 0; i < count; i++) {
            int g = globalRows[i];
            sourceIndex[i] = g < 0 ? 0 : table.batchOf(g);
            rows[i] = g < 0 ? -1 : table.rowOf(g);
        }
        return new BuildRows(sourceIndex, rows);
    }

    private FieldVector buildColumn(StructType schema, int c, BuildRows build, int count) {
        List<Batch> batches = table.batches();
        if (build == null) {
            return Vectors.nulls(ArrowTypes.toField(schema.get(c).name(), schema.get(c).dataType()), count,
                    context.allocator());
        }
        FieldVector[] sources = new FieldVector[batches.size()];
        for (int b = 0; b < sources.length; b++) {
            sources[b] = batches.get(b).vector(c);
        }
        return Vectors.gather(sources, build.sourceIndex(), build.rows(), 0, count, context.allocator());
    }

    private void releaseProbe() {
        if (probeKeys != null) {
            for (FieldVector v : probeKeys) {
                if (v != null) {
                    v.close();
                }
            }
            probeKeys = null;
        }
        if (probe != null) {
            probe.close();
            probe = null;
        }
    }

    @Override
    public void close() {
        releaseProbe();
        ready.forEach(Batch::close);
        ready.clear();
    }
}
