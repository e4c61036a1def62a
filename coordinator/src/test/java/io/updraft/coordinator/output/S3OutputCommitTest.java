package io.updraft.coordinator.output;

import io.updraft.coordinator.invoke.InProcessInvoker;
import io.updraft.coordinator.job.JobRunner;
import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.coordinator.job.RetryPolicy;
import io.updraft.coordinator.job.SpeculationPolicy;
import io.updraft.coordinator.scan.EngineParquetFooters;
import io.updraft.coordinator.scan.SplitPolicy;
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
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.TaskRunner;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.shuffle.testing.LocalStackS3;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The output commit on S3 (LocalStack's S3 API), through the scheduler and the real engine: 4 scan tasks write
 * Parquet files as multipart uploads they never complete; nothing is listed before the job commits, exactly one
 * attempt per task is published, a failed job leaves the previous output as it was, and no multipart upload is
 * left open (ListMultipartUploads empty) — also after a coordinator that stopped before its commit.
 */
class S3OutputCommitTest {
    private static final int TASKS = 4;
    private static final String BUCKET = "output-commit";
    private static final StructType SCHEMA = new StructType(List.of()).add("k", DataTypes.LongType);
    private static LocalStackS3 localStack;
    private static S3AsyncClient client;
    private static Map<String, String> settings;

    @TempDir
    static Path dir;
    private BufferAllocator allocator;
    private TaskRunner engine;
    private final List<InProcessInvoker> invokers = new ArrayList<>();
    private static final List<String> inputs = new ArrayList<>();
    private String prefix;

    @BeforeAll
    static void start() throws Exception {
        localStack = new LocalStackS3();
        client = S3ObjectStore.buildClient(localStack.config());
        client.createBucket(b -> b.bucket(BUCKET)).join();
        settings = new HashMap<>();
        settings.put("updraft.s3.region", "us-east-1");
        settings.put("updraft.s3.endpoint", localStack.endpoint().toString());
        settings.put("updraft.s3.pathStyle", "true");
        settings.put("updraft.s3.accessKey", "test");
        settings.put("updraft.s3.secretKey", "test");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            for (int f = 0; f < TASKS; f++) {
                Path file = dir.resolve("in-" + f + ".parquet");
                s.execute("COPY (SELECT (i * " + TASKS + " + " + f + ")::BIGINT AS k FROM range(0, 1000) t(i)) TO '"
                        + file + "' (FORMAT PARQUET)");
                inputs.add(file.toString());
            }
        }
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (localStack != null) {
            localStack.close();
        }
    }

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
        engine = new TaskRunner(allocator);
        prefix = "out-" + UUID.randomUUID() + "/";
    }

    @AfterEach
    void tearDown() {
        invokers.forEach(InProcessInvoker::close);
        allocator.close();
    }

    private String path() {
        return "s3://" + BUCKET + "/" + prefix.substring(0, prefix.length() - 1);
    }

    private JobPlan plan(boolean overwrite) {
        List<FileSplit> splits = inputs.stream().map(f -> new FileSplit(f, List.of(), 0)).toList();
        FileWrite write = new FileWrite(new FileScan(splits, SCHEMA, null), "parquet", path(), List.of(),
                Map.of(), UUID.randomUUID().toString(), overwrite);
        return new JobPlan(List.of(new Stage(0, write, List.of(), "write")), SCHEMA);
    }

    private static String writeId(JobPlan plan) {
        return ((FileWrite) plan.finalStage().root()).writeId();
    }

    private JobRunner runner(Function<String, String> worker, UnaryOperator<JobRunnerOptions> options) {
        InProcessInvoker invoker = new InProcessInvoker(TASKS, worker::apply);
        invokers.add(invoker);
        return new JobRunner(invoker, new EngineParquetFooters(), (b, s) -> ArrowRows.decode(b, s, allocator),
                options.apply(JobRunnerOptions.defaults(TASKS).withProgress(null).withTaskConfig(settings)
                        .withSplitPolicy(new SplitPolicy(TASKS, 1, 1))));
    }

    private JobRunner runner(Function<String, String> worker) {
        return runner(worker, o -> o);
    }

    /** The object keys under the output prefix (what any reader listing the folder sees). */
    private List<String> objects() {
        return client.listObjectsV2(b -> b.bucket(BUCKET).prefix(prefix)).join().contents().stream()
                .map(S3Object::key).map(k -> k.substring(prefix.length())).sorted().toList();
    }

    /** Multipart uploads still open under the output prefix. */
    private List<String> openUploads() {
        return client.listMultipartUploads(b -> b.bucket(BUCKET).prefix(prefix)).join().uploads().stream()
                .map(u -> u.key().substring(prefix.length())).sorted().toList();
    }

    private byte[] object(String key) {
        return client.getObject(b -> b.bucket(BUCKET).key(prefix + key), AsyncResponseTransformer.toBytes()).join()
                .asByteArray();
    }

    @Test
    void aCommittedJobCompletesOneUploadPerTaskAndWritesTheManifestLast() {
        JobPlan plan = plan(false);
        runner(engine::runJson).run(plan);
        List<String> objects = objects();
        assertThat(objects).hasSize(TASKS + 1).contains("_SUCCESS");
        for (int t = 0; t < TASKS; t++) {
            assertThat(objects).contains(String.format("part-%05d-%s-c000.snappy.parquet", t, writeId(plan)));
        }
        CommitManifest manifest = CommitManifest.fromJson(object("_SUCCESS"));
        assertThat(manifest.files()).extracting(CommitManifest.Entry::key)
                .containsExactlyElementsOf(objects.stream().filter(k -> !k.equals("_SUCCESS")).toList());
        assertThat(openUploads()).isEmpty();
    }

    @Test
    void aJobFailedAfterSomeTasksCommittedShowsNothingNewAndAbortsItsUploads() {
        runner(engine::runJson).run(plan(false));
        List<String> before = objects();
        byte[] success = object("_SUCCESS");
        CountDownLatch threeWritten = new CountDownLatch(TASKS - 1);
        JobRunner failing = runner(json -> {
            TaskSpec spec = TaskCodec.decodeSpec(json);
            if (spec.taskId() == 3) {
                try {
                    threeWritten.await(30, TimeUnit.SECONDS);
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return TaskCodec.encode(TaskResult.failure(spec, ErrorType.USER, "input 3 is unreadable", null));
            }
            String result = engine.runJson(json);
            assertThat(openUploads()).isNotEmpty();   // pending, not listed as objects
            threeWritten.countDown();
            return result;
        });
        assertThatThrownBy(() -> failing.run(plan(true))).isInstanceOf(UpdraftException.class)
                .hasMessageContaining("input 3 is unreadable");
        assertThat(objects()).isEqualTo(before);
        assertThat(object("_SUCCESS")).isEqualTo(success);
        assertThat(openUploads()).isEmpty();
    }

    @Test
    void aLostAnswerAndASpeculativeDuplicateLeaveOneObjectPerTaskAndNoOpenUpload() {
        AtomicInteger duplicateFiles = new AtomicInteger();
        CountDownLatch othersDone = new CountDownLatch(TASKS - 1);
        JobRunner runner = runner(json -> {
            TaskSpec spec = TaskCodec.decodeSpec(json);
            if (spec.taskId() == 1 && spec.attempt() == 0) {
                engine.runJson(json);   // its uploads are open, then the worker dies before answering
                throw new IllegalStateException("worker crashed after writing");
            }
            if (spec.taskId() == 2 && spec.attempt() == 0) {
                Stragglers.outliveTheOthers(othersDone, 3);
                TaskResult late = TaskCodec.decodeResult(engine.runJson(json));
                duplicateFiles.addAndGet(late.status() == TaskStatus.SUCCEEDED ? late.writtenFiles().size() : 0);
                return TaskCodec.encode(late);
            }
            String result = engine.runJson(json);
            othersDone.countDown();
            return result;
        }, o -> o.withSpeculation(new SpeculationPolicy(true, 1.5, 0.5, TimeUnit.MILLISECONDS.toNanos(50),
                TimeUnit.MILLISECONDS.toNanos(20))).withRetry(new RetryPolicy(4, 1, 1)));
        var result = runner.run(plan(false));
        assertThat(result.summary().speculativeAttempts()).isGreaterThanOrEqualTo(1);
        assertThat(duplicateFiles.get()).isEqualTo(1);
        assertThat(objects()).hasSize(TASKS + 1);
        assertThat(openUploads()).isEmpty();
    }

    @Test
    void aCoordinatorStoppedBeforeCommitShowsNothingAndTheNextOverwriteAbortsItsUploads() {
        JobPlan abandoned = plan(false);
        FileWrite write = (FileWrite) abandoned.finalStage().root();
        FileScan scan = (FileScan) write.child();
        for (int t = 0; t < TASKS; t++) {   // the tasks ran, then the coordinator died: no commit
            FileWrite one = (FileWrite) write.withChildren(List.of(scan.withSplits(List.of(scan.splits().get(t)))));
            TaskResult r = engine.run(new TaskSpec("job-dead", 0, t, 0, one, settings));
            assertThat(r.status()).as(r.errorMessage()).isEqualTo(TaskStatus.SUCCEEDED);
        }
        assertThat(objects()).isEmpty();
        assertThat(openUploads()).hasSize(TASKS).allMatch(k -> k.contains(write.writeId()));

        // An append with the default age (24 h) leaves young uploads of another write alone (a concurrent
        // append's may look the same) ...
        JobPlan append = plan(false);
        runner(engine::runJson).run(append);
        assertThat(objects()).hasSize(TASKS + 1).allMatch(k -> k.equals("_SUCCESS") || k.contains(writeId(append)));
        assertThat(openUploads()).hasSize(TASKS).allMatch(k -> k.contains(write.writeId()));

        // ... an overwrite drops every upload left open under the folder.
        JobPlan overwrite = plan(true);
        runner(engine::runJson).run(overwrite);
        assertThat(objects()).hasSize(TASKS + 1).allMatch(k -> k.equals("_SUCCESS") || k.contains(writeId(overwrite)));
        assertThat(openUploads()).isEmpty();
    }
}
