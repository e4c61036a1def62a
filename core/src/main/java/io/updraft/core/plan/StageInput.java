package io.updraft.core.plan;

import io.updraft.sql.types.StructType;

import java.util.List;

/**
 * Placeholder leaf for the output of an earlier stage. The coordinator replaces it before dispatch
 * (with {@link InlineBatches} in local mode today; with a shuffle read later). Never reaches a worker.
 */
public record StageInput(int stageId, StructType schema) implements Operator {
    @Override
    public List<Operator> children() {
        return List.of();
    }
}
