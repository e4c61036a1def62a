package io.updraft.planner.logical;

import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * Rows built by the session ({@code createDataset}, {@code createDataFrame}, {@code emptyDataFrame}): Arrow IPC
 * streams (base64, opaque to the planner) of {@code schema}, shipped inside the task that reads them.
 * {@code rowCount} sizes the relation for the planner.
 */
public record LocalRelation(StructType schema, List<String> arrowIpcBase64, long rowCount) implements LogicalPlan {
    public LocalRelation {
        Objects.requireNonNull(schema, "schema is null");
        arrowIpcBase64 = List.copyOf(arrowIpcBase64);
    }

    @Override
    public List<LogicalPlan> children() {
        return List.of();
    }
}
