package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.StoreRequests;
import io.updraft.coordinator.invoke.WorkerInvoker;
import io.updraft.coordinator.job.StageRun.TaskRun;
import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.coordinator.scan.PlanningRequests;
import io.updraft.coordinator.summary.JobSummary;
import io.updraft.coordinator.summary.LambdaPrices;
import io.updraft.coordinator.summary.StageDescriptions;
import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.core.task.TaskMetrics;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The reporting of one job: per-stage metrics of the committed attempts, the progress line of each finished
 * stage, and the {@link JobSummary} (with the coordinator's own store requests since the job started and the
 * session's planning requests, taken once). Touched only inside {@link JobExecution}'s events.
 */
final class JobReport {
    private final String jobId;
    private final PrintStream progress;
    private final WorkerInvoker invoker;
    private final ParquetFooterReader footers;
    private final LambdaPrices prices;
    private StoreRequests invokerRequestsAtStart = StoreRequests.NONE;
    /** The session's planning requests, taken once at the first summary. */
    private PlanningRequests planning;

    /** @param progress where stage and job lines go, or null */
    JobReport(String jobId, PrintStream progress, WorkerInvoker invoker, ParquetFooterReader footers,
              LambdaPrices prices) {
        this.jobId = jobId;
        this.progress = progress;
        this.invoker = invoker;
        this.footers = footers;
        this.prices = prices;
    }

    /** Whether lines are printed (a failed job computes its summary only then). */
    boolean prints() {
        return progress != null;
    }

    /** Called when the job starts: the coordinator's own requests count from here. */
    void start() {
        invokerRequestsAtStart = invoker.storeRequests();
    }

    static StageMetrics stageMetrics(StageRun s) {
        TaskMetrics totals = TaskMetrics.EMPTY;
        if (s.launched()) {
            for (TaskRun t : s.taskRuns) {
                if (t.committed != null) {
                    totals = totals.plus(t.committed.metrics());
                }
            }
        }
        return new StageMetrics(s.stage.stageId(), StageDescriptions.describe(s.stage),
                s.launched() ? s.taskRuns.length : 0, totals, s.elapsedNanos);
    }

    static List<StageMetrics> stageMetrics(List<StageRun> stages) {
        List<StageMetrics> metrics = new ArrayList<>(stages.size());
        for (StageRun s : stages) {
            metrics.add(stageMetrics(s));
        }
        return metrics;
    }

    JobSummary summary(List<StageRun> stages, List<StageMetrics> metrics, JobCounters counters) {
        long resultBytes = 0;
        for (StageRun s : stages) {
            if (s.launched() && !s.isMap()) {
                for (TaskRun t : s.taskRuns) {
                    for (String b : t.committed == null ? List.<String>of() : t.committed.arrowIpcBase64()) {
                        resultBytes += b.length() / 4L * 3;
                    }
                }
            }
        }
        if (planning == null) {
            planning = footers.takePlanningRequests();
        }
        return counters.summary(stages.size(), metrics, resultBytes,
                invoker.storeRequests().minus(invokerRequestsAtStart), planning, prices);
    }

    /** "[Stage 1/2] scan input → project → shuffle write: 4/4 tasks, 4000 rows, 4.05 s". */
    void stageFinished(StageRun s, int stageCount) {
        if (progress == null) {
            return;
        }
        StageMetrics m = stageMetrics(s);
        progress.println(String.format(Locale.ROOT, "[Stage %d/%d] %s: %d/%d tasks, %d rows, %.2f s",
                s.position, stageCount, m.description(), m.tasks(), m.tasks(), m.rows(), m.elapsedNanos() / 1e9));
    }

    /** The job's summary line, with " (failed)" after a failure. */
    void jobFinished(JobSummary summary, boolean failed) {
        if (progress != null) {
            progress.println(summary.line(jobId) + (failed ? " (failed)" : ""));
        }
    }
}
