package io.updraft.engine.join;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.spill.PartitionedSpill;
import io.updraft.engine.spill.SpillFile;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.IntegralKeys;
import io.updraft.engine.vector.Murmur3;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

/**
 * Equi-join with a hash table over the build side's key columns (see {@link JoinHashTable} and
 * {@link JoinMatcher}); every join type, either build side, optional residual condition and null-safe keys.
 * The build side is read completely first, then the probe side streams through.
 *
 * <p>Grace hash join: when the build side outgrows the task's spill budget, both sides are partitioned by a
 * key hash into {@value #PARTITIONS} spill files each and the partitions are joined one pair at a time; a
 * build partition still too big is partitioned again with another seed (up to {@value #MAX_LEVELS} levels,
 * then joined in memory regardless). Rows of one key always land in the same partition pair, so every join
 * type (outer, semi, anti) stays exact per partition.
 */
public final class HashJoinOperator implements BatchOperator {
    static final int PARTITIONS = 16;
    static final int MAX_LEVELS = 3;
    private static final int TABLE_SEED = 0x2f1b5a3d;

    private final BatchOperator buildChild;
    private final BatchOperator probeChild;
    private final JoinType type;
    private final boolean buildIsLeft;
    private final boolean[] nullSafe;
    private final StructType left;
    private final StructType right;
    private final StructType schema;
    private final ExecutionContext context;
    private final List<ExpressionEvaluator> buildKeys = new ArrayList<>();
    private final List<ExpressionEvaluator> probeKeys = new ArrayList<>();
    private final ExpressionEvaluator condition;
    private final Deque<GracePartition> partitions = new ArrayDeque<>();
    private JoinHashTable table;
    /** Non-null: the build table may be shared ({@link BroadcastTables}); the lease while it is held. */
    private final Object shareKey;
    private BroadcastTables.Lease lease;
    private JoinMatcher matcher;
    private Source probeSource;
    private boolean started;
    private int spills;

    private record GracePartition(SpillFile build, SpillFile probe, int level) {
    }

    /** Probe input: the probe child, or a spilled partition. */
    private interface Source extends AutoCloseable {
        Batch next();

        @Override
        void close();
    }

    public HashJoinOperator(BatchOperator left, BatchOperator right, JoinType type, List<Expr> leftKeys,
                            List<Expr> rightKeys, Expr condition, BuildSide build, List<Boolean> nullSafe,
                            ExecutionContext context) {
        this(left, right, type, leftKeys, rightKeys, condition, build, nullSafe, null, context);
    }

    /**
     * With {@code shareKey} non-null, the build side's table is shared with the other tasks of the stage in this
     * process that have an equal key ({@link BroadcastTables}, from the context); ignored for join types that
     * mark build rows, or when the context has no {@link BroadcastTables}.
     */
    public HashJoinOperator(BatchOperator left, BatchOperator right, JoinType type, List<Expr> leftKeys,
                            List<Expr> rightKeys, Expr condition, BuildSide build, List<Boolean> nullSafe,
                            Object shareKey, ExecutionContext context) {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
        this.type = Objects.requireNonNull(type, "type is null");
        this.context = Objects.requireNonNull(context, "context is null");
        if (leftKeys.isEmpty() || leftKeys.size() != rightKeys.size()) {
            throw new IllegalArgumentException("a hash join needs the same number (> 0) of left and right keys, got "
                    + leftKeys.size() + " and " + rightKeys.size());
        }
        this.buildIsLeft = build == BuildSide.LEFT;
        this.buildChild = buildIsLeft ? left : right;
        this.probeChild = buildIsLeft ? right : left;
        this.left = left.schema();
        this.right = right.schema();
        this.schema = Join.outputSchema(this.left, this.right, type);
        this.nullSafe = JoinSchemas.nullSafe(nullSafe, leftKeys.size());
        ExpressionEvaluator compiledCondition = null;
        try {
            for (Expr e : buildIsLeft ? leftKeys : rightKeys) {
                buildKeys.add(ExpressionEvaluator.compile(e, context));
            }
            for (Expr e : buildIsLeft ? rightKeys : leftKeys) {
                probeKeys.add(ExpressionEvaluator.compile(e, context));
            }
            if (condition != null) {
                compiledCondition = ExpressionEvaluator.compile(condition, context);
            }
        } catch (RuntimeException e) {
            buildKeys.forEach(ExpressionEvaluator::close);
            probeKeys.forEach(ExpressionEvaluator::close);
            throw e;
        }
        this.condition = compiledCondition;
        this.shareKey = shareKey != null && context.broadcastTables() != null
                && !JoinMatcher.marksBuildRows(type, buildIsLeft) ? shareKey : null;
    }

