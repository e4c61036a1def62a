package io.updraft.engine;

import io.updraft.core.error.ErrorType;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.SortKey;
import io.updraft.core.task.ShuffleOutput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.parquet.ParquetFiles;
import io.updraft.shuffle.testing.LocalStackS3;
import io.updraft.engine.testing.ParquetTestFiles;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.async.AsyncRequestBody;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Parquet input and shuffle objects through a real S3 API (LocalStack), with the process-wide S3 store. */
class S3EndToEndTest {
    private static final String BUCKET = "updraft-engine";
    private static final DecimalType MONEY = new DecimalType(12, 2);
    private static final StructType SCHEMA = new StructType(List.of()).add("k", DataTypes.StringType).add("v", MONEY);
    private static LocalStackS3 localStack;
    private static S3AsyncClient client;
    private static Map<String, String> settings;
    private static long fileSize;

    @TempDir
    static Path dir;
    private BufferAllocator root;
    private TaskRunner runner;

    @BeforeAll
    static void start() throws Exception {
        localStack = new LocalStackS3();
        client = S3ObjectStore.buildClient(localStack.config());
        client.createBucket(b -> b.bucket(BUCKET)).join();
        Path file = ParquetTestFiles.write(dir.resolve("t.parquet"), """
                SELECT 'k' || (range % 7) AS k, ((range % 1000) / 10.0)::DECIMAL(12,2) AS v,
                       md5(range::VARCHAR) || md5((range + 1)::VARCHAR) AS wide
                FROM range(50000)
                """, 20000);
        fileSize = Files.size(file);
        client.putObject(b -> b.bucket(BUCKET).key("tables/t.parquet"), AsyncRequestBody.fromFile(file)).join();
        settings = new HashMap<>();
        settings.put("updraft.s3.region", "us-east-1");
        settings.put("updraft.s3.endpoint", localStack.endpoint().toString());
        settings.put("updraft.s3.pathStyle", "true");
        settings.put("updraft.s3.accessKey", "test");
        settings.put("updraft.s3.secretKey", "test");
        settings.put("updraft.shuffle.root", "s3://" + BUCKET + "/shuffle-root");
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
        root = new RootAllocator();
        runner = new TaskRunner(root);
    }

    @AfterEach
    void tearDown() {
        root.close();
    }

    private TaskResult run(int stage, int task, Operator plan) {
        return TaskCodec.decodeResult(runner.runJson(TaskCodec.encode(new TaskSpec("s3job", stage, task, 0, plan,
                settings))));
    }

    private static FileScan scan() {
        return new FileScan(List.of(new FileSplit("s3://" + BUCKET + "/tables/t.parquet", List.of(), fileSize)),
                SCHEMA, null);
    }

    @Test
    void scansParquetFromS3FetchingOnlyRequestedColumns() {
        assertThat(ParquetFiles.inspect("s3://" + BUCKET + "/tables/t.parquet", settings).rowCount()).isEqualTo(50000);
        ColumnRef v = new ColumnRef(1, MONEY, true);
        Operator plan = new Sort(new HashAggregate(scan(), List.of(new ColumnRef(0, DataTypes.StringType, true)),
                List.of(new AggregateCall(AggregateFunction.SUM, v, false,
                        AggregateCall.resultType(AggregateFunction.SUM, MONEY))), AggregateMode.COMPLETE,
                List.of("k", "s")), List.of(new SortKey(new ColumnRef(0, DataTypes.StringType, true), true, true)));
        TaskResult result = run(1, 0, plan);
        assertThat(result.errorMessage()).isNull();
        List<String> actual = new ArrayList<>();
        for (Row r : ArrowRows.decode(result.arrowIpcBase64(), plan.schema(), root)) {
            actual.add(r.get(0) + "=" + ((BigDecimal) r.get(1)).toPlainString());
        }
        List<String> expected = new ArrayList<>();
        for (List<Object> r : ParquetTestFiles.query("SELECT k, sum(v) FROM '" + dir.resolve("t.parquet")
                + "' GROUP BY k ORDER BY k")) {
            expected.add(r.get(0) + "=" + ((BigDecimal) r.get(1)).setScale(2).toPlainString());
        }
        assertThat(actual).isEqualTo(expected);
        assertThat(result.metrics().bytesRead()).isLessThan(fileSize / 3);
        // HEAD + footer + one GET per row group (3) for the two adjacent column chunks
        assertThat(result.metrics().objectStoreRequests()).isBetween(3L, 8L);
    }

    @Test
    void shufflesThroughS3AndReportsLostObjects() {
        Operator map = new ShuffleWrite(scan(), new Partitioning.Hash(List.of(new ColumnRef(0, DataTypes.StringType,
                true))), 3);
        TaskResult written = run(1, 0, map);
        assertThat(written.errorMessage()).isNull();
        ShuffleOutput out = written.shuffleOutput();
        assertThat(out.totalRows()).isEqualTo(50000);
        long rows = 0;
        for (int p = 0; p < 3; p++) {
            TaskResult read = run(2, p, new ShuffleRead(SCHEMA, List.of(out.block(p))));
            assertThat(read.status()).isEqualTo(TaskStatus.SUCCEEDED);
            rows += ArrowRows.decode(read.arrowIpcBase64(), SCHEMA, root).size();
        }
        assertThat(rows).isEqualTo(50000);

        client.deleteObject(b -> b.bucket(BUCKET).key("shuffle-root/" + out.key())).join();
        TaskResult lost = run(2, 0, new ShuffleRead(SCHEMA, List.of(out.block(0), new ShuffleBlock(out.key(), 0, 0))));
        assertThat(lost.errorType()).isEqualTo(ErrorType.INTERNAL);
        assertThat(lost.lostShuffleObject()).isEqualTo("s3://" + BUCKET + "/shuffle-root/" + out.key());
    }
}
