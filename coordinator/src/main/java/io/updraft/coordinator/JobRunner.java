package io.updraft.coordinator;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.ParquetScan;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.sql.Row;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a {@link JobPlan} stage by stage through a {@link WorkerInvoker}.
 * <ul>
 *   <li>A stage with a {@link ParquetScan} leaf runs one task per split: the scan's files are split by
 *   row groups ({@link ScanSplitter}).</li>
 *   <li>A stage reading earlier stages ({@link StageInput} leaves) runs one task whose inputs are replaced
 *   by {@link InlineBatches} holding every batch of the input stage, in task order (broadcast or not).
 *   A map stage's {@link ShuffleWrite} root is dropped, so its tasks return rows. (The S3 shuffle, one task
 *   per partition, comes later.)</li>
 *   <li>A stage with neither runs one task as is.</li>
 * </ul>
 * Every task travels as TaskSpec JSON and comes back as TaskResult JSON. A FAILED task with error type
 * USER fails the job with the worker's message unchanged; TRANSIENT failures are retried up to
 * {@link JobRunnerOptions#maxAttempts()} attempts; anything else fails the job as INTERNAL naming the task.
 * After each stage one progress line goes to {@link JobRunnerOptions#progress()}. The final stage's
 * batches, in task order, decode to the result rows. Thread-safe; each {@link #run} is independent.
 */
public final class JobRunner {
    private static final AtomicLong JOB_IDS = new AtomicLong();

    private final WorkerInvoker invoker;
    private final ParquetFooterReader footers;
    private final BatchDecoder decoder;
    private final JobRunnerOptions options;

    public JobRunner(WorkerInvoker invoker, ParquetFooterReader footers, BatchDecoder decoder,
                     JobRunnerOptions options) {
        this.invoker = Objects.requireNonNull(invoker, "invoker is null");
        this.footers = Objects.requireNonNull(footers, "footers is null");
        this.decoder = Objects.requireNonNull(decoder, "decoder is null");
        this.options = Objects.requireNonNull(options, "options is null");
    }

    public JobRunnerOptions options() {
        return options;
    }

    /** Runs every stage and returns the final stage's rows; throws {@link UpdraftException} on failure. */
    public JobResult run(JobPlan plan) {
        Objects.requireNonNull(plan, "plan is null");
        String jobId = "job-" + JOB_IDS.incrementAndGet();
        long jobStart = options.nanoClock().getAsLong();
        Map<Integer, List<TaskResult>> finished = new HashMap<>();
        List<StageMetrics> stageMetrics = new ArrayList<>();
        int stageCount = plan.stages().size();
        for (int s = 0; s < stageCount; s++) {
            Stage stage = plan.stages().get(s);
            long stageStart = options.nanoClock().getAsLong();
            List<Operator> tasks = taskRoots(stage, finished);
            List<TaskResult> results = runTasks(jobId, stage, tasks);
            finished.put(stage.stageId(), results);
            TaskMetrics totals = TaskMetrics.EMPTY;
            for (TaskResult r : results) {
                totals = totals.plus(r.metrics());
            }
            StageMetrics metrics = new StageMetrics(stage.stageId(), StageDescriptions.describe(stage), tasks.size(),
                    totals, options.nanoClock().getAsLong() - stageStart);
            stageMetrics.add(metrics);
            printProgress(s + 1, stageCount, metrics);
        }
        List<String> batches = new ArrayList<>();
        for (TaskResult r : finished.get(plan.finalStage().stageId())) {
            batches.addAll(r.arrowIpcBase64());
        }
        List<Row> rows = decoder.decode(batches, plan.resultSchema());
        return new JobResult(jobId, plan.resultSchema(), rows, stageMetrics,
                options.nanoClock().getAsLong() - jobStart);
    }

    /**
     * The pipeline of each task of {@code stage}: inputs inlined, the scan split by row groups. Rows travel
     * inline between stages for now, so a map stage's {@link ShuffleWrite} root is dropped (its tasks return
     * their rows) and a stage reading earlier stages runs as one task over all their rows, which gives the
     * same result as one task per partition concatenated (range bounds are then not needed).
     */
    List<Operator> taskRoots(Stage stage, Map<Integer, List<TaskResult>> finished) {
        Operator pipeline = stage.root() instanceof ShuffleWrite write ? write.child() : stage.root();
        Operator root = OperatorTrees.replaceLeaves(pipeline, leaf -> leaf instanceof StageInput input
                ? inline(stage, input, finished) : leaf);
        List<ParquetScan> scans = OperatorTrees.scans(root);
        if (scans.isEmpty()) {
            return List.of(root);
        }
        if (scans.size() > 1) {
            throw new UpdraftException(ErrorType.INTERNAL, "stage " + stage.stageId() + " has " + scans.size()
                    + " Parquet scans; one scan per stage is supported");
        }
        ParquetScan scan = scans.get(0);
        List<FileSplit> splits = new ScanSplitter(footers, options.splitPolicy()).split(scan.splits());
        if (splits.isEmpty()) {
            return List.of(root);
        }
        List<Operator> roots = new ArrayList<>(splits.size());
        for (FileSplit split : splits) {
            roots.add(OperatorTrees.replaceLeaves(root, leaf -> leaf == scan ? scan.withSplits(List.of(split)) : leaf));
        }
        return roots;
    }

    private static InlineBatches inline(Stage stage, StageInput input, Map<Integer, List<TaskResult>> finished) {
        List<TaskResult> results = finished.get(input.stageId());
        if (results == null) {
            throw new UpdraftException(ErrorType.INTERNAL, "stage " + stage.stageId() + " reads stage "
                    + input.stageId() + ", which has not run before it");
        }
        List<String> batches = new ArrayList<>();
        for (TaskResult r : results) {
            batches.addAll(r.arrowIpcBase64());
        }
        return new InlineBatches(input.schema(), batches);
    }

    private List<TaskResult> runTasks(String jobId, Stage stage, List<Operator> roots) {
        List<CompletableFuture<String>> invocations = new CopyOnWriteArrayList<>();
        List<CompletableFuture<TaskResult>> tasks = new ArrayList<>(roots.size());
        CompletableFuture<Void> firstFailureOrAll = new CompletableFuture<>();
        for (int t = 0; t < roots.size(); t++) {
            CompletableFuture<TaskResult> task = attempt(jobId, stage.stageId(), t, 0, roots.get(t), invocations);
            task.whenComplete((r, e) -> {
                if (e != null) {
                    firstFailureOrAll.completeExceptionally(e);
                }
            });
            tasks.add(task);
        }
        CompletableFuture.allOf(tasks.toArray(CompletableFuture[]::new))
                .whenComplete((v, e) -> {
                    if (e != null) {
                        firstFailureOrAll.completeExceptionally(e);
                    } else {
                        firstFailureOrAll.complete(null);
                    }
                });
        try {
            firstFailureOrAll.join();
        } catch (CompletionException | CancellationException e) {
            for (CompletableFuture<String> invocation : invocations) {
                invocation.cancel(false);
            }
            throw asUpdraftException(e, jobId, stage.stageId());
        }
        List<TaskResult> results = new ArrayList<>(tasks.size());
        for (CompletableFuture<TaskResult> task : tasks) {
            results.add(task.join());
        }
        return results;
    }

    /** One attempt of one task; a TRANSIENT failure chains the next attempt. Fails with the job's error. */
    private CompletableFuture<TaskResult> attempt(String jobId, int stageId, int taskId, int attempt, Operator root,
                                                  List<CompletableFuture<String>> invocations) {
        String specJson = TaskCodec.encode(new TaskSpec(jobId, stageId, taskId, attempt, root, options.taskConfig()));
        CompletableFuture<String> invocation;
        try {
            invocation = invoker.invoke(specJson);
        } catch (RuntimeException e) {
            invocation = CompletableFuture.failedFuture(e);
        }
        invocations.add(invocation);
        return invocation.handle((json, error) -> {
            if (error != null) {
                throw invocationFailure(unwrap(error), jobId, stageId, taskId, attempt);
            }
            return TaskCodec.decodeResult(json);
        }).thenCompose(result -> {
            if (result.status() == TaskStatus.SUCCEEDED) {
                return CompletableFuture.completedFuture(result);
            }
            ErrorType type = result.errorType() == null ? ErrorType.INTERNAL : result.errorType();
            String message = result.errorMessage() == null ? "(no message)" : result.errorMessage();
            if (type == ErrorType.USER) {
                throw new UpdraftException(ErrorType.USER, message);
            }
            if (type == ErrorType.TRANSIENT && attempt + 1 < options.maxAttempts()) {
                return attempt(jobId, stageId, taskId, attempt + 1, root, invocations);
            }
            throw new UpdraftException(ErrorType.INTERNAL, taskName(jobId, stageId, taskId, attempt) + " failed ("
                    + type + "): " + message);
        });
    }

    private static UpdraftException invocationFailure(Throwable error, String jobId, int stageId, int taskId,
                                                      int attempt) {
        if (error instanceof UpdraftException u && u.type() == ErrorType.USER) {
            return u;
        }
        return new UpdraftException(ErrorType.INTERNAL, taskName(jobId, stageId, taskId, attempt)
                + " could not run: " + error, error);
    }

    private static String taskName(String jobId, int stageId, int taskId, int attempt) {
        return "Task " + taskId + " (attempt " + attempt + ") of stage " + stageId + " in " + jobId;
    }

    private static UpdraftException asUpdraftException(Throwable e, String jobId, int stageId) {
        Throwable cause = unwrap(e);
        if (cause instanceof UpdraftException u) {
            return u;
        }
        return new UpdraftException(ErrorType.INTERNAL, "stage " + stageId + " of " + jobId + " failed: " + cause,
                cause);
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private void printProgress(int position, int count, StageMetrics m) {
        if (options.progress() == null) {
            return;
        }
        options.progress().println(String.format(Locale.ROOT, "[Stage %d/%d] %s: %d/%d tasks, %d rows, %.2f s",
                position, count, m.description(), m.tasks(), m.tasks(), m.rows(), m.elapsedNanos() / 1e9));
    }
}
