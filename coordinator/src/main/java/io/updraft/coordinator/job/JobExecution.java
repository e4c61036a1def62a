package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.WorkerInvoker;
import io.updraft.coordinator.job.FailureClassifier.Counted;
import io.updraft.coordinator.job.FailureClassifier.Fatal;
import io.updraft.coordinator.job.FailureClassifier.Ignored;
import io.updraft.coordinator.job.FailureClassifier.LostOutput;
import io.updraft.coordinator.job.LaunchQueue.Launch;
import io.updraft.coordinator.job.StageRun.AttemptRun;
import io.updraft.coordinator.job.StageRun.TaskRun;
import io.updraft.coordinator.output.OutputCommitter;
import io.updraft.coordinator.output.OutputCommitters;
import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.coordinator.scan.ScanSplitter;
import io.updraft.coordinator.summary.JobSummary;
import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.ShuffleOutputLostException;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Stage;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.sql.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One run of a job: the stage DAG scheduler. Every state change happens in an event on one {@link EventLoop}, so
 * the fields below need no locks. A stage starts when every stage it reads has committed all its tasks; stages
 * that do not depend on each other run at the same time. At most {@link WorkerInvoker#concurrency()} attempts
 * are in flight; the rest wait in a FIFO queue (re-runs of lost map outputs go first).
 * <ul>
 *   <li><b>Commit</b>: the first successful attempt of a task is committed; a later success is a duplicate whose
 *   shuffle object is deleted at once; running duplicates of a committed row task are cancelled.</li>
 *   <li><b>Failures</b> ({@link FailureClassifier}): USER fails the job with the worker's error; TRANSIENT results
 *   and retryable invocation failures (crash, throttling, 5xx, timeout) are retried after {@link RetryPolicy}
 *   backoff with full jitter, until a task has failed {@code maxAttempts} times; INTERNAL results fail the job
 *   naming the task.</li>
 *   <li><b>Lost shuffle output</b> ({@link TaskResult#lostShuffleObject()}): the producing map task is
 *   uncommitted and re-run under a new attempt (a new key), then the consumer task runs again; other tasks and
 *   stages are untouched. The consumer's failure does not count against its attempts.</li>
 *   <li><b>Speculation</b> ({@link Speculation}): checked every interval on the injected clock.</li>
 *   <li><b>Cleanup</b> ({@link MapOutputCleanup}): when the job ends, every map attempt's object is deleted (by
 *   its deterministic key); attempts still running then delete their own object when they finish.</li>
 *   <li><b>Output</b> ({@link OutputCommitter}): when the last stage writes files, its committed attempts' files are
 *   published at job commit (before the job reports success); a duplicate's files are dropped when it reports; a
 *   failed job drops them all. Write attempts on Lambda are never abandoned (they run to their end so that their
 *   files can be dropped), and the job reports only once every write attempt has ended.</li>
 *   <li><b>Reporting</b> ({@link JobReport}): a line per finished stage and a summary line per job.</li>
 *   <li><b>Checkpoints</b> ({@link StageCheckpoints}, when configured): every completed stage but the last is
 *   recorded; a job that finds records of its stages (a coordinator before it died mid-job) takes them as
 *   committed and does not run them again; when the job ends its records go, with the restored stages' shuffle
 *   objects.</li>
 * </ul>
 */
final class JobExecution {
    private static final Logger LOG = LoggerFactory.getLogger(JobExecution.class);

    private final String jobId;
    private final JobPlan plan;
    private final WorkerInvoker invoker;
    private final ScanSplitter splitter;
    private final BatchDecoder decoder;
    private final MapOutputCleanup cleanup;
    private final JobRunnerOptions options;
    private final TaskClock clock;
    private final JobReport report;
    private final EventLoop loop = new EventLoop(this::internalError);
    private final CompletableFuture<JobResult> done = new CompletableFuture<>();
    /** The output commit of a job that writes files, else null. */
    private final OutputCommitter output;

    // --- state, touched only inside events
    private StageGraph graph;
    private List<StageRun> stages = List.of();
    private final LaunchQueue queue = new LaunchQueue();
    private final JobTimers timers;
    private final JobCounters counters = new JobCounters();
    private int inFlight;
    private int stagesCompleted;
    private boolean finished;
    /** Runs when the last attempt still in flight after a failure or cancellation has ended. */
    private Runnable whenIdle;
    private long startNanos;
    /** Checkpoints: stage id → fingerprint; fingerprints recorded or restored by this run (removed at the end). */
    private Map<Integer, String> fingerprints = Map.of();
    private final Set<String> ownedRecords = new LinkedHashSet<>();
    /** Job ids and shuffle keys of restored map outputs (made by an earlier coordinator). */
    private final Set<String> restoredJobIds = new HashSet<>();
    private final List<String> restoredKeys = new ArrayList<>();

    JobExecution(String jobId, JobPlan plan, WorkerInvoker invoker, ParquetFooterReader footers, BatchDecoder decoder,
                 ObjectStore shuffleStore, JobRunnerOptions options) {
        this.jobId = jobId;
        this.plan = plan;
        this.invoker = invoker;
        this.splitter = new ScanSplitter(footers, options.splitPolicy());
        this.decoder = decoder;
        this.cleanup = new MapOutputCleanup(jobId, shuffleStore);
        this.options = options;
        this.clock = options.clock();
        this.report = new JobReport(jobId, options.progress(), invoker, footers, options.cost());
        this.timers = new JobTimers(clock, loop, () -> finished);
        this.output = OutputCommitters.forPlan(plan, jobId, options.taskConfig());
    }

    /** Starts the job; the future completes with its result or an {@link UpdraftException}. */
    CompletableFuture<JobResult> start() {
        done.whenComplete((result, error) -> {
            if (error instanceof CancellationException) {
                cancel("its future was cancelled");
            }
            invoker.jobEnded(jobId);
        });
        loop.post(this::begin);
        return done;
    }

    /**
     * Gives the job up: no more launches, running tasks are stopped (in local mode they end within a batch and
     * release their memory), and the job fails with "Job ... was cancelled: {@code why}" once they have ended.
     * Does nothing when the job is already over.
     */
    void cancel(String why) {
        loop.post(() -> fail(new UpdraftException(ErrorType.INTERNAL, "Job " + jobId + " was cancelled: " + why)));
    }

    String jobId() {
        return jobId;
    }

    // ---------------------------------------------------------------- stages

    private void begin() {
        startNanos = clock.nanoTime();
        report.start();
        graph = new StageGraph(plan);
        stages = graph.all();
        if (options.checkpoints() != null) {
            restore();
        }
        launchReadyStages();
        if (options.speculation().enabled()) {
            scheduleSpeculationCheck();
        }
        pump();
    }

    /** Takes the recorded stages whose inputs are restored too as committed (plan order: inputs first). */
    private void restore() {
        Map<Integer, List<Integer>> inputs = new HashMap<>();
        for (StageRun s : stages) {
            inputs.put(s.stage.stageId(), List.copyOf(s.dependencies));
        }
        fingerprints = StageCheckpoints.fingerprints(plan.stages(), inputs);
        List<String> candidates = new ArrayList<>();
        for (StageRun s : stages.subList(0, stages.size() - 1)) {
            candidates.add(fingerprints.get(s.stage.stageId()));
        }
        Map<String, List<TaskResult>> recorded = options.checkpoints().recorded(candidates);
        for (StageRun s : stages.subList(0, stages.size() - 1)) {
            String fp = fingerprints.get(s.stage.stageId());
            List<TaskResult> results = recorded.get(fp);
            if (results == null || !graph.inputsComplete(s)) {
                continue;
            }
            s.tasks = StageTasks.restored(s.stage, results.size());
            s.taskRuns = new TaskRun[results.size()];
            for (int t = 0; t < results.size(); t++) {
                s.taskRuns[t] = new TaskRun(t);
                s.taskRuns[t].committed = results.get(t);
                TaskResult r = results.get(t);
                if (r.shuffleOutput() != null) {
                    restoredKeys.add(r.shuffleOutput().key());
                    restoredJobIds.add(r.jobId());
                }
            }
            s.committed = results.size();
            s.completedOnce = true;
            s.restored = true;
            stagesCompleted++;
            ownedRecords.add(fp);
            LOG.info("{}: stage {} ({} tasks) restored from its checkpoint {}, not run again", jobId,
                    s.stage.stageId(), results.size(), options.checkpoints().store().describe(
                            StageCheckpoints.key(fp)));
        }
    }

    private void launchReadyStages() {
        for (StageRun s : stages) {
            if (finished) {
                return;
            }
            if (!s.launched() && graph.inputsComplete(s)) {
                launchStage(s);
            }
        }
    }

    private void launchStage(StageRun s) {
        s.launchNanos = clock.nanoTime();
        s.tasks = StageTasks.expand(s.stage, graph, splitter, this::sampleRows);
        s.taskRuns = new TaskRun[s.tasks.taskCount()];
        for (int t = 0; t < s.taskRuns.length; t++) {
            s.taskRuns[t] = new TaskRun(t);
            s.taskRuns[t].pendingLaunch = true;
            queue.add(new Launch(s, s.taskRuns[t], false));
        }
    }

    private List<Row> sampleRows(Stage sampleStage) {
        List<String> batches = new ArrayList<>();
        for (TaskResult r : graph.committed(sampleStage.stageId())) {
            batches.addAll(r.arrowIpcBase64());
        }
        return decoder.decode(batches, sampleStage.root().schema());
    }

    // ---------------------------------------------------------------- dispatch

    private void pump() {
        int limit = Math.max(1, invoker.concurrency());
        while (!finished && inFlight < limit) {
            Launch l = queue.next(graph::inputsComplete);
            if (l == null) {
                return;
            }
            launchAttempt(l);
        }
    }

    private void launchAttempt(Launch l) {
        StageRun s = l.stage();
        TaskRun t = l.task();
        Operator root = s.tasks.resolve(t.index, graph);
        int attempt = t.nextAttempt++;
        String spec = TaskCodec.encode(new TaskSpec(jobId, s.stage.stageId(), t.index, attempt, root,
                options.taskConfig()));
        AttemptRun a = new AttemptRun(attempt, clock.nanoTime());
        t.running.add(a);
        inFlight++;
        s.attempts++;
        counters.invocations++;
        if (l.speculative()) {
            counters.speculativeAttempts++;
            LOG.info("{} runs long: launching a speculative copy", taskName(s.stage.stageId(), t.index, attempt));
        }
        CompletableFuture<String> invocation;
        try {
            invocation = invoker.invoke(spec);
        } catch (RuntimeException e) {
            invocation = CompletableFuture.failedFuture(e);
        }
        a.invocation = invocation;
        invocation.whenComplete((json, error) -> {
            AttemptOutcome outcome = AttemptOutcome.decode(json, error, s.stage.stageId(), t.index, attempt);
            loop.post(() -> attemptDone(s, t, a, outcome));
        });
    }

    private void attemptDone(StageRun s, TaskRun t, AttemptRun a, AttemptOutcome o) {
        t.running.remove(a);
        inFlight--;
        if (finished && inFlight == 0 && whenIdle != null) {
            Runnable idle = whenIdle;
            whenIdle = null;
            loop.post(idle);
        }
        counters.attemptEnded(clock.nanoTime() - a.startNanos, o.result());
        if (finished) {
            if (s.isMap()) {
                cleanup.delete(s.stage.stageId(), t.index, a.attempt);
            } else if (isWrite(s) && o.succeeded()) {
                output.discard(o.result());
            }
            return;
        }
        if (o.succeeded()) {
            if (t.committed == null) {
                commit(s, t, a, o.result());
            } else if (s.isMap()) {
                cleanup.delete(s.stage.stageId(), t.index, a.attempt);
            } else if (isWrite(s)) {
                output.discard(o.result());   // a duplicate: only the committed attempt's files are published
            }
        } else if (t.committed == null) {
            failed(s, t, a, o);
        }
        pump();
    }

    private void commit(StageRun s, TaskRun t, AttemptRun a, TaskResult r) {
        t.committed = r;
        s.committed++;
        s.committedDurations.add(clock.nanoTime() - a.startNanos);
        if (!s.isMap() && !(isWrite(s) && !invoker.stopsRunningTasks())) {
            for (AttemptRun other : t.running) {
                stopAttempt(other);   // a write attempt on Lambda runs on, so that its files are dropped when it reports
            }
        }
        if (s.complete()) {
            stageComplete(s);
        }
    }

    private void stageComplete(StageRun s) {
        if (!s.completedOnce) {
            s.completedOnce = true;
            s.elapsedNanos = clock.nanoTime() - s.launchNanos;
            stagesCompleted++;
            report.stageFinished(s, stages.size());
        }
        if (options.checkpoints() != null && s != stages.get(stages.size() - 1)) {
            String fp = fingerprints.get(s.stage.stageId());
            options.checkpoints().record(fp, s.stage.stageId(), graph.committed(s.stage.stageId()));
            ownedRecords.add(fp);
        }
        queue.unblock();
        launchReadyStages();
        if (stagesCompleted == stages.size() && graph.lastComplete()) {
            finish();
        }
    }

    // ---------------------------------------------------------------- failures

    private void failed(StageRun s, TaskRun t, AttemptRun a, AttemptOutcome o) {
        String name = taskName(s.stage.stageId(), t.index, a.attempt);
        switch (FailureClassifier.classify(o, name)) {
            case Ignored ignored -> {
            }
            case Fatal f -> fail(f.error());
            case LostOutput lost -> lostShuffleOutput(s, t, name, lost.uri());
            case Counted c -> {
                t.failures++;
                if (!c.retryable() || t.failures >= options.maxAttempts()) {
                    fail(new UpdraftException(ErrorType.INTERNAL, c.message(), c.cause()));
                } else if (t.running.isEmpty() && !t.pendingLaunch) {
                    scheduleRetry(s, t, c.message());
                } else {
                    LOG.warn("{} (failure {} of at most {}; another attempt still runs)", c.message(), t.failures,
                            options.maxAttempts());
                }
            }
        }
    }

    private void scheduleRetry(StageRun s, TaskRun t, String failure) {
        t.pendingLaunch = true;
        counters.retries++;
        long delay = options.retry().backoffNanos(t.failures, options.random());
        LOG.warn("{}; retrying in {} ms (failure {} of at most {})", failure, TimeUnit.NANOSECONDS.toMillis(delay),
                t.failures, options.maxAttempts());
        timers.schedule(delay, () -> {
            queue.add(new Launch(s, t, false));
            pump();
        });
    }

    /** A consumer found an input shuffle object missing: re-run its producer, then the consumer. */
    private void lostShuffleOutput(StageRun consumer, TaskRun consumerTask, String name, String uri) {
        ShuffleObjectNames.MapAttempt lost = ShuffleObjectNames.parse(uri);
        StageRun producer = lost == null || !(lost.jobId().equals(jobId) || restoredJobIds.contains(lost.jobId()))
                ? null : graph.get(lost.stageId());
        if (producer == null || !producer.isMap() || lost.taskId() >= producer.taskRuns.length) {
            fail(new UpdraftException(ErrorType.INTERNAL, name + " failed (INTERNAL): "
                    + ShuffleOutputLostException.message(uri) + " (not a map output of this job)"));
            return;
        }
        TaskRun mapTask = producer.taskRuns[lost.taskId()];
        if (mapTask.committed != null && mapTask.committed.attempt() == lost.attempt()
                && mapTask.committed.jobId().equals(lost.jobId())) {
            if (++mapTask.lostOutputReruns > options.maxAttempts()) {
                fail(new UpdraftException(ErrorType.INTERNAL, name + " failed: "
                        + ShuffleOutputLostException.message(uri) + " (lost " + mapTask.lostOutputReruns + " times)"));
                return;
            }
            LOG.warn("{} found its input {} missing: re-running task {} of stage {}", name, uri, mapTask.index,
                    producer.stage.stageId());
            mapTask.committed = null;
            producer.committed--;
            counters.lostOutputReruns++;
            if (lost.jobId().equals(jobId)) {
                cleanup.delete(producer.stage.stageId(), mapTask.index, lost.attempt());
            }
            if (!mapTask.pendingLaunch && mapTask.running.isEmpty()) {
                mapTask.pendingLaunch = true;
                queue.addFirst(new Launch(producer, mapTask, false));
            }
        }
        if (consumerTask.running.isEmpty() && !consumerTask.pendingLaunch) {
            consumerTask.pendingLaunch = true;
            queue.add(new Launch(consumer, consumerTask, false));
        }
    }

    // ---------------------------------------------------------------- speculation

    private void scheduleSpeculationCheck() {
        timers.schedule(options.speculation().intervalNanos(), () -> {
            for (Speculation.Straggler s : Speculation.stragglers(stages, options.speculation(), clock.nanoTime())) {
                s.task().speculated = true;
                queue.add(new Launch(s.stage(), s.task(), true));
            }
            scheduleSpeculationCheck();
            pump();
        });
    }

    // ---------------------------------------------------------------- the end

    /** The results of the stage's tasks committed so far (a failed job's, to drop their files). */
    private static List<TaskResult> committedSoFar(StageRun s) {
        List<TaskResult> out = new ArrayList<>();
        if (s != null && s.launched()) {
            for (TaskRun t : s.taskRuns) {
                if (t.committed != null) {
                    out.add(t.committed);
                }
            }
        }
        return out;
    }

    /** The last stage writes files (its root is a {@code FileWrite}). */
    private boolean isWrite(StageRun s) {
        return output != null && s.stage.stageId() == plan.finalStage().stageId();
    }

    private void finish() {
        if (output != null) {
            try {
                output.commit(graph.committed(plan.finalStage().stageId()));
            } catch (RuntimeException e) {
                fail(e instanceof UpdraftException u ? u : new UpdraftException(ErrorType.INTERNAL, "Job " + jobId
                        + " could not commit its output: " + e, e));
                return;
            }
        }
        List<String> batches = new ArrayList<>();
        for (TaskResult r : graph.committed(plan.finalStage().stageId())) {
            batches.addAll(r.arrowIpcBase64());
        }
        List<Row> rows = decoder.decode(batches, plan.resultSchema());
        List<StageMetrics> metrics = JobReport.stageMetrics(stages);
        stop();
        long elapsed = clock.nanoTime() - startNanos;
        JobSummary summary = report.summary(stages, metrics, counters);
        report.jobFinished(summary, false);
        JobResult result = new JobResult(jobId, plan.resultSchema(), rows, metrics, elapsed, summary);
        Runnable end = () -> cleanup.deleteFinished(stages).thenCompose(v -> dropCheckpoints())
                .thenCompose(v -> output == null ? CompletableFuture.completedFuture(null) : output.abort(List.of()))
                .whenComplete((v, e) -> done.complete(result));
        if (inFlight > 0 && output != null) {
            whenIdle = end;   // duplicates of write tasks still run: their files are dropped when they report
        } else {
            end.run();
        }
    }

    private void fail(UpdraftException e) {
        if (finished) {
            return;
        }
        stop();
        if (report.prints()) {
            report.jobFinished(report.summary(stages, JobReport.stageMetrics(stages), counters), true);
        }
        List<TaskResult> written = output == null ? List.of() : committedSoFar(graph.get(plan.finalStage().stageId()));
        Runnable end = () -> cleanup.deleteFinished(stages).thenCompose(v -> dropCheckpoints())
                .thenCompose(v -> output == null ? CompletableFuture.completedFuture(null) : output.abort(written))
                .whenComplete((v, ignored) -> done.completeExceptionally(e));
        if (inFlight > 0 && (invoker.stopsRunningTasks() || output != null)) {
            whenIdle = end; // the stopped tasks end within a batch; report the failure once their memory is free
        } else {
            end.run();
        }
    }

    /** The job ended: its stage records go, and the restored stages' shuffle objects (an earlier job id's). */
    private CompletableFuture<Void> dropCheckpoints() {
        if (options.checkpoints() == null) {
            return CompletableFuture.completedFuture(null);
        }
        return cleanup.deleteKeys(restoredKeys).thenCompose(v -> options.checkpoints().remove(ownedRecords));
    }

    private void internalError(Throwable t) {
        Throwable cause = unwrap(t);
        LOG.error("Job {} failed in the scheduler", jobId, cause);
        fail(cause instanceof UpdraftException u ? u : new UpdraftException(ErrorType.INTERNAL, "job " + jobId
                + " failed: " + cause, cause));
    }

    /**
     * No more launches: timers off, queues cleared, running attempts stopped — every one when the invoker can
     * stop a started task (a stopped map attempt then deletes its object when it ends), otherwise row attempts
     * only (their results are dropped; a map attempt must run on to delete the object it writes).
     */
    private void stop() {
        finished = true;
        timers.cancelAll();
        queue.clear();
        for (StageRun s : stages) {
            if (!s.launched() || ((s.isMap() || isWrite(s)) && !invoker.stopsRunningTasks())) {
                continue;
            }
            for (TaskRun t : s.taskRuns) {
                for (AttemptRun a : t.running) {
                    stopAttempt(a);
                }
            }
        }
    }

    private void stopAttempt(AttemptRun a) {
        if (invoker.stopsRunningTasks()) {
            invoker.stop(a.invocation);
        } else {
            a.invocation.cancel(false);
        }
    }

    private String taskName(int stageId, int taskId, int attempt) {
        return "Task " + taskId + " (attempt " + attempt + ") of stage " + stageId + " in " + jobId;
    }

    static Throwable unwrap(Throwable e) {
        return AttemptOutcome.unwrap(e);
    }
}
