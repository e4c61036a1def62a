package io.updraft.engine.join;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.spill.SpillFile;
import io.updraft.engine.spill.SpillWriter;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Join without equi-join keys: cross joins and non-equi conditions. Every probe row is paired with every build
 * row, the condition (if any) filters the pairs, and the join type decides what else is output (see
 * {@link JoinMatcher}). The build side is held in memory while it fits the operator's budget
 * ({@link ExecutionContext#shouldSpill}); beyond that it <b>spills</b>: the build rows and then all probe rows
 * go to two spill files, and the join runs as a block nested loop — one chunk of build rows that fits the
 * budget at a time against the whole probe file, replayed per chunk. Pairs and build-side outputs (unmatched or
 * matched build rows) are complete per chunk; which probe rows matched is carried from chunk to chunk, and the
 * probe rows output on their own (outer padding, semi, anti) come from a last pass over the probe file.
 */
public final class NestedLoopJoinOperator implements BatchOperator {
    private final BatchOperator buildChild;
    private final BatchOperator probeChild;
    private final JoinType type;
    private final boolean buildIsLeft;
    private final StructType left;
    private final StructType right;
    private final StructType schema;
    private final ExecutionContext context;
    private final ExpressionEvaluator condition;
    private JoinHashTable table;
    private JoinMatcher matcher;
    private boolean probeDone;
    // --- spilled mode
    private SpillFile buildFile;
    private SpillFile probeFile;
    private SpillFile.Reader buildReader;
    private SpillFile.Reader probeReader;
    private final List<boolean[]> probeMatched = new ArrayList<>();
    private int probeBatch;
    private boolean buildExhausted;
    private boolean finalPass;
    private boolean chunkProbed;

    public NestedLoopJoinOperator(BatchOperator left, BatchOperator right, JoinType type, Expr condition,
                                  BuildSide build, ExecutionContext context) {
        Objects.requireNonNull(left, "left is null");
        Objects.requireNonNull(right, "right is null");
        this.type = Objects.requireNonNull(type, "type is null");
        this.context = Objects.requireNonNull(context, "context is null");
        this.buildIsLeft = build == BuildSide.LEFT;
        this.buildChild = buildIsLeft ? left : right;
        this.probeChild = buildIsLeft ? right : left;
        this.left = left.schema();
        this.right = right.schema();
        this.schema = Join.outputSchema(this.left, this.right, type);
        this.condition = condition == null ? null : ExpressionEvaluator.compile(condition, context);
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        if (table == null && buildFile == null) {
            buildPhase();
        }
        return buildFile == null ? nextInMemory() : nextSpilled();
    }

    /** Reads the build side; spills it (and the probe side) when it outgrows the budget. */
    private void buildPhase() {
        table = newTable();
        Batch b;
        while ((b = buildChild.next()) != null) {
            table.add(b);
            if (context.shouldSpill(table.bytes())) {
                spill();
                return;
            }
        }
        matcher = newMatcher(table);
    }

    private JoinHashTable newTable() {
        return new JoinHashTable(List.of(), new boolean[0], 0);
    }

    private JoinMatcher newMatcher(JoinHashTable t) {
        return new JoinMatcher(type, buildIsLeft, t, List.of(), new boolean[0], condition, left, right, 0, context);
    }

    private Batch nextInMemory() {
        while (true) {
            Batch out = matcher.next();
            if (out != null) {
                return out;
            }
            if (!probeDone) {
                Batch probe = probeChild.next();
                if (probe != null) {
                    matcher.probe(probe);
                    continue;
                }
                probeDone = true;
            }
            return matcher.nextBuildOutput();
        }
    }

    /** Moves the build rows held so far and the rest of both inputs into spill files. */
    private void spill() {
        StructType buildSchema = buildIsLeft ? left : right;
        StructType probeSchema = buildIsLeft ? right : left;
        try (SpillWriter build = new SpillWriter(context, buildSchema, "nlj-build")) {
            for (Batch held : table.drain()) {
                build.write(held);
            }
            table.close();
            table = null;
            Batch b;
            while ((b = buildChild.next()) != null) {
                build.write(b);
            }
            buildFile = build.finish();
        }
        context.metrics().addSpill();
        try (SpillWriter probe = new SpillWriter(context, probeSchema, "nlj-probe")) {
            Batch b;
            while ((b = probeChild.next()) != null) {
                probeMatched.add(null);
                probe.write(b);
            }
            probeFile = probe.finish();
        }
        context.metrics().addSpill();
        buildReader = buildFile.open(context);
    }

    /** Block nested loop over the spill files: chunk by chunk, then the probe rows' own output. */
    private Batch nextSpilled() {
        while (true) {
            if (matcher != null) {
                Batch out = matcher.next();
                if (out != null) {
                    return out;
                }
                if (probeReader != null) {
                    if (probeBatch > 0 && !finalPass) {
                        probeMatched.set(probeBatch - 1, matcher.finishedProbeMatched());
                    }
                    Batch probe = probeReader.next();
                    if (probe != null) {
                        matcher.probe(probe, probeMatched.get(probeBatch++));
                        continue;
                    }
                    probeReader.close();
                    probeReader = null;
                }
                if (!finalPass) {
                    Batch out2 = matcher.nextBuildOutput();
                    if (out2 != null) {
                        return out2;
                    }
                }
                closeChunk();
                if (finalPass) {
                    return null;
                }
            }
            if (!loadChunk()) {
                JoinMatcher probeOnly = newMatcher(newTable());
                if (!probeOnly.outputsProbeRows()) {
                    probeOnly.close();
                    return null;
                }
                finalPass = true;
                table = newTable();
                matcher = probeOnly;
                startProbePass();
            }
        }
    }

    /** Reads the next chunk of build rows that fits the budget into a fresh table; false at the end. */
    private boolean loadChunk() {
        if (buildExhausted) {
            return false;
        }
        JoinHashTable chunk = newTable();
        Batch b;
        while ((b = buildReader.next()) != null) {
            chunk.add(b);
            if (context.shouldSpill(chunk.bytes())) {
                break;
            }
        }
        if (b == null) {
            buildExhausted = true;
            buildReader.close();
            buildReader = null;
        }
        if (chunk.rowCount() == 0) {
            chunk.close();
            return false;
        }
        table = chunk;
        matcher = newMatcher(chunk);
        matcher.deferProbeOutput();
        startProbePass();
        return true;
    }

    private void startProbePass() {
        probeReader = probeFile.reread(context);
        probeBatch = 0;
    }

    private void closeChunk() {
        if (matcher != null) {
            matcher.close();
            matcher = null;
        }
        if (table != null) {
            table.close();
            table = null;
        }
    }

    @Override
    public void close() {
        try {
            closeChunk();
            if (probeReader != null) {
                probeReader.close();
                probeReader = null;
            }
            if (buildReader != null) {
                buildReader.close();
                buildReader = null;
            }
            if (buildFile != null) {
                buildFile.delete();
            }
            if (probeFile != null) {
                probeFile.delete();
            }
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
