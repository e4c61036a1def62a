package io.updraft.coordinator.job;

import io.updraft.coordinator.scan.ScanSplitter;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.ShuffleOutput;
import io.updraft.core.task.TaskResult;
import io.updraft.sql.Row;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The tasks of one stage, following core's {@link Stage} / {@link StageInput} contract:
 * <ul>
 *   <li>a {@link FileScan} leaf: one task per group of splits ({@link ScanSplitter#tasks}); only broadcast
 *   inputs may sit beside a scan;</li>
 *   <li>otherwise partition-wise (non-broadcast) inputs: one task per partition of their producers'
 *   {@link ShuffleWrite} (all producers must agree on the count);</li>
 *   <li>otherwise one task.</li>
 * </ul>
 * A map stage keeps its {@link ShuffleWrite} root; a range partitioning whose bounds the planner left to us
 * ({@link Stage#rangeBoundsStage()}) gets them from the sample stage's rows ({@link RangeBounds}).
 * {@link StageInput} leaves stay in the templates and are resolved for each attempt ({@link #resolve}) from the
 * committed outputs at that moment, so a re-run producer is read at its new key:
 * partition-wise task t reads partition t of every committed map output in map-task order, a broadcast input
 * partition 0 of every output (every partition, should a broadcast producer ever write more than one). A StageInput over a stage that returns rows (no ShuffleWrite) becomes
 * {@link InlineBatches} of all its rows (one partition). Immutable once built.
 */
final class StageTasks {
    /** Committed outputs of finished stages, by stage id. */
    interface Outputs {
        /** Committed results of every task of {@code stageId}, in task order (none may be missing). */
        List<TaskResult> committed(int stageId);

        /** The stage with this id. */
        Stage stage(int stageId);
    }

    private final Stage stage;
    private final Operator root;
    private final List<Operator> templates;

    private StageTasks(Stage stage, Operator root, List<Operator> templates) {
        this.stage = stage;
        this.root = root;
        this.templates = List.copyOf(templates);
    }

    /** Expands {@code stage}; its input stages must have committed every task. */
    static StageTasks expand(Stage stage, Outputs outputs, ScanSplitter splitter,
                             Function<Stage, List<Row>> sampleRows) {
        Operator root = withRangeBounds(stage, outputs, sampleRows);
        List<StageInput> inputs = OperatorTrees.stageInputs(root);
        int partitions = -1;
        for (StageInput input : inputs) {
            if (input.broadcast()) {
                continue;
            }
            int n = outputs.stage(input.stageId()).root() instanceof ShuffleWrite w ? w.numPartitions() : 1;
            if (partitions >= 0 && partitions != n) {
                throw new UpdraftException(ErrorType.INTERNAL, "stage " + stage.stageId() + " reads inputs with "
                        + partitions + " and " + n + " partitions; partition-wise inputs must agree");
            }
            partitions = n;
        }
        List<FileScan> scans = OperatorTrees.scans(root);
        if (scans.size() > 1) {
            throw new UpdraftException(ErrorType.INTERNAL, "stage " + stage.stageId() + " has " + scans.size()
                    + " Parquet scans; one scan per stage is supported");
        }
        if (scans.isEmpty()) {
            int tasks = Math.max(1, partitions);
            List<Operator> templates = new ArrayList<>(tasks);
            for (int t = 0; t < tasks; t++) {
                templates.add(root);
            }
            return new StageTasks(stage, root, templates);
        }
        if (partitions >= 0) {
            throw new UpdraftException(ErrorType.INTERNAL, "stage " + stage.stageId() + " has a Parquet scan and a"
                    + " partition-wise stage input; only broadcast inputs can be read beside a scan");
        }
        FileScan scan = scans.get(0);
        List<List<FileSplit>> tasks = splitter.tasks(scan);
        if (tasks.isEmpty()) {
            return new StageTasks(stage, root, List.of(root));
        }
        List<Operator> templates = new ArrayList<>(tasks.size());
        for (List<FileSplit> splits : tasks) {
            templates.add(root.replaceLeaves(leaf -> leaf == scan ? scan.withSplits(splits) : leaf));
        }
        return new StageTasks(stage, root, templates);
    }

    private static Operator withRangeBounds(Stage stage, Outputs outputs, Function<Stage, List<Row>> sampleRows) {
        if (stage.rangeBoundsStage() < 0) {
            return stage.root();
        }
        if (!(stage.root() instanceof ShuffleWrite write) || !(write.partitioning() instanceof Partitioning.Range r)) {
            throw new UpdraftException(ErrorType.INTERNAL, "stage " + stage.stageId() + " names range-bounds stage "
                    + stage.rangeBoundsStage() + " but its root is not a range ShuffleWrite");
        }
        List<Row> samples = sampleRows.apply(outputs.stage(stage.rangeBoundsStage()));
        return new ShuffleWrite(write.child(), RangeBounds.fill(r, write.numPartitions(), samples),
                write.numPartitions());
    }

    Stage stage() {
        return stage;
    }

    /** A stage restored from a checkpoint: {@code tasks} tasks that are never launched again. */
    static StageTasks restored(Stage stage, int tasks) {
        return new StageTasks(stage, stage.root(), java.util.Collections.nCopies(tasks, stage.root()));
    }

    /** The stage's pipeline as dispatched (range bounds filled in). */
    Operator root() {
        return root;
    }

    int taskCount() {
        return templates.size();
    }

    boolean isMapStage() {
        return root instanceof ShuffleWrite;
    }

    /** Task {@code task}'s pipeline with every StageInput replaced by a read of the current committed outputs. */
    Operator resolve(int task, Outputs outputs) {
        Operator template = templates.get(task);
        if (stage.inputStages().isEmpty() && OperatorTrees.stageInputs(template).isEmpty()) {
            return template;
        }
        return template.replaceLeaves(leaf -> leaf instanceof StageInput input
                ? read(input, task, outputs) : leaf);
    }

    private Operator read(StageInput input, int task, Outputs outputs) {
        Stage producer = outputs.stage(input.stageId());
        List<TaskResult> committed = outputs.committed(input.stageId());
        if (!(producer.root() instanceof ShuffleWrite write)) {
            List<String> batches = new ArrayList<>();
            for (TaskResult r : committed) {
                batches.addAll(r.arrowIpcBase64());
            }
            return new InlineBatches(input.schema(), batches);
        }
        List<ShuffleBlock> blocks = new ArrayList<>(committed.size());
        for (TaskResult r : committed) {
            ShuffleOutput out = r.shuffleOutput();
            if (out == null || out.partitionCount() != write.numPartitions()) {
                throw new UpdraftException(ErrorType.INTERNAL, "map task " + r.taskId() + " of stage "
                        + input.stageId() + " reported " + (out == null ? "no shuffle output" : out.partitionCount()
                        + " partitions") + " but its ShuffleWrite has " + write.numPartitions());
            }
            if (!input.broadcast()) {
                blocks.add(out.block(task));
                continue;
            }
            for (int p = 0; p < out.partitionCount(); p++) {
                blocks.add(out.block(p));
            }
        }
        return new ShuffleRead(input.schema(), blocks);
    }
}
