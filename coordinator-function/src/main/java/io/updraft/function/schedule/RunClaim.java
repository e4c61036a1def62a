package io.updraft.function.schedule;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.updraft.function.state.JobProgress;
import io.updraft.function.state.QueryError;
import io.updraft.function.state.QueryStatus;

import java.util.ArrayList;
import java.util.List;

/**
 * A scheduled run's claim, {@code state/runs/<schedule>/<run id>.json}: created with {@code If-None-Match: *} by
 * the first delivery that arrives; the deliveries that find it do not run the job again, unless it is RUNNING past
 * {@code leaseUntil} (the claiming invocation's deadline: that coordinator is gone), when one takes it over and
 * resumes the job. It records every delivery that ran it ({@code executionIds}, one per invocation), the output
 * folder and the rows and files committed there, the job's progress and summary, or the error.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunClaim(String runId, String schedule, String scheduledTime, QueryStatus state, String claimedAt,
                       String updatedAt, String leaseUntil, List<String> executionIds, String output, Long rowCount,
                       Integer fileCount, JobProgress progress, QueryError error) {
    public RunClaim {
        executionIds = List.copyOf(executionIds);
    }

    RunClaim with(QueryStatus s, String now, String out, Long rows, Integer files, JobProgress p, QueryError e) {
        return new RunClaim(runId, schedule, scheduledTime, s, claimedAt, now, leaseUntil, executionIds, out, rows,
                files, p, e);
    }

    RunClaim takenOverBy(String executionId, String now, String lease) {
        List<String> ids = new ArrayList<>(executionIds);
        ids.add(executionId);
        return new RunClaim(runId, schedule, scheduledTime, QueryStatus.RUNNING, claimedAt, now, lease, ids, null,
                null, null, null, null);
    }
}
