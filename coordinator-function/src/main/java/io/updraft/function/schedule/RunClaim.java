package io.updraft.function.schedule;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.updraft.function.state.JobProgress;
import io.updraft.function.state.QueryError;
import io.updraft.function.state.QueryStatus;

import java.util.List;

/**
 * A scheduled run's claim, {@code state/runs/<schedule>/<run id>.json}: created with {@code If-None-Match: *} by
 * the first delivery that arrives; the deliveries that find it do not run the job again. It records every
 * delivery's execution id, the output object once committed, the job's progress and summary, or the error.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunClaim(String runId, String schedule, String scheduledTime, QueryStatus state, String claimedAt,
                       String updatedAt, List<String> executionIds, String outputKey, Long rowCount,
                       JobProgress progress, QueryError error) {
    public RunClaim {
        executionIds = List.copyOf(executionIds);
    }

    RunClaim with(QueryStatus s, String now, String output, Long rows, JobProgress p, QueryError e) {
        return new RunClaim(runId, schedule, scheduledTime, s, claimedAt, now, executionIds, output, rows, p, e);
    }

    RunClaim takenOverBy(String executionId, String now) {
        List<String> ids = new java.util.ArrayList<>(executionIds);
        ids.add(executionId);
        return new RunClaim(runId, schedule, scheduledTime, QueryStatus.RUNNING, now, now, ids, null, null, null,
                null);
    }
}
