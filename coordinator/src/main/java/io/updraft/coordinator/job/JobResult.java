package io.updraft.coordinator.job;

import io.updraft.coordinator.summary.JobSummary;
import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * The rows of a finished job (final stage output in task order), its schema, per-stage metrics, job time and
 * the {@link JobSummary} (work, data, requests, estimated cost).
 */
public record JobResult(String jobId, StructType schema, List<Row> rows, List<StageMetrics> stages,
                        long elapsedNanos, JobSummary summary) {
    public JobResult {
        Objects.requireNonNull(jobId, "jobId is null");
        Objects.requireNonNull(schema, "schema is null");
        rows = List.copyOf(rows);
        stages = List.copyOf(stages);
        Objects.requireNonNull(summary, "summary is null");
    }
}
