package io.updraft.coordinator.lambda;

import io.updraft.shuffle.testing.TestPorts;

import io.updraft.coordinator.job.JobResult;
import io.updraft.coordinator.job.JobRunner;
import io.updraft.coordinator.summary.JobSummary;
import io.updraft.coordinator.testing.InfraScripts;
import io.updraft.coordinator.testing.RuntimeClientLibrary;
import io.updraft.core.conf.SettingKeys;
import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.ArrowRows;
import io.updraft.shuffle.store.S3Location;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.shuffle.store.S3StoreConfig;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Lambda invoker against the real thing, locally: a pool of two Lambda Runtime Interface Emulators
 * (infra/rie) running the packaged worker (worker-function/target/function.zip) and LocalStack S3
 * (infra/localstack) for input, shuffle objects and payload references. Fails — never skips — when the package,
 * the emulator or LocalStack is missing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LambdaEmulatorPoolTest {
    private static final int EMULATORS = 2;
    private static final int FILES = 4;
    private static final StructType KV = new StructType(List.of()).add("k", DataTypes.LongType)
            .add("v", DataTypes.LongType);

    private Path state;
    private int s3Port;
    private String s3Endpoint;
    private List<String> endpoints;
    private S3ObjectStore bucket;
    private final List<String> inputs = new ArrayList<>();

    @BeforeAll
    void startTheLocalStack() throws Exception {
        Path zip = InfraScripts.home().resolve("worker-function/target/function.zip");
        if (!Files.isRegularFile(zip)) {
            throw new IllegalStateException("The worker package " + zip + " is missing: build it with "
                    + "./mvnw -q -pl worker-function -am package -DskipTests");
        }
        assertFresherThanWorkerSources(zip);
        state = Files.createTempDirectory("lambda-pool-");
        s3Port = TestPorts.reserve();
        s3Endpoint = lastLine(InfraScripts.run("localstack/start.sh", List.of(String.valueOf(s3Port),
                state.resolve("localstack").toString())));
        int first = TestPorts.reserveBlock(EMULATORS, 0, 1000);
        Path jni = RuntimeClientLibrary.extract(zip, state.resolve("jni"));
        endpoints = InfraScripts.run("rie/start-pool.sh", List.of(zip.toString(), String.valueOf(EMULATORS),
                String.valueOf(first), state.resolve("rie").toString(), "AWS_ACCESS_KEY_ID=test",
                "AWS_SECRET_ACCESS_KEY=test", "AWS_REGION=us-east-1",
                "UPDRAFT_WORKER_JAVA_OPTS=-D" + RuntimeClientLibrary.PROPERTY + "=" + jni)).strip().lines().toList();
        assertThat(endpoints).hasSize(EMULATORS);

        S3StoreConfig config = S3StoreConfig.fromSettings(s3Settings());
        bucket = new S3ObjectStore(S3Location.parse("s3://updraft-test"), config);
        bucket.client().createBucket(b -> b.bucket("updraft-test")).join();
        Path local = state.resolve("input");
        Files.createDirectories(local);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            for (int f = 0; f < FILES; f++) {
                Path file = local.resolve("part-" + f + ".parquet");
                s.execute("COPY (SELECT i::BIGINT AS k, (i * 10)::BIGINT AS v FROM range(0, 4000) t(i) WHERE i % "
                        + FILES + " = " + f + ") TO '" + file + "' (FORMAT PARQUET)");
                bucket.put("input/part-" + f + ".parquet", Files.readAllBytes(file)).join();
                inputs.add("s3://updraft-test/input/part-" + f + ".parquet");
            }
        }
    }

    @AfterAll
    void stopTheLocalStack() {
        if (bucket != null) {
            bucket.close();
        }
        if (state != null) {
            try {
                InfraScripts.run("rie/stop-pool.sh", List.of(state.resolve("rie").toString()));
            } finally {
                InfraScripts.run("localstack/stop.sh", List.of(String.valueOf(s3Port),
                        state.resolve("localstack").toString()));
            }
            deleteRecursively(state);
        }
    }

    private static void deleteRecursively(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException e) {
            // a leftover temp folder is not worth failing the test
        }
    }

    private Map<String, String> s3Settings() {
        return Map.of("updraft.s3.endpoint", s3Endpoint, "updraft.s3.pathStyle", "true",
                "updraft.s3.accessKey", "test", "updraft.s3.secretKey", "test", "updraft.s3.region", "us-east-1");
    }

    private Map<String, String> settings(int maxPayloadBytes) {
        Map<String, String> s = new HashMap<>(s3Settings());
        s.put("updraft.lambda.endpoints", String.join(",", endpoints));
        s.put("updraft.lambda.timeoutMillis", "120000");
        s.put("updraft.lambda.maxPayloadBytes", String.valueOf(maxPayloadBytes));
        s.put("updraft.shuffle.root", "s3://updraft-test/shuffle");
        s.put("updraft.speculation", "false");
        return s;
    }

    /** Stage 0 scans s3:// Parquet and hash-partitions (k % 7, v) into 3; stage 1 sums v per group. */
    private JobPlan shufflePlan() {
        List<FileSplit> splits = inputs.stream().map(f -> new FileSplit(f, List.of(), 0)).toList();
        ColumnRef k = new ColumnRef(0, DataTypes.LongType, true);
        ColumnRef v = new ColumnRef(1, DataTypes.LongType, true);
        Project gv = new Project(new FileScan(splits, KV, null),
                List.of(new Arithmetic(ArithmeticOp.MOD, k, Literal.of(7L), DataTypes.LongType), v), List.of("g", "v"));
        ShuffleWrite write = new ShuffleWrite(gv, new Partitioning.Hash(List.of(k)), 3);
        HashAggregate sum = new HashAggregate(new StageInput(0, gv.schema()), List.of(k), List.of(new AggregateCall(
                AggregateFunction.SUM, v, false, DataTypes.LongType)), AggregateMode.COMPLETE, List.of("g", "total"));
        return new JobPlan(List.of(new Stage(0, write, List.of(), null), new Stage(1, sum, List.of(0), null)),
                sum.schema());
    }

    @Test
    void aShuffleJobRunsOnTheEmulatorPoolThroughS3() throws Exception {
        try (LambdaCluster cluster = LambdaCluster.start(settings(SettingKeys.DEFAULT_LAMBDA_MAX_PAYLOAD_BYTES))) {
            measureColdStart(cluster);
            JobRunner runner = cluster.jobRunner(cluster.jobOptions(settings(6_000_000)).withProgress(System.out));

            long start = System.nanoTime();
            JobResult result = runner.run(shufflePlan());
            System.out.printf(Locale.ROOT, "[lambda pool] 4x3 shuffle job through %d emulators: %.2f s%n", EMULATORS,
                    (System.nanoTime() - start) / 1e9);

            Map<Long, Long> totals = new HashMap<>();
            for (Row r : result.rows()) {
                totals.put(r.getLong(0), r.getLong(1));
            }
            assertThat(totals).isEqualTo(expected());
            JobSummary s = result.summary();
            assertThat(s.invocations()).isEqualTo(FILES + 3);
            assertThat(s.workerPuts()).isEqualTo(FILES);
            assertThat(s.workerGets()).isPositive();
            assertThat(s.lambdaGbSeconds()).isPositive();
            assertThat(bucket.list("shuffle/").join()).isEmpty();
        }
    }

    @Test
    void payloadsOverTheLimitTravelAsS3References() {
        List<Row> rows = new ArrayList<>();
        for (long i = 0; i < 3000; i++) {
            rows.add(Row.of(i, i * 3));
        }
        String batch = ArrowRows.encode(rows, KV);
        Filter all = new Filter(new InlineBatches(KV, List.of(batch)), new Comparison(CompareOp.GREATER_THAN_OR_EQUAL,
                new ColumnRef(0, DataTypes.LongType, true), Literal.of(0L)));
        JobPlan plan = new JobPlan(List.of(new Stage(0, all, List.of(), null)), KV);
        assertThat(batch.length()).isGreaterThan(20_000);

        try (LambdaCluster cluster = LambdaCluster.start(settings(8192))) {
            JobResult result = cluster.jobRunner(cluster.jobOptions(settings(8192)).withProgress(System.out)).run(plan);

            assertThat(result.rows()).hasSize(3000).first().isEqualTo(Row.of(0L, 0L));
            assertThat(result.rows().get(2999)).isEqualTo(Row.of(2999L, 8997L));
            assertThat(result.summary().coordinatorPuts()).isEqualTo(1);   // the spec
            assertThat(result.summary().coordinatorGets()).isEqualTo(1);   // the result
            assertThat(bucket.list("shuffle/").join()).isEmpty();           // both deleted
        }
    }

    /** Two concurrent trivial invocations (one per emulator: cold), then two more (warm). */
    private void measureColdStart(LambdaCluster cluster) {
        long[] cold = invokeBoth(cluster, "cold");
        long[] warm = invokeBoth(cluster, "warm");
        System.out.printf(Locale.ROOT, "[lambda pool] trivial task through the RIE: cold %d / %d ms, warm %d / %d ms%n",
                cold[0], cold[1], warm[0], warm[1]);
    }

    private long[] invokeBoth(LambdaCluster cluster, String name) {
        List<CompletableFuture<Long>> calls = new ArrayList<>();
        for (int i = 0; i < EMULATORS; i++) {
            TaskSpec spec = new TaskSpec("probe-" + name, 0, i, 0, new InlineBatches(KV, List.of()), Map.of());
            long start = System.nanoTime();
            calls.add(cluster.invoker().invoke(TaskCodec.encode(spec)).thenApply(json -> {
                TaskResult r = TaskCodec.decodeResult(json);
                assertThat(r.status()).isEqualTo(TaskStatus.SUCCEEDED);
                return (System.nanoTime() - start) / 1_000_000;
            }));
        }
        return calls.stream().mapToLong(CompletableFuture::join).toArray();
    }

    private static Map<Long, Long> expected() throws Exception {
        Map<Long, Long> out = new HashMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT i % 7, sum(i * 10) FROM range(0, 4000) t(i) GROUP BY 1")) {
            while (rs.next()) {
                out.put(rs.getLong(1), rs.getLong(2));
            }
        }
        return out;
    }

    private static String lastLine(String text) {
        return text.strip().lines().reduce((a, b) -> b).orElseThrow(() -> new IllegalStateException("no output"));
    }

    /** A package older than the worker's sources would not speak the current payload protocol. */
    private static void assertFresherThanWorkerSources(Path zip) throws Exception {
        Path sources = InfraScripts.home().resolve("worker-function/src/main");
        long zipTime = Files.getLastModifiedTime(zip).toMillis();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                if (Files.getLastModifiedTime(p).toMillis() > zipTime) {
                    throw new IllegalStateException("The worker package " + zip + " is older than " + p
                            + ": rebuild it with ./mvnw -q -pl worker-function -am package -DskipTests");
                }
            }
        }
    }
}
