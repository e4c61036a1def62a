package io.updraft.core.plan;

import io.updraft.sql.types.StructType;

import java.util.List;

/**
 * Stages in dependency order (a stage's {@code inputStages} have lower ids); the last stage's task outputs,
 * concatenated in task order, are the job's result (schema {@code resultSchema}). How stages read each other and
 * how many tasks each gets: see {@link Stage} and {@link StageInput}.
 */
public record JobPlan(List<Stage> stages, StructType resultSchema) {
    public JobPlan {
        stages = List.copyOf(stages);
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a job has at least one stage");
        }
    }

    public Stage finalStage() {
        return stages.get(stages.size() - 1);
    }
}
