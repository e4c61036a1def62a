package io.updraft.core.plan;

import io.updraft.sql.types.StructType;

import java.util.List;

/** Stages in dependency order; the last stage's output is the job's result (schema {@code resultSchema}). */
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
