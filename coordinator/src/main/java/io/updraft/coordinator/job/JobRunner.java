package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.WorkerInvoker;
import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.coordinator.summary.JobSummary;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.JobPlan;
import io.updraft.shuffle.store.ObjectStore;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a {@link JobPlan} through a {@link WorkerInvoker}: stages as a DAG (a stage starts when the stages it reads
 * have committed every task), tasks as TaskSpec JSON, the real shuffle between stages (map stages write one
 * object per attempt under {@code updraft.shuffle.root}; consumers get {@code ShuffleRead}s of the committed
 * outputs), retries with backoff, lost-output re-runs, speculation, cleanup of shuffle objects, one progress line
 * per finished stage and a {@link JobSummary} line per job. See {@link JobExecution} and {@link StageTasks} for the
 * rules. Job ids are {@code job-<n>-<8 hex>}, unique per process run, so jobs of different coordinators can share
 * a shuffle root. Thread-safe; each {@link #run} is independent.
 */
public final class JobRunner {
    private static final AtomicLong JOB_IDS = new AtomicLong();
    private static final String PROCESS_TOKEN = HexFormat.of().toHexDigits(new SecureRandom().nextInt());

    private final WorkerInvoker invoker;
    private final ParquetFooterReader footers;
    private final BatchDecoder decoder;
    private final ObjectStore shuffleStore;
    private final JobRunnerOptions options;

    /**
     * @param shuffleStore the coordinator's own handle on the store of {@code updraft.shuffle.root} (to delete
     *                     shuffle objects; not closed here), or null when no stage writes shuffle output
     */
    public JobRunner(WorkerInvoker invoker, ParquetFooterReader footers, BatchDecoder decoder,
                     ObjectStore shuffleStore, JobRunnerOptions options) {
        this.invoker = Objects.requireNonNull(invoker, "invoker is null");
        this.footers = Objects.requireNonNull(footers, "footers is null");
        this.decoder = Objects.requireNonNull(decoder, "decoder is null");
        this.shuffleStore = shuffleStore;
        this.options = Objects.requireNonNull(options, "options is null");
    }

    /** Without a shuffle store: shuffle objects are not deleted (tests of plans without map stages). */
    public JobRunner(WorkerInvoker invoker, ParquetFooterReader footers, BatchDecoder decoder,
                     JobRunnerOptions options) {
        this(invoker, footers, decoder, null, options);
    }

    public JobRunnerOptions options() {
        return options;
    }

    /**
     * Runs every stage and returns the final stage's rows; throws {@link UpdraftException} on failure. When the
     * calling thread is interrupted (e.g. a caller's timeout), the job is cancelled: its running tasks are stopped
     * and, once they have ended (in local mode within a batch, their memory released and their shuffle objects
     * deleted), a {@link CancellationException} is thrown with the thread's interrupt flag set again.
     */
    public JobResult run(JobPlan plan) {
        JobExecution job = execution(plan);
        CompletableFuture<JobResult> result = job.start();
        try {
            return result.get();
        } catch (InterruptedException e) {
            job.cancel("the calling thread was interrupted");
            try {
                result.join();
            } catch (CompletionException | CancellationException ignored) {
                // the expected end of a cancelled job
            }
            Thread.currentThread().interrupt();
            CancellationException cancelled = new CancellationException("Job " + job.jobId()
                    + " was cancelled: the calling thread was interrupted");
            cancelled.initCause(e);
            throw cancelled;
        } catch (ExecutionException e) {
            Throwable cause = JobExecution.unwrap(e.getCause() == null ? e : e.getCause());
            if (cause instanceof UpdraftException u) {
                throw u;
            }
            throw new UpdraftException(ErrorType.INTERNAL, "job failed: " + cause, cause);
        }
    }

    /**
     * Starts the job; the future completes with the result or an {@link UpdraftException}. Cancelling the future
     * cancels the job (its running tasks are stopped).
     */
    public CompletableFuture<JobResult> runAsync(JobPlan plan) {
        return execution(plan).start();
    }

    private JobExecution execution(JobPlan plan) {
        Objects.requireNonNull(plan, "plan is null");
        String jobId = "job-" + JOB_IDS.incrementAndGet() + "-" + PROCESS_TOKEN;
        return new JobExecution(jobId, plan, invoker, footers, decoder, shuffleStore, options);
    }
}
