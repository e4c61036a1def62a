package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.StoreRequests;
import io.updraft.coordinator.invoke.WorkerInvocationException;
import io.updraft.coordinator.invoke.WorkerInvoker;
import io.updraft.coordinator.job.StageRun.AttemptRun;
import io.updraft.coordinator.job.StageRun.TaskRun;
import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.coordinator.scan.PlanningRequests;
import io.updraft.coordinator.scan.ScanSplitter;
import io.updraft.coordinator.summary.JobSummary;
import io.updraft.coordinator.summary.StageDescriptions;
import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.ShuffleOutputLostException;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.shuffle.format.ShuffleKeys;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.sql.Row;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One run of a job: the stage DAG scheduler. Every state change happens in an event on one {@link EventLoop}, so
 * the fields below need no locks. A stage starts when every stage it reads has committed all its tasks; stages
 * that do not depend on each other run at the same time. At most {@link WorkerInvoker#concurrency()} attempts
 * are in flight; the rest wait in a FIFO queue (re-runs of lost map outputs go first).
 * <ul>
 *   <li><b>Commit</b>: the first successful attempt of a task is committed; a later success is a duplicate whose
 *   shuffle object is deleted at once; running duplicates of a committed row task are cancelled.</li>
 *   <li><b>Failures</b>: USER fails the job with the worker's message; TRANSIENT results and retryable invocation
 *   failures (crash, throttling, 5xx, timeout) are retried after {@link RetryPolicy} backoff with full jitter,
 *   until a task has failed {@code maxAttempts} times; INTERNAL results fail the job naming the task.</li>
 *   <li><b>Lost shuffle output</b> ({@link TaskResult#lostShuffleObject()}): the producing map task is
 *   uncommitted and re-run under a new attempt (a new key), then the consumer task runs again; other tasks and
 *   stages are untouched. The consumer's failure does not count against its attempts.</li>
 *   <li><b>Speculation</b> ({@link SpeculationPolicy}): checked every interval on the injected clock.</li>
 *   <li><b>Cleanup</b>: when the job ends, every map attempt's object is deleted (by its deterministic key);
 *   attempts still running then delete their own object when they finish.</li>
 * </ul>
 */
final class JobExecution implements StageTasks.Outputs {
    private final String jobId;
    private final JobPlan plan;
    private final WorkerInvoker invoker;
    private final ScanSplitter splitter;
    private final BatchDecoder decoder;
    private final ObjectStore shuffleStore;
    private final JobRunnerOptions options;
    private final TaskClock clock;
    private final EventLoop loop = new EventLoop(this::internalError);
    private final CompletableFuture<JobResult> done = new CompletableFuture<>();

    // --- state, touched only inside events
    private final Map<Integer, StageRun> stagesById = new HashMap<>();
    private final List<StageRun> stages = new ArrayList<>();
    private final Deque<Launch> ready = new ArrayDeque<>();
    private final List<Launch> blocked = new ArrayList<>();
    private final Set<TaskClock.Cancellable> timers = new HashSet<>();
    private final JobCounters counters = new JobCounters();
    private int inFlight;
    private int stagesCompleted;
    private boolean finished;
    /** Runs when the last attempt still in flight after a failure or cancellation has ended. */
    private Runnable whenIdle;
    private long startNanos;
    private StoreRequests invokerRequestsAtStart = StoreRequests.NONE;
    private final ParquetFooterReader footers;
    /** The session's planning requests, taken once at the first summary. */
    private PlanningRequests planning;

    JobExecution(String jobId, JobPlan plan, WorkerInvoker invoker, ParquetFooterReader footers, BatchDecoder decoder,
                 ObjectStore shuffleStore, JobRunnerOptions options) {
        this.jobId = jobId;
        this.plan = plan;
        this.invoker = invoker;
        this.footers = footers;
        this.splitter = new ScanSplitter(footers, options.splitPolicy());
        this.decoder = decoder;
        this.shuffleStore = shuffleStore;
        this.options = options;
        this.clock = options.clock();
    }

    /** Starts the job; the future completes with its result or an {@link UpdraftException}. */
    CompletableFuture<JobResult> start() {
        done.whenComplete((result, error) -> {
            if (error instanceof CancellationException) {
                cancel("its future was cancelled");
            }
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

    private record Launch(StageRun stage, TaskRun task, boolean speculative) {
    }

    /** What came back from one invocation: a decoded result, or why there is none. */
    private record Outcome(TaskResult result, Throwable error) {
    }

    private void begin() {
        startNanos = clock.nanoTime();
        invokerRequestsAtStart = invoker.storeRequests();
        for (int i = 0; i < plan.stages().size(); i++) {
            Stage stage = plan.stages().get(i);
            StageRun run = new StageRun(stage, i + 1);
            if (stagesById.putIfAbsent(stage.stageId(), run) != null) {
                throw new UpdraftException(ErrorType.INTERNAL, "job plan has two stages with id " + stage.stageId());
            }
            run.dependencies.addAll(stage.inputStages());
            for (StageInput input : OperatorTrees.stageInputs(stage.root())) {
                run.dependencies.add(input.stageId());
            }
            if (stage.rangeBoundsStage() >= 0) {
                run.dependencies.add(stage.rangeBoundsStage());
            }
            for (int dependency : run.dependencies) {
                if (!stagesById.containsKey(dependency) || dependency == stage.stageId()) {
                    throw new UpdraftException(ErrorType.INTERNAL, "stage " + stage.stageId() + " reads stage "
                            + dependency + ", which has not run before it");
                }
            }
            stages.add(run);
        }
        launchReadyStages();
        if (options.speculation().enabled()) {
            scheduleSpeculationCheck();
        }
        pump();
    }

    private void launchReadyStages() {
        for (StageRun s : stages) {
            if (finished) {
                return;
            }
            if (!s.launched() && inputsComplete(s)) {
                launchStage(s);
            }
        }
    }

    private boolean inputsComplete(StageRun s) {
        for (int dependency : s.dependencies) {
            if (!stagesById.get(dependency).complete()) {
                return false;
            }
        }
        return true;
    }

    private void launchStage(StageRun s) {
        s.launchNanos = clock.nanoTime();
        s.tasks = StageTasks.expand(s.stage, this, splitter, this::sampleRows);
        s.taskRuns = new TaskRun[s.tasks.taskCount()];
        for (int t = 0; t < s.taskRuns.length; t++) {
            s.taskRuns[t] = new TaskRun(t);
            s.taskRuns[t].pendingLaunch = true;
            ready.add(new Launch(s, s.taskRuns[t], false));
        }
    }

    private List<Row> sampleRows(Stage sampleStage) {
        List<String> batches = new ArrayList<>();
        for (TaskResult r : committed(sampleStage.stageId())) {
            batches.addAll(r.arrowIpcBase64());
        }
        return decoder.decode(batches, sampleStage.root().schema());
    }

    @Override
    public List<TaskResult> committed(int stageId) {
        StageRun s = stagesById.get(stageId);
        List<TaskResult> out = new ArrayList<>(s.taskRuns.length);
        for (TaskRun t : s.taskRuns) {
            if (t.committed == null) {
                throw new IllegalStateException("task " + t.index + " of stage " + stageId + " is not committed");
            }
            out.add(t.committed);
        }
        return out;
    }

    @Override
    public Stage stage(int stageId) {
        return stagesById.get(stageId).stage;
    }

    // ---------------------------------------------------------------- dispatch

    private void pump() {
        int limit = Math.max(1, invoker.concurrency());
        while (!finished && inFlight < limit && !ready.isEmpty()) {
            Launch l = ready.poll();
            if (l.task.committed != null) {
                if (!l.speculative) {
                    l.task.pendingLaunch = false;
                }
                continue;
            }
            if (!inputsComplete(l.stage)) {
                blocked.add(l);
                continue;
            }
            if (!l.speculative) {
                l.task.pendingLaunch = false;
            }
            launchAttempt(l);
        }
    }

    private void launchAttempt(Launch l) {
        StageRun s = l.stage;
        TaskRun t = l.task;
        Operator root = s.tasks.resolve(t.index, this);
        int attempt = t.nextAttempt++;
        String spec = TaskCodec.encode(new TaskSpec(jobId, s.stage.stageId(), t.index, attempt, root,
                options.taskConfig()));
        AttemptRun a = new AttemptRun(attempt, clock.nanoTime());
        t.running.add(a);
        inFlight++;
        s.attempts++;
        counters.invocations++;
        if (l.speculative) {
            counters.speculativeAttempts++;
        }
        CompletableFuture<String> invocation;
        try {
            invocation = invoker.invoke(spec);
        } catch (RuntimeException e) {
            invocation = CompletableFuture.failedFuture(e);
        }
        a.invocation = invocation;
        invocation.whenComplete((json, error) -> {
            Outcome outcome = decode(json, error, s.stage.stageId(), t.index, attempt);
            loop.post(() -> attemptDone(s, t, a, outcome));
        });
    }

    private Outcome decode(String json, Throwable error, int stageId, int taskId, int attempt) {
        if (error != null) {
            return new Outcome(null, unwrap(error));
        }
        try {
            TaskResult r = TaskCodec.decodeResult(json);
            if (r.stageId() != stageId || r.taskId() != taskId || r.attempt() != attempt) {
                if (r.status() == TaskStatus.FAILED && r.stageId() < 0) {
                    return new Outcome(r, null);  // the worker could not even decode the spec: keep its message
                }
                return new Outcome(null, new WorkerInvocationException(WorkerInvocationException.Kind.CRASH,
                        "the worker answered for stage " + r.stageId() + " task " + r.taskId() + " attempt "
                                + r.attempt()));
            }
            return new Outcome(r, null);
        } catch (RuntimeException e) {
            String head = json == null ? "null" : json.substring(0, Math.min(200, json.length()));
            return new Outcome(null, new WorkerInvocationException(WorkerInvocationException.Kind.CRASH,
                    "the worker's answer is not a TaskResult (" + e.getMessage() + "): " + head, e));
        }
    }

    private void attemptDone(StageRun s, TaskRun t, AttemptRun a, Outcome o) {
        t.running.remove(a);
        inFlight--;
        if (finished && inFlight == 0 && whenIdle != null) {
            Runnable idle = whenIdle;
            whenIdle = null;
            loop.post(idle);
        }
        counters.attemptNanos += clock.nanoTime() - a.startNanos;
        TaskResult r = o.result();
        if (r != null) {
            counters.workerStoreRequests += r.metrics().objectStoreRequests();
            if (r.shuffleOutput() != null) {
                counters.workerPuts++;
            }
        }
        if (finished) {
            if (s.isMap()) {
                deleteMapOutput(s, t.index, a.attempt);
            }
            return;
        }
        if (r != null && r.status() == TaskStatus.SUCCEEDED) {
            if (t.committed == null) {
                commit(s, t, a, r);
            } else if (s.isMap()) {
                deleteMapOutput(s, t.index, a.attempt);
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
        if (!s.isMap()) {
            for (AttemptRun other : t.running) {
                stopAttempt(other);
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
            printProgress(s);
        }
        if (!blocked.isEmpty()) {
            List<Launch> retry = new ArrayList<>(blocked);
            blocked.clear();
            for (int i = retry.size() - 1; i >= 0; i--) {
                ready.addFirst(retry.get(i));
            }
        }
        launchReadyStages();
        if (stagesCompleted == stages.size() && stages.get(stages.size() - 1).complete()) {
            finish();
        }
    }

    // ---------------------------------------------------------------- failures

    private void failed(StageRun s, TaskRun t, AttemptRun a, Outcome o) {
        TaskResult r = o.result();
        String name = taskName(s.stage.stageId(), t.index, a.attempt);
        boolean retryable;
        String failure;
        if (r != null) {
            String lost = r.lostShuffleObject();
            if (lost != null) {
                lostShuffleOutput(s, t, name, lost);
                return;
            }
            ErrorType type = r.errorType() == null ? ErrorType.INTERNAL : r.errorType();
            String text = r.errorMessage() == null ? "(no message)" : r.errorMessage();
            if (type == ErrorType.USER) {
                fail(new UpdraftException(ErrorType.USER, r.errorClass(), r.sqlState(), text, null));
                return;
            }
            retryable = type == ErrorType.TRANSIENT;
            failure = name + " failed (" + type + "): " + UpdraftException.compose(r.errorClass(), r.sqlState(), text);
        } else {
            Throwable e = o.error();
            if (e instanceof CancellationException) {
                return;
            }
            if (e instanceof UpdraftException u && u.type() == ErrorType.USER) {
                fail(u);
                return;
            }
            if (e instanceof WorkerInvocationException w && !w.retryable()) {
                fail(new UpdraftException(ErrorType.USER, name + " could not run: " + w.getMessage(), w));
                return;
            }
            retryable = true;
            failure = name + " could not run: " + (e instanceof WorkerInvocationException ? e.getMessage() : e);
        }
        t.failures++;
        if (!retryable || t.failures >= options.maxAttempts()) {
            fail(new UpdraftException(ErrorType.INTERNAL, failure, o.error()));
            return;
        }
        if (t.running.isEmpty() && !t.pendingLaunch) {
            scheduleRetry(s, t);
        }
    }

    private void scheduleRetry(StageRun s, TaskRun t) {
        t.pendingLaunch = true;
        counters.retries++;
        long delay = options.retry().backoffNanos(t.failures, options.random());
        schedule(delay, () -> {
            ready.add(new Launch(s, t, false));
            pump();
        });
    }

    /** A consumer found an input shuffle object missing: re-run its producer, then the consumer. */
    private void lostShuffleOutput(StageRun consumer, TaskRun consumerTask, String name, String uri) {
        ShuffleObjectNames.MapAttempt lost = ShuffleObjectNames.parse(uri);
        StageRun producer = lost == null || !lost.jobId().equals(jobId) ? null : stagesById.get(lost.stageId());
        if (producer == null || !producer.isMap() || lost.taskId() >= producer.taskRuns.length) {
            fail(new UpdraftException(ErrorType.INTERNAL, name + " failed (INTERNAL): "
                    + ShuffleOutputLostException.message(uri) + " (not a map output of this job)"));
            return;
        }
        TaskRun mapTask = producer.taskRuns[lost.taskId()];
        if (mapTask.committed != null && mapTask.committed.attempt() == lost.attempt()) {
            if (++mapTask.lostOutputReruns > options.maxAttempts()) {
                fail(new UpdraftException(ErrorType.INTERNAL, name + " failed: "
                        + ShuffleOutputLostException.message(uri) + " (lost " + mapTask.lostOutputReruns + " times)"));
                return;
            }
            mapTask.committed = null;
            producer.committed--;
            counters.lostOutputReruns++;
            deleteMapOutput(producer, mapTask.index, lost.attempt());
            if (!mapTask.pendingLaunch && mapTask.running.isEmpty()) {
                mapTask.pendingLaunch = true;
                ready.addFirst(new Launch(producer, mapTask, false));
            }
        }
        if (consumerTask.running.isEmpty() && !consumerTask.pendingLaunch) {
            consumerTask.pendingLaunch = true;
            ready.add(new Launch(consumer, consumerTask, false));
        }
    }

    // ---------------------------------------------------------------- speculation

    private void scheduleSpeculationCheck() {
        schedule(options.speculation().intervalNanos(), () -> {
            speculate();
            scheduleSpeculationCheck();
            pump();
        });
    }

    private void speculate() {
        SpeculationPolicy policy = options.speculation();
        long now = clock.nanoTime();
        for (StageRun s : stages) {
            if (!s.launched() || s.complete() || s.committed < policy.finishedBeforeSpeculating(s.taskRuns.length)) {
                continue;
            }
            long threshold = policy.thresholdNanos(median(s.committedDurations));
            for (TaskRun t : s.taskRuns) {
                if (t.committed == null && t.running.size() == 1 && !t.speculated && !t.pendingLaunch
                        && now - t.running.get(0).startNanos > threshold) {
                    t.speculated = true;
                    ready.add(new Launch(s, t, true));
                }
            }
        }
    }

    static long median(List<Long> values) {
        long[] sorted = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        if (sorted.length == 0) {
            return 0;
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** Runs {@code action} as an event after {@code delayNanos}, unless the job has finished by then. */
    private void schedule(long delayNanos, Runnable action) {
        TaskClock.Cancellable[] handle = new TaskClock.Cancellable[1];
        handle[0] = clock.schedule(delayNanos, () -> loop.post(() -> {
            timers.remove(handle[0]);
            if (!finished) {
                action.run();
            }
        }));
        timers.add(handle[0]);
    }

    // ---------------------------------------------------------------- the end

    private void finish() {
        List<String> batches = new ArrayList<>();
        for (TaskResult r : committed(plan.finalStage().stageId())) {
            batches.addAll(r.arrowIpcBase64());
        }
        List<Row> rows = decoder.decode(batches, plan.resultSchema());
        List<StageMetrics> metrics = new ArrayList<>(stages.size());
        for (StageRun s : stages) {
            metrics.add(stageMetrics(s));
        }
        stop();
        long elapsed = clock.nanoTime() - startNanos;
        JobSummary summary = summary(metrics);
        if (options.progress() != null) {
            options.progress().println(summary.line(jobId));
        }
        JobResult result = new JobResult(jobId, plan.resultSchema(), rows, metrics, elapsed, summary);
        cleanup().whenComplete((v, e) -> done.complete(result));
    }

    private void fail(UpdraftException e) {
        if (finished) {
            return;
        }
        stop();
        if (options.progress() != null) {
            List<StageMetrics> metrics = new ArrayList<>(stages.size());
            for (StageRun s : stages) {
                metrics.add(stageMetrics(s));
            }
            options.progress().println(summary(metrics).line(jobId) + " (failed)");
        }
        Runnable end = () -> cleanup().whenComplete((v, ignored) -> done.completeExceptionally(e));
        if (inFlight > 0 && invoker.stopsRunningTasks()) {
            whenIdle = end; // the stopped tasks end within a batch; report the failure once their memory is free
        } else {
            end.run();
        }
    }

    private void internalError(Throwable t) {
        Throwable cause = unwrap(t);
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
        for (TaskClock.Cancellable timer : timers) {
            timer.cancel();
        }
        timers.clear();
        ready.clear();
        blocked.clear();
        for (StageRun s : stages) {
            if (!s.launched() || (s.isMap() && !invoker.stopsRunningTasks())) {
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

    /** Deletes the object of every finished map attempt; attempts still running delete theirs when they end. */
    private CompletableFuture<Void> cleanup() {
        List<CompletableFuture<Void>> deletes = new ArrayList<>();
        for (StageRun s : stages) {
            if (!s.isMap()) {
                continue;
            }
            for (TaskRun t : s.taskRuns) {
                for (int attempt = 0; attempt < t.nextAttempt; attempt++) {
                    int n = attempt;
                    if (t.running.stream().noneMatch(a -> a.attempt == n)) {
                        deletes.add(deleteMapOutput(s, t.index, attempt));
                    }
                }
            }
        }
        return CompletableFuture.allOf(deletes.toArray(CompletableFuture[]::new));
    }

    private CompletableFuture<Void> deleteMapOutput(StageRun s, int task, int attempt) {
        if (shuffleStore == null) {
            return CompletableFuture.completedFuture(null);
        }
        try {
            return shuffleStore.delete(ShuffleKeys.mapOutput(jobId, s.stage.stageId(), task, attempt))
                    .exceptionally(e -> null);
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(null);
        }
    }

    // ---------------------------------------------------------------- metrics

    private StageMetrics stageMetrics(StageRun s) {
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

    private JobSummary summary(List<StageMetrics> metrics) {
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
                invoker.storeRequests().minus(invokerRequestsAtStart), planning, options.cost());
    }

    private void printProgress(StageRun s) {
        if (options.progress() == null) {
            return;
        }
        StageMetrics m = stageMetrics(s);
        options.progress().println(String.format(Locale.ROOT, "[Stage %d/%d] %s: %d/%d tasks, %d rows, %.2f s",
                s.position, stages.size(), m.description(), m.tasks(), m.tasks(), m.rows(), m.elapsedNanos() / 1e9));
    }

    private String taskName(int stageId, int taskId, int attempt) {
        return "Task " + taskId + " (attempt " + attempt + ") of stage " + stageId + " in " + jobId;
    }

    static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