    @Override
    public StructType schema() {
        return schema;
    }

    /** How many times this join partitioned its inputs to disk. */
    public int spills() {
        return spills;
    }

    @Override
    public Batch next() {
        if (!started) {
            started = true;
            buildPhase();
        }
        while (true) {
            if (matcher != null) {
                Batch out = matcher.next();
                if (out != null) {
                    return out;
                }
                Batch probe = probeSource == null ? null : probeSource.next();
                if (probe != null) {
                    matcher.probe(probe);
                    continue;
                }
                Batch rest = matcher.nextBuildOutput();
                if (rest != null) {
                    return rest;
                }
                finishPartition();
            }
            if (!startNextPartition()) {
                return null;
            }
        }
    }

    private void buildPhase() {
        if (shareKey != null) {
            lease = context.broadcastTables().acquire(shareKey, context.jobId(), context.stageId());
            if (lease.table() != null) {
                table = lease.table();
                matcher = newMatcher(table);
                probeSource = childSource(probeChild);
                return;
            }
        }
        table = newTable();
        PartitionedSpill buildSpill = null;
        try {
            Batch b;
            while ((b = buildChild.next()) != null) {
                if (buildSpill != null) {
                    try (Batch owned = b) {
                        partition(buildSpill, owned, buildKeys, 0);
                    }
                    continue;
                }
                table.add(b);
                if (context.shouldSpill(table.bytes())) {
                    buildSpill = new PartitionedSpill(context, buildChild.schema(), PARTITIONS, "join-build-l0");
                    for (Batch held : table.drain()) {
                        try (held) {
                            partition(buildSpill, held, buildKeys, 0);
                        }
                    }
                }
            }
            if (buildSpill == null) {
                table.build();
                if (lease != null && lease.builds()) {
                    lease.publish(table);
                }
                matcher = newMatcher(table);
                probeSource = childSource(probeChild);
                return;
            }
            releaseTable(); // a spilled build side is not shared: tasks waiting for it build their own
            List<SpillFile> buildFiles = buildSpill.finish();
            List<SpillFile> probeFiles;
            try (PartitionedSpill probeSpill = new PartitionedSpill(context, probeChild.schema(), PARTITIONS,
                    "join-probe-l0")) {
                while ((b = probeChild.next()) != null) {
                    try (Batch owned = b) {
                        partition(probeSpill, owned, probeKeys, 0);
                    }
                }
                probeFiles = probeSpill.finish();
            }
            enqueue(buildFiles, probeFiles, 1);
            spills++;
            context.metrics().addSpill();
        } finally {
            if (buildSpill != null) {
                buildSpill.close();
            }
        }
    }

    /** Writes each row of {@code batch} to the partition of its key hash (seeded per level). */
    private void partition(PartitionedSpill spill, Batch batch, List<ExpressionEvaluator> keys, int level) {
        int n = batch.rowCount();
        FieldVector[] values = new FieldVector[keys.size()];
        try {
            for (int k = 0; k < values.length; k++) {
                values[k] = keys.get(k).evaluate(batch);
            }
            int[] parts = JoinHashTable.hash(values, n, 0x61c88647 * (level + 1));
            for (int i = 0; i < n; i++) {
                parts[i] = Murmur3.partition(parts[i], PARTITIONS);
            }
            spill.write(batch, parts);
        } finally {
            for (FieldVector v : values) {
                if (v != null) {
                    v.close();
                }
            }
        }
    }

    private void enqueue(List<SpillFile> buildFiles, List<SpillFile> probeFiles, int level) {
        for (int p = PARTITIONS - 1; p >= 0; p--) {
            SpillFile build = buildFiles.get(p);
            SpillFile probe = probeFiles.get(p);
            boolean needed = build != null && probe != null
                    || build != null && emitsUnmatchedBuild()
                    || probe != null && emitsUnmatchedProbe();
            if (needed) {
                partitions.addFirst(new GracePartition(build, probe, level));
            } else {
                if (build != null) {
                    build.delete();
                }
                if (probe != null) {
                    probe.delete();
                }
            }
        }
    }

