package io.updraft.localstack;

import io.updraft.cli.Updraft;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.MapPartitions;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.sql.Row;
import io.updraft.sql.UpdraftSession;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.example.gadget.MarkerGadget;
import org.example.updraftjob.TypedJob;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.LongStream;
import java.util.zip.ZipFile;

import static io.updraft.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Typed operations on Lambda: the test job jar ({@code org.example.updraftjob}, jarred by this module's build,
 * see the pom) is put into the worker package with {@code updraft package --job-jar} and that package runs in two
 * emulators of its own; each typed job (beans, typed {@code filter}/{@code map}, {@code groupByKey().mapGroups},
 * {@code cogroup}) on them equals local mode's answer on the same files. The stock worker (the shared pool) names
 * the job class it lacks as a USER error and keeps running Column/SQL jobs, as the job worker does too; a payload
 * carrying a class outside the job's allow-list is refused by the job worker and never instantiated.
 * UDFs registered for SQL, an {@code udaf} in SQL and in an untyped {@code agg} (beside a
 * {@code UserDefinedAggregateFunction}), and a typed {@code Aggregator}'s {@code toColumn()} in
 * {@code groupByKey().agg} run there too, equal to local mode's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TypedOnLambdaTest {
    private LambdaStack stack;
    private LambdaStack.EmulatorPool jobWorkers;
    private Path jobPackage;
    private String kvOnS3;
    private String kvLocal;
    private UpdraftSession local;
    private UpdraftSession onJobWorker;
    private UpdraftSession onStockWorker;

    @BeforeAll
    void start() throws Exception {
        stack = LambdaStack.shared();
        kvOnS3 = FaultData.upload(stack) + "/kv";
        kvLocal = FaultData.local().resolve("kv").toString();
        jobPackage = packageWithTheJobJar();
        jobWorkers = stack.startPool(jobPackage, 2, Map.of());
        onJobWorker = stack.lambdaSession(jobWorkers.endpoints(), stack.s3Endpoint(), "typed-shuffle", Map.of(), null);
        onStockWorker = stack.lambdaSession("typed-stock-shuffle");
        local = UpdraftSession.builder().appName("typed-local").master("local[2]").create();
    }

    @AfterAll
    void stop() {
        for (UpdraftSession s : new UpdraftSession[] {onJobWorker, onStockWorker, local}) {
            if (s != null) {
                s.stop();
            }
        }
        if (jobWorkers != null) {
            jobWorkers.close();
        }
    }

    /** Runs {@code updraft package --no-build --job-jar <test job jar>} (the worker was built by the reactor). */
    private static Path packageWithTheJobJar() throws IOException {
        String jar = System.getProperty("updraft.testJobJar");
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            throw new IllegalStateException("the test job jar is missing (" + jar + "): it is built by this module's"
                    + " maven-jar-plugin execution 'test-job-jar' (phase process-test-classes); run the tests with"
                    + " ./mvnw -pl localstack-tests -am verify");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Updraft.run(new String[] {"package", "--no-build", "--job-jar", jar},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        Path home = Path.of(System.getProperty("updraft.home")).toAbsolutePath();
        Path zip = home.resolve("worker-function/target/function-with-job.zip");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("worker-function/target/function-with-job.zip");
        try (ZipFile z = new ZipFile(zip.toFile())) {
            assertThat(z.getEntry("lib/" + Path.of(jar).getFileName())).isNotNull();
            // the jar lists its own classes (src/test/resources/META-INF/updraft/job-classes.txt): taken as is
            assertThat(z.getEntry("META-INF/updraft/job-classes.txt")).isNull();
        }
        return zip;
    }

    private void sameOnLambdaAsLocally(BiFunction<UpdraftSession, String, List<String>> job, int expectedRows) {
        List<String> expected = job.apply(local, kvLocal);
        assertThat(expected).hasSize(expectedRows);
        assertThat(job.apply(onJobWorker, kvOnS3)).containsExactlyElementsOf(expected);
    }

    @Test
    void typedFilterAndMapOverBeans() {
        int expected = (int) java.util.stream.LongStream.range(0, FaultData.KV_ROWS)
                .filter(k -> k % 2 == 1 && (k * 7 % 1000) % 3 == 0).count();
        sameOnLambdaAsLocally(TypedJob::mapAndFilter, expected);
    }

    @Test
    void groupByKeyMapGroups() {
        sameOnLambdaAsLocally(TypedJob::mapGroups, 7);
        assertThat(TypedJob.mapGroups(local, kvLocal)).first().asString().startsWith("0 n=5715 ");
    }

    @Test
    void cogroupSeesTheKeysOfEitherSide() {
        sameOnLambdaAsLocally(TypedJob::cogroup, 12);
        assertThat(TypedJob.cogroup(local, kvLocal)).last().asString().startsWith("9 left=4000/").contains("right=");
    }

    @Test
    void registeredUdfsAndAnUdafInSql() {
        sameOnLambdaAsLocally(TypedJob::udfsInSql, 12);
        long n = LongStream.range(0, FaultData.KV_ROWS).filter(k -> k % 13 == 0 && k * 7 % 1000 < 500).count();
        double mean = LongStream.range(0, FaultData.KV_ROWS).filter(k -> k % 13 == 0 && k * 7 % 1000 < 500)
                .map(k -> k * 7 % 1000).average().orElseThrow();
        assertThat(TypedJob.udfsInSql(local, kvLocal)).first().isEqualTo("[0," + n + ",low," + mean + "]");
    }

    @Test
    void anAggregatorThroughToColumnInGroupByKeyAgg() {
        sameOnLambdaAsLocally(TypedJob::aggregatorToColumn, 5);
        LongSummaryStatistics zero = LongStream.range(0, FaultData.KV_ROWS).filter(k -> k % 5 == 0)
                .map(k -> k * 7 % 1000).summaryStatistics();
        assertThat(TypedJob.aggregatorToColumn(local, kvLocal)).first()
                .isEqualTo("0 " + zero.getCount() + "/" + zero.getSum() + "/" + zero.getMax());
    }

    @Test
    void anAggregatorThroughUdafAndAUserDefinedAggregateFunctionInUntypedAgg() {
        sameOnLambdaAsLocally(TypedJob::udafInUntypedAgg, 6);
        LongSummaryStatistics v = LongStream.range(0, FaultData.KV_ROWS).filter(k -> k % 6 == 0)
                .map(k -> k * 7 % 1000).summaryStatistics();
        LongSummaryStatistics k = LongStream.range(0, FaultData.KV_ROWS).filter(x -> x % 6 == 0).summaryStatistics();
        assertThat(TypedJob.udafInUntypedAgg(local, kvLocal)).first().isEqualTo("[0," + v.getAverage() + ","
                + k.getAverage() + "," + v.getSum() + "," + (k.getMax() - k.getMin()) + "]");
    }

    @Test
    void theJobWorkerAndTheStockWorkerRunColumnAndSqlJobs() {
        List<Row> expected = local.read().parquet(kvLocal).filter(col("v").lt(10)).groupBy(col("v"))
                .count().orderBy("v").collectAsList();
        assertThat(expected).hasSize(10);
        for (UpdraftSession s : List.of(onJobWorker, onStockWorker)) {
            assertThat(s.read().parquet(kvOnS3).filter(col("v").lt(10)).groupBy(col("v")).count().orderBy("v")
                    .collectAsList()).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void theStockWorkerNamesTheJobClassItLacks() {
        assertThatThrownBy(() -> TypedJob.mapAndFilter(onStockWorker, kvOnS3))
                .isInstanceOf(UpdraftException.class)
                .satisfies(e -> assertThat(((UpdraftException) e).type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("class org.example.updraftjob.")
                .hasMessageContaining("of the job is not in the worker")
                .hasMessageContaining("updraft package --job-jar");
    }

    @Test
    void aClassOutsideTheAllowListIsRefusedByTheWorkerAndNeverInstantiated() throws Exception {
        Path marker = Files.createTempDirectory("it-gadget-").resolve("instantiated");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new MarkerGadget(marker.toString()));
        }
        StructType schema = new StructType(List.of()).add("value", DataTypes.StringType);
        TaskSpec spec = new TaskSpec("job-gadget", 1, 0, 0, new MapPartitions(new InlineBatches(schema, List.of()),
                schema, Base64.getEncoder().encodeToString(bytes.toByteArray()), "MapElements gadget"), Map.of());
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        URI invoke = URI.create(jobWorkers.endpoints().get(0) + "/2015-03-31/functions/function/invocations");
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(invoke).timeout(Duration.ofSeconds(120))
                .POST(HttpRequest.BodyPublishers.ofString(TaskCodec.encode(spec))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        TaskResult result = TaskCodec.decodeResult(answer.body());
        assertThat(result.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(result.errorType()).isEqualTo(ErrorType.USER);
        assertThat(result.errorMessage()).contains("class org.example.gadget.MarkerGadget is not allowed");
        assertThat(marker).as("the gadget's readObject ran in the worker").doesNotExist();
    }
}
