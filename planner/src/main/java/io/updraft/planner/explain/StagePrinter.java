package io.updraft.planner.explain;

import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The "Stages" section of extended explain: one line per stage of the job, in dependency order: its id and its
 * {@code *(id + 1)} mark in the physical plan, what it reads, its pipeline, how its tasks are counted and where its
 * output goes. Stateless.
 */
public final class StagePrinter {
    private StagePrinter() {
    }

    public static String print(JobPlan job) {
        StringBuilder sb = new StringBuilder();
        for (Stage stage : job.stages()) {
            sb.append("Stage ").append(stage.stageId()).append(" *(").append(stage.stageId() + 1).append("): ")
                    .append(stage.description())
                    .append(" [tasks: ").append(tasks(stage, job)).append("; output: ").append(output(stage, job))
                    .append(']');
            if (!stage.inputStages().isEmpty()) {
                sb.append(" after ").append(stage.inputStages().stream().map(String::valueOf)
                        .collect(Collectors.joining(", ")));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String tasks(Stage stage, JobPlan job) {
        List<Operator> leaves = new ArrayList<>();
        collectLeaves(stage.root(), leaves);
        if (leaves.stream().anyMatch(l -> l instanceof FileScan)) {
            return "one per split";
        }
        for (Operator leaf : leaves) {
            if (leaf instanceof StageInput in && !in.broadcast()) {
                return String.valueOf(((ShuffleWrite) job.stages().get(in.stageId()).root()).numPartitions());
            }
        }
        return "1";
    }

    private static String output(Stage stage, JobPlan job) {
        if (stage.root() instanceof ShuffleWrite w) {
            return "shuffle, " + w.numPartitions() + " partition" + (w.numPartitions() == 1 ? "" : "s");
        }
        boolean sample = job.stages().stream().anyMatch(s -> s.rangeBoundsStage() == stage.stageId());
        return sample ? "range bounds sample" : "result rows";
    }

    private static void collectLeaves(Operator op, List<Operator> out) {
        if (op.children().isEmpty()) {
            out.add(op);
        }
        for (Operator c : op.children()) {
            collectLeaves(c, out);
        }
    }
}
