package io.updraft.coordinator.output;

import io.updraft.coordinator.invoke.InProcessInvoker;
import io.updraft.coordinator.job.JobRunner;
import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.coordinator.job.SpeculationPolicy;
import io.updraft.coordinator.scan.EngineParquetFooters;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.FileWrite;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Stage;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.TaskRunner;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The output commit on a local folder, end to end through the scheduler and the real engine: 4 scan tasks write
 * Parquet files; nothing is visible before the job commits, exactly one attempt per task is published, a failed
 * job leaves the previous output as it was and no staging folder behind.
 */
class LocalOutputCommitTest {
    private static final int TASKS = 4;
    private static final StructType SCHEMA = new StructType(List.of()).add("k", DataTypes.LongType);

    @TempDir
    Path dir;
    private Path out;
    private BufferAllocator allocator;
    private TaskRunner engine;
    private final List<InProcessInvoker> invokers = new ArrayList<>();
    private final List<String> inputs = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        out = dir.resolve("out");
        allocator = new RootAllocator();
        engine = new TaskRunner(allocator);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            for (int f = 0; f < TASKS; f++) {
                Path file = dir.resolve("in-" + f + ".parquet");
                s.execute("COPY (SELECT (i * " + TASKS + " + " + f + ")::BIGINT AS k FROM range(0, 1000) t(i)) TO '"
                        + file + "' (FORMAT PARQUET)");
                inputs.add(file.toString());
            }
        }
    }

    @AfterEach
    void tearDown() {
        invokers.forEach(InProcessInvoker::close);
        allocator.close();
    }

    private JobPlan plan(boolean overwrite) {
        List<FileSplit> splits = inputs.stream().map(f -> new FileSplit(f, List.of(), 0)).toList();
        FileScan scan = new FileScan(splits, SCHEMA, null);
        FileWrite write = new FileWrite(scan, "parquet", out.toString(), List.of(), Map.of(),
                UUID.randomUUID().toString(), overwrite);
        return new JobPlan(List.of(new Stage(0, write, List.of(), "write")), SCHEMA);
    }

    private JobRunner runner(Function<String, String> worker, UnaryOperator<JobRunnerOptions> options) {
        InProcessInvoker invoker = new InProcessInvoker(TASKS, worker::apply);
        invokers.add(invoker);
        return new JobRunner(invoker, new EngineParquetFooters(), (b, s) -> ArrowRows.decode(b, s, allocator),
                options.apply(JobRunnerOptions.defaults(TASKS).withProgress(null)
                        .withSplitPolicy(new io.updraft.coordinator.scan.SplitPolicy(TASKS, 1, 1))));
    }

    private JobRunner runner(Function<String, String> worker) {
        return runner(worker, o -> o);
    }

    private List<String> files() throws Exception {
        if (!Files.exists(out)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(out)) {
            return walk.filter(p -> !p.equals(out)).map(p -> out.relativize(p).toString()).sorted().toList();
        }
    }

    /** What a Spark-style reader lists: the folder's files, without names starting with '_' or '.'. */
    private List<String> visible() throws Exception {
        return files().stream().filter(f -> !f.startsWith("_") && !f.startsWith(".")).toList();
    }

    private static long duck(String sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void aCommittedJobPublishesOneFilePerTaskAndASuccessManifest() throws Exception {
        JobPlan plan = plan(false);
        String writeId = ((FileWrite) plan.finalStage().root()).writeId();
        runner(engine::runJson).run(plan);

        List<String> files = files();
        assertThat(files).hasSize(TASKS + 1).contains("_SUCCESS");
        for (int t = 0; t < TASKS; t++) {
            assertThat(files).contains(String.format("part-%05d-%s-c000.snappy.parquet", t, writeId));
        }
        CommitManifest manifest = CommitManifest.fromJson(Files.readAllBytes(out.resolve("_SUCCESS")));
        assertThat(manifest.writeId()).isEqualTo(writeId);
        assertThat(manifest.files()).extracting(CommitManifest.Entry::key).containsExactlyElementsOf(
                files.stream().filter(f -> !f.equals("_SUCCESS")).toList());
        assertThat(manifest.files().stream().mapToLong(CommitManifest.Entry::rows).sum()).isEqualTo(TASKS * 1000L);
        assertThat(duck("SELECT count(DISTINCT k) FROM read_parquet('" + out + "/*.parquet')")).isEqualTo(4000);
    }

    @Test
    void overwriteRemovesThePreviousFilesOnlyAfterCommitAndAppendKeepsThem() throws Exception {
        runner(engine::runJson).run(plan(false));
        runner(engine::runJson).run(plan(false));   // append
        assertThat(files()).hasSize(2 * TASKS + 1);
        assertThat(duck("SELECT count(*) FROM read_parquet('" + out + "/*.parquet')")).isEqualTo(8000);
        List<String> previous = visible();

        JobPlan overwrite = plan(true);
        String writeId = ((FileWrite) overwrite.finalStage().root()).writeId();
        List<List<String>> seenWhileWriting = new java.util.concurrent.CopyOnWriteArrayList<>();
        runner(json -> {
            String result = engine.runJson(json);
            try {
                seenWhileWriting.add(visible());   // a reader while the tasks write: the previous output only
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return result;
        }).run(overwrite);
        assertThat(seenWhileWriting).hasSize(TASKS).allSatisfy(seen -> assertThat(seen).isEqualTo(previous));
        assertThat(files()).hasSize(TASKS + 1).allMatch(f -> f.equals("_SUCCESS") || f.contains(writeId));
        assertThat(duck("SELECT count(*) FROM read_parquet('" + out + "/*.parquet')")).isEqualTo(4000);
    }

    @Test
    void aJobFailedAfterSomeTasksCommittedLeavesThePreviousOutputIntact() throws Exception {
        runner(engine::runJson).run(plan(false));
        List<String> before = files();
        byte[] success = Files.readAllBytes(out.resolve("_SUCCESS"));

        CountDownLatch threeCommitted = new CountDownLatch(TASKS - 1);
        JobRunner failing = runner(json -> {
            TaskSpec spec = TaskCodec.decodeSpec(json);
            if (spec.taskId() == 3) {
                try {
                    threeCommitted.await(30, TimeUnit.SECONDS);
                    Thread.sleep(100);   // their results reach the scheduler first
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return TaskCodec.encode(TaskResult.failure(spec, ErrorType.USER, "input 3 is unreadable", null));
            }
            String result = engine.runJson(json);
            threeCommitted.countDown();
            return result;
        });
        assertThatThrownBy(() -> failing.run(plan(true))).isInstanceOf(UpdraftException.class)
                .hasMessageContaining("input 3 is unreadable");

        assertThat(files()).isEqualTo(before);   // no new file, no staging folder, the old ones kept
        assertThat(Files.readAllBytes(out.resolve("_SUCCESS"))).isEqualTo(success);
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    @Test
    void anAttemptWhoseAnswerWasLostAndASpeculativeDuplicateLeaveOneFilePerTask() throws Exception {
        AtomicInteger lostAnswers = new AtomicInteger();
        CountDownLatch othersDone = new CountDownLatch(TASKS - 1);
        AtomicInteger duplicateFiles = new AtomicInteger();
        JobRunner runner = runner(json -> {
            TaskSpec spec = TaskCodec.decodeSpec(json);
            if (spec.taskId() == 1 && spec.attempt() == 0) {
                engine.runJson(json);   // wrote its files, then the worker "died" before answering
                lostAnswers.incrementAndGet();
                throw new IllegalStateException("worker crashed after writing");
            }
            if (spec.taskId() == 2 && spec.attempt() == 0) {
                // a straggler: runs on after its speculative copy has committed, then reports its files
                Stragglers.outliveTheOthers(othersDone, 2);
                TaskResult late = TaskCodec.decodeResult(engine.runJson(json));
                duplicateFiles.addAndGet(late.writtenFiles().size());
                return TaskCodec.encode(late);
            }
            String result = engine.runJson(json);
            othersDone.countDown();
            return result;
        }, o -> o.withSpeculation(new SpeculationPolicy(true, 1.5, 0.5, TimeUnit.MILLISECONDS.toNanos(50),
                TimeUnit.MILLISECONDS.toNanos(20))).withRetry(new io.updraft.coordinator.job.RetryPolicy(4, 1, 1)));
        JobPlan plan = plan(false);
        var result = runner.run(plan);

        assertThat(lostAnswers.get()).isEqualTo(1);
        assertThat(result.summary().speculativeAttempts()).isGreaterThanOrEqualTo(1);
        assertThat(duplicateFiles.get()).isEqualTo(1);   // the straggler did write a file ...
        List<String> files = files();
        assertThat(files).hasSize(TASKS + 1);             // ... but only one attempt per task is visible
        assertThat(duck("SELECT count(*) FROM read_parquet('" + out + "/*.parquet')")).isEqualTo(4000);
        assertThat(duck("SELECT count(DISTINCT k) FROM read_parquet('" + out + "/*.parquet')")).isEqualTo(4000);
    }

    @Test
    void aSecondCommitOfTheSameWriteIsRefused() throws Exception {
        JobPlan plan = plan(false);
        runner(engine::runJson).run(plan);
        List<String> before = files();
        Files.createDirectories(out.resolve("_temporary/" + ((FileWrite) plan.finalStage().root()).writeId()));
        Files.writeString(out.resolve("_temporary/" + ((FileWrite) plan.finalStage().root()).writeId()
                + "/_COMMIT"), "{}");   // another coordinator's commit of the same write (a repeated delivery)
        assertThatThrownBy(() -> runner(engine::runJson).run(plan)).isInstanceOf(UpdraftException.class)
                .hasMessageContaining("was already committed");
        assertThat(files()).isEqualTo(before);   // nothing published twice, no staging left
    }

    @Test
    void aCoordinatorStoppedBeforeCommitShowsNothingAndItsStagedFilesGoOnceAbandoned() throws Exception {
        runner(engine::runJson).run(plan(false));
        List<String> before = visible();
        JobPlan dead = plan(false);
        FileWrite write = (FileWrite) dead.finalStage().root();
        FileScan scan = (FileScan) write.child();
        for (int t = 0; t < TASKS; t++) {   // the tasks ran, then the coordinator died: no commit
            FileWrite one = (FileWrite) write.withChildren(List.of(scan.withSplits(List.of(scan.splits().get(t)))));
            TaskResult r = engine.run(new TaskSpec("job-dead", 0, t, 0, one, Map.of()));
            assertThat(r.status()).as(r.errorMessage()).isEqualTo(io.updraft.core.task.TaskStatus.SUCCEEDED);
        }
        Path staging = out.resolve("_temporary/" + write.writeId());
        assertThat(visible()).isEqualTo(before);
        try (Stream<Path> staged = Files.walk(staging)) {
            assertThat(staged.filter(Files::isRegularFile).count()).isEqualTo(TASKS);
        }
        assertThat(duck("SELECT count(*) FROM read_parquet('" + out + "/*.parquet')")).isEqualTo(4000);

        // The next append (default: leftovers untouched for 24 h are abandoned) leaves a young staging folder
        // alone — it may be a concurrent append's.
        runner(engine::runJson).run(plan(false));
        assertThat(staging).isDirectory();
        assertThat(visible()).hasSize(2 * TASKS);
        // One that counts everything older than now as abandoned drops it, and _temporary with it.
        runner(engine::runJson, o -> o.withTaskConfig(Map.of(OutputCommitters.ABANDONED_AFTER_MILLIS, "0")))
                .run(plan(false));
        assertThat(files()).hasSize(3 * TASKS + 1).noneMatch(f -> f.startsWith("_temporary"));
        assertThat(duck("SELECT count(*) FROM read_parquet('" + out + "/*.parquet')")).isEqualTo(12_000);
    }
}