    private boolean emitsUnmatchedBuild() {
        return JoinMatcher.emitsUnmatchedBuild(type, buildIsLeft);
    }

    private boolean emitsUnmatchedProbe() {
        return buildIsLeft ? type.keepsUnmatchedRight() : type.keepsUnmatchedLeft() || type == JoinType.LEFT_ANTI;
    }

    /** Loads the next spilled partition's build side (re-partitioning it if still too big). */
    private boolean startNextPartition() {
        while (true) {
            GracePartition p = partitions.poll();
            if (p == null) {
                return false;
            }
            table = newTable();
            PartitionedSpill again = null;
            try {
                if (p.build() != null) {
                    try (SpillFile.Reader reader = p.build().open(context)) {
                        Batch b;
                        while ((b = reader.next()) != null) {
                            if (again != null) {
                                try (Batch owned = b) {
                                    partition(again, owned, buildKeys, p.level());
                                }
                                continue;
                            }
                            table.add(b);
                            if (p.level() < MAX_LEVELS && context.shouldSpill(table.bytes())) {
                                again = new PartitionedSpill(context, buildChild.schema(), PARTITIONS,
                                        "join-build-l" + p.level());
                                for (Batch held : table.drain()) {
                                    try (held) {
                                        partition(again, held, buildKeys, p.level());
                                    }
                                }
                            }
                        }
                    }
                }
                if (again != null) {
                    table.close();
                    table = null;
                    List<SpillFile> buildFiles = again.finish();
                    List<SpillFile> probeFiles = repartitionProbe(p);
                    enqueue(buildFiles, probeFiles, p.level() + 1);
                    spills++;
                    context.metrics().addSpill();
                    continue;
                }
            } finally {
                if (again != null) {
                    again.close();
                }
            }
            table.build();
            matcher = newMatcher(table);
            probeSource = p.probe() == null ? null : fileSource(p.probe().open(context));
            return true;
        }
    }

    private List<SpillFile> repartitionProbe(GracePartition p) {
        try (PartitionedSpill spill = new PartitionedSpill(context, probeChild.schema(), PARTITIONS,
                "join-probe-l" + p.level())) {
            if (p.probe() != null) {
                try (SpillFile.Reader reader = p.probe().open(context)) {
                    Batch b;
                    while ((b = reader.next()) != null) {
                        try (Batch owned = b) {
                            partition(spill, owned, probeKeys, p.level());
                        }
                    }
                }
            }
            return spill.finish();
        }
    }

    private void finishPartition() {
        matcher.close();
        matcher = null;
        if (probeSource != null) {
            probeSource.close();
            probeSource = null;
        }
        releaseTable();
    }

    /** Closes the table, or gives it back to the {@link BroadcastTables} when it is the shared one. */
    private void releaseTable() {
        if (table != null && (lease == null || lease.table() != table)) {
            table.close();
        }
        table = null;
        if (lease != null) {
            lease.close();
            lease = null;
        }
    }

    private JoinHashTable newTable() {
        return new JoinHashTable(buildKeys, nullSafe, TABLE_SEED, IntegralKeys.enabled(context.config()));
    }

    private JoinMatcher newMatcher(JoinHashTable built) {
        return new JoinMatcher(type, buildIsLeft, built, probeKeys, nullSafe, condition, left, right, TABLE_SEED,
                context);
    }

    private static Source childSource(BatchOperator child) {
        return new Source() {
            @Override
            public Batch next() {
                return child.next();
            }

            @Override
            public void close() {
                // the child is closed with the join
            }
        };
    }

    private static Source fileSource(SpillFile.Reader reader) {
        return new Source() {
            @Override
            public Batch next() {
                return reader.next();
            }

            @Override
            public void close() {
                reader.close();
            }
        };
    }

    @Override
    public void close() {
        try {
            if (matcher != null) {
                matcher.close();
                matcher = null;
            }
            if (probeSource != null) {
                probeSource.close();
                probeSource = null;
            }
            releaseTable();
            for (GracePartition p : partitions) {
                if (p.build() != null) {
                    p.build().delete();
                }
                if (p.probe() != null) {
                    p.probe().delete();
                }
            }
            partitions.clear();
            buildKeys.forEach(ExpressionEvaluator::close);
            probeKeys.forEach(ExpressionEvaluator::close);
            if (condition != null) {
                condition.close();
            }
        } finally {
            try {
                buildChild.close();
            } finally {
                probeChild.close();
            }
        }
    }
}
