package io.updraft.planner.physical;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.Exchange;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.planner.explain.ExchangeStages;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cuts a physical plan into core {@link Stage}s at every {@link Exchange} (its operators are already bound to
 * ordinals).
 * The exchange's child becomes a map stage whose root is a {@link ShuffleWrite} (hash, round robin, single or range
 * partitioning); the reading stage gets a {@link StageInput} leaf (broadcast or partition-wise) the coordinator
 * turns into a {@link io.updraft.core.plan.ShuffleRead}. A range exchange also gets a sample stage (the same input,
 * the sort keys of at most {@value #SAMPLE_ROWS_PER_PARTITION} × partitions rows per task) from which the coordinator
 * computes the range bounds ({@link Stage#rangeBoundsStage()}). Stages come in dependency order; the last one
 * produces the result. A scan stage gets one {@link FileSplit} per file with all row groups: the coordinator splits
 * files further by row groups.
 *
 * <p>Exchange reuse (Spark's ReuseExchangeAndSubquery, {@code spark.sql.exchange.reuse}): a stage whose operator
 * tree equals an earlier stage's in {@link StageCanonicalizer}'s canonical form (and that waits for the same range
 * sample) is not added: the exchange's readers read the earlier stage, each with its own column names (the types
 * are equal). Stages are canonicalized after their inputs, so a reused input makes the readers above it equal too
 * (Q15's revenue view read twice is one scan of lineitem). The result stage is never merged. Single use; not
 * thread-safe.
 */
public final class StageBuilder {
    static final int SAMPLE_ROWS_PER_PARTITION = 20;
    private final PhysicalPlan plan;
    private final List<Stage> stages = new ArrayList<>();
    private final boolean reuse;
    private final Map<Exchange, Integer> stageOfExchange = new IdentityHashMap<>();
    /** A reused exchange → the exchange whose stage it reads. */
    private final Map<Exchange, Exchange> reuses = new IdentityHashMap<>();
    /** Canonical stage → its stage id (with reuse on). */
    private final Map<CanonicalStage, Integer> stageOfCanonical = new HashMap<>();
    /** Stage id → the exchange that built it. */
    private final Map<Integer, Exchange> exchangeOfStage = new HashMap<>();

    private StageBuilder(PhysicalPlan plan, boolean reuse) {
        this.plan = plan;
        this.reuse = reuse;
    }

    /** A stage's tree in canonical form and the range sample stage it waits for. */
    private record CanonicalStage(Operator root, int rangeBoundsStage) {
    }

    /** The stages cut from a plan, and for explain which stage each exchange became and which it reuses. */
    public record Cut(JobPlan job, ExchangeStages exchanges) {
    }

    /**
     * Builds the job; {@code resultSchema} is the analyzed plan's schema (names, types, nullability); {@code reuse}:
     * equal stages are built once ({@code spark.sql.exchange.reuse}).
     */
    public static Cut cut(PhysicalPlan plan, StructType resultSchema, boolean reuse) {
        StageBuilder builder = new StageBuilder(plan, reuse);
        builder.stage(plan.root(), -1);
        return new Cut(new JobPlan(builder.stages, resultSchema),
                new ExchangeStages(builder.stageOfExchange, builder.reuses));
    }

    /** Per-stage state while its pipeline is built. */
    private static final class Pipeline {
        final List<Integer> inputs = new ArrayList<>();
        final List<String> steps = new ArrayList<>();
    }

    /** The result stage (never merged with another). */
    private Stage stage(Operator root, int rangeBoundsStage) {
        Pipeline pipeline = new Pipeline();
        Operator op = operator(root, pipeline);
        return addStage(op, pipeline, rangeBoundsStage, false);
    }

    /** Adds the stage, or with {@code reusable} and reuse on returns an earlier equal stage instead. */
    private Stage addStage(Operator root, Pipeline pipeline, int rangeBoundsStage, boolean reusable) {
        CanonicalStage canonical = reuse && reusable
                ? new CanonicalStage(StageCanonicalizer.canonical(root), rangeBoundsStage) : null;
        if (canonical != null) {
            Integer same = stageOfCanonical.get(canonical);
            if (same != null) {
                return stages.get(same);
            }
            stageOfCanonical.put(canonical, stages.size());
        }
        checkTaskCount(root);
        List<Integer> inputs = new ArrayList<>(pipeline.inputs);
        if (rangeBoundsStage >= 0) {
            inputs.add(rangeBoundsStage);
        }
        Stage stage = new Stage(stages.size(), root, inputs.stream().distinct().sorted().toList(),
                String.join(" → ", pipeline.steps), rangeBoundsStage);
        stages.add(stage);
        return stage;
    }

    /**
     * The coordinator derives a stage's task count from its leaves (see {@link Stage}): a scan stage reads only
     * broadcasts besides its splits, and every partition-wise input has the same partition count.
     */
    private void checkTaskCount(Operator root) {
        List<Operator> leaves = new ArrayList<>();
        collectLeaves(root, leaves);
        boolean scan = leaves.stream().anyMatch(l -> l instanceof FileScan);
        List<Integer> counts = leaves.stream().filter(l -> l instanceof StageInput in && !in.broadcast())
                .map(l -> ((ShuffleWrite) stages.get(((StageInput) l).stageId()).root()).numPartitions())
                .distinct().toList();
        if (scan && !counts.isEmpty() || counts.size() > 1) {
            throw new IllegalStateException("stage " + stages.size() + " mixes inputs with different task counts: "
                    + (scan ? "splits, " : "") + "partitions " + counts);
        }
    }

    private static void collectLeaves(Operator op, List<Operator> out) {
        if (op.children().isEmpty()) {
            out.add(op);
        }
        for (Operator c : op.children()) {
            collectLeaves(c, out);
        }
    }

    /** The map stage writing the exchange's child (built once even when read twice; an equal one reused). */
    private Stage mapStage(Exchange e) {
        Integer existing = stageOfExchange.get(e);
        if (existing != null) {
            return stages.get(existing);
        }
        int n = e.numPartitions();
        int rangeBounds = e.partitioning() instanceof Partitioning.Range r ? sampleStage(e.child(), r, n).stageId() : -1;
        Pipeline pipeline = new Pipeline();
        Operator op = operator(e.child(), pipeline);
        pipeline.steps.add(switch (e.partitioning()) {
            case Partitioning.Single s -> e.broadcast() ? "broadcast" : "gather";
            case Partitioning.RoundRobin r -> "round robin exchange (" + n + ")";
            case Partitioning.Hash h -> "hash exchange (" + n + ")";
            case Partitioning.Range r -> "range exchange (" + n + ")";
        });
        Stage stage = addStage(new ShuffleWrite(op, e.partitioning(), n), pipeline, rangeBounds, true);
        stageOfExchange.put(e, stage.stageId());
        Exchange builder = exchangeOfStage.putIfAbsent(stage.stageId(), e);
        if (builder != null) {
            reuses.put(e, builder);
        }
        return stage;
    }

    /** Sort-key samples of the range exchange's input: the same pipeline, keys only, a few rows per task. */
    private Stage sampleStage(Operator child, Partitioning.Range range, int partitions) {
        Pipeline pipeline = new Pipeline();
        Operator op = operator(child, pipeline);
        List<Expr> keys = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < range.keys().size(); i++) {
            keys.add(range.keys().get(i).expr());
            names.add("key" + i);
        }
        long rows = (long) SAMPLE_ROWS_PER_PARTITION * partitions;
        pipeline.steps.add("sample " + rows + " sort keys per task");
        return addStage(new Limit(new Project(op, keys, names), rows, 0), pipeline, -1, true);
    }

    /** The stage's operator tree: each exchange below becomes a {@link StageInput} of its (new) map stage. */
    private Operator operator(Operator node, Pipeline pipeline) {
        if (node instanceof Exchange e) {
            Stage input = mapStage(e);
            pipeline.inputs.add(input.stageId());
            pipeline.steps.add((e.broadcast() ? "read broadcast stage " : "read stage ") + input.stageId());
            return new StageInput(input.stageId(), e.schema(), e.broadcast());   // its own names
        }
        List<Operator> children = new ArrayList<>();
        for (Operator c : node.children()) {
            children.add(operator(c, pipeline));
        }
        pipeline.steps.add(plan.info(node).step());
        return node.withChildren(children);
    }
}
