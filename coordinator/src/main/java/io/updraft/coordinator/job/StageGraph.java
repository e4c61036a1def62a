package io.updraft.coordinator.job;

import io.updraft.coordinator.job.StageRun.TaskRun;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskResult;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The stages of one job in plan order and what each waits for: its {@code inputStages}, every
 * {@code StageInput}'s stage and its {@code rangeBoundsStage} (a dependency on a later or unknown stage is an
 * INTERNAL error). Also the committed outputs the stages' tasks read. Touched only inside
 * {@link JobExecution}'s events.
 */
final class StageGraph implements StageTasks.Outputs {
    private final Map<Integer, StageRun> byId = new HashMap<>();
    private final List<StageRun> stages = new ArrayList<>();

    StageGraph(JobPlan plan) {
        for (int i = 0; i < plan.stages().size(); i++) {
            Stage stage = plan.stages().get(i);
            StageRun run = new StageRun(stage, i + 1);
            if (byId.putIfAbsent(stage.stageId(), run) != null) {
                throw new UpdraftException(ErrorType.INTERNAL, "job plan has two stages with id " + stage.stageId());
            }
            run.dependencies.addAll(stage.inputStages());
            for (StageInput input : OperatorTrees.stageInputs(stage.root())) {
                run.dependencies.add(input.stageId());
            }
            if (stage.rangeBoundsStage() >= 0) {
                run.dependencies.add(stage.rangeBoundsStage());
            }
            for (int dependency : run.dependencies) {
                if (!byId.containsKey(dependency) || dependency == stage.stageId()) {
                    throw new UpdraftException(ErrorType.INTERNAL, "stage " + stage.stageId() + " reads stage "
                            + dependency + ", which has not run before it");
                }
            }
            stages.add(run);
        }
    }

    /** Every stage, in plan order. */
    List<StageRun> all() {
        return stages;
    }

    /** The stage with this id, or null. */
    StageRun get(int stageId) {
        return byId.get(stageId);
    }

    /** Whether every stage {@code s} depends on has committed all its tasks. */
    boolean inputsComplete(StageRun s) {
        for (int dependency : s.dependencies) {
            if (!byId.get(dependency).complete()) {
                return false;
            }
        }
        return true;
    }

    /** Whether the plan's last stage has committed every task (and so the job is done). */
    boolean lastComplete() {
        return stages.get(stages.size() - 1).complete();
    }

    @Override
    public List<TaskResult> committed(int stageId) {
        StageRun s = byId.get(stageId);
        List<TaskResult> out = new ArrayList<>(s.taskRuns.length);
        for (TaskRun t : s.taskRuns) {
            if (t.committed == null) {
                throw new IllegalStateException("task " + t.index + " of stage " + stageId + " is not committed");
            }
            out.add(t.committed);
        }
        return out;
    }

    @Override
    public Stage stage(int stageId) {
        return byId.get(stageId).stage;
    }
}
