package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.StoreRequests;
import io.updraft.coordinator.scan.PlanningRequests;
import io.updraft.coordinator.summary.JobSummary;
import io.updraft.coordinator.summary.LambdaPrices;
import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.core.task.TaskResult;

import java.util.List;

/**
 * Counts over every attempt of one job (touched only inside {@link JobExecution}'s events) and the
 * {@link JobSummary} they make.
 */
final class JobCounters {
    long invocations;
    long retries;
    long speculativeAttempts;
    long lostOutputReruns;
    long attemptNanos;
    long workerStoreRequests;
    long workerPuts;

    /** An attempt ended after {@code nanos} with {@code result} (null when it has none). */
    void attemptEnded(long nanos, TaskResult result) {
        attemptNanos += nanos;
        if (result != null) {
            workerStoreRequests += result.metrics().objectStoreRequests();
            if (result.shuffleOutput() != null) {
                workerPuts++;
            }
        }
    }

    /**
     * The summary: data volumes from the committed stage metrics, work and requests from these counters (a map
     * attempt's one PUT is its shuffle object, its other requests are reads), cost from {@code cost} (planning's
     * LISTs priced as PUTs, its HEADs and GETs as GETs).
     */
    JobSummary summary(int stageCount, List<StageMetrics> metrics, long resultBytes, StoreRequests own,
                       PlanningRequests planning, LambdaPrices cost) {
        int tasks = 0;
        long input = 0;
        long shuffleWritten = 0;
        long shuffleRead = 0;
        for (StageMetrics m : metrics) {
            tasks += m.tasks();
            input += m.totals().bytesRead();
            shuffleWritten += m.totals().shuffleBytesWritten();
            shuffleRead += m.totals().shuffleBytesRead();
        }
        long workerGets = Math.max(0, workerStoreRequests - workerPuts);
        double gbSeconds = cost.gbSeconds(attemptNanos);
        return new JobSummary(stageCount, tasks, invocations, retries, speculativeAttempts, lostOutputReruns, input,
                shuffleWritten, shuffleRead, resultBytes, workerPuts, workerGets, own.puts(), own.gets(), gbSeconds,
                cost.lambdaDurationDollars(gbSeconds), cost.lambdaRequestDollars(invocations),
                cost.s3RequestDollars(workerPuts + own.puts() + planning.lists(),
                        workerGets + own.gets() + planning.heads() + planning.gets()), planning);
    }
}
