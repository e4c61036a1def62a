package io.updraft.localstack;

import io.updraft.coordinator.job.JobResult;
import io.updraft.shuffle.store.ObjectInfo;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.UpdraftSession;
import io.updraft.storage.StorageLevel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Persistence and {@code toLocalIterator} with master("lambda"): every task an invocation of the packaged worker
 * in the shared emulators, the input, the shuffle and the kept rows in LocalStack's S3. The persisted rows are
 * Parquet objects under the session's scratch prefix ({@code <shuffle root>/scratch/<session>/}), written once by
 * the workers; later actions read them — proved by the job listener (the rows their scans read) and by deleting the
 * source objects before them — and {@code unpersist} / {@code stop()} delete them. Every answer is compared with
 * local mode's on the same files.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PersistOnLambdaTest {
    private static final int FILTERED = 13_334;   // k % 3 = 0 for k in 0..39999

    private LambdaStack stack;
    private UpdraftSession local;

    @BeforeAll
    void start() throws Exception {
        stack = LambdaStack.shared();
        local = UpdraftSession.builder().master("local[2]").config("spark.ui.showConsoleProgress", "false").create();
    }

    @AfterAll
    void stop() {
        local.stop();
    }

    private static List<Row> sorted(List<Row> rows) {
        List<Row> out = new ArrayList<>(rows);
        out.sort(Comparator.comparing(Row::toString));
        return out;
    }

    private static Dataset<Row> grouped(Dataset<Row> kv) {
        return kv.groupBy(col("k").mod(10).as("g")).agg(count("*").as("n"), sum("v").as("s"));
    }

    @Test
    void persistedRowsAreObjectsWrittenOnceAndReadByLaterActions() throws Exception {
        String run = UUID.randomUUID().toString();
        String source = stack.upload(FaultData.local().resolve("kv"), "persist-src/" + run);
        String shufflePrefix = "persist-shuffle/" + run;
        S3ObjectStore scratch = stack.store(shufflePrefix + "/scratch/");
        List<JobResult> jobs = new CopyOnWriteArrayList<>();
        UpdraftSession lambda = stack.lambdaSession(stack.pool().endpoints(), stack.s3Endpoint(), shufflePrefix,
                Map.of("spark.sql.shuffle.partitions", "3", "updraft.speculation", "false"), null);
        lambda.addJobListener(jobs::add);
        Dataset<Row> localKv = local.read().parquet(FaultData.local().resolve("kv").toString())
                .filter(col("k").mod(3).equalTo(0));
        try {
            Dataset<Row> kept = lambda.read().parquet(source).filter(col("k").mod(3).equalTo(0))
                    .persist(StorageLevel.MEMORY_ONLY);
            assertThat(scratch.list("").join()).isEmpty();                     // lazy
            assertThat(kept.count()).isEqualTo(FILTERED);
            assertThat(jobs).hasSize(2);                                       // the write of the kept rows, the count
            List<String> objects = keys(scratch);
            assertThat(objects.stream().filter(k -> k.endsWith(".parquet")).toList())
                    .as("MEMORY_ONLY on Lambda: one Parquet object per task of the persisted plan").hasSize(4)
                    .allMatch(k -> k.matches("[0-9a-f-]{36}/persisted-1/part-0000[0-3]-.*\\.parquet"));
            assertThat(jobs.get(1).stages().get(0).rows()).isEqualTo(FILTERED);   // the count read the kept rows

            // A checkpoint cuts the lineage: its plan reads its own objects, not the source.
            Dataset<Row> checkpointed = grouped(lambda.read().parquet(source)).checkpoint();
            assertThat(checkpointed.queryExecution().toString())
                    .doesNotContain("persist-src").contains("scratch");
            Dataset<Row> localCheckpointed = grouped(lambda.read().parquet(source)).localCheckpoint();
            assertThat(localCheckpointed.queryExecution().toString()).doesNotContain("persist-src");

            deleteAll(stack.store("persist-src/" + run));                     // later actions cannot read the source
            jobs.clear();
            assertThat(sorted(grouped(kept).collectAsList())).isEqualTo(sorted(grouped(localKv).collectAsList()))
                    .hasSize(10);
            assertThat(jobs).hasSize(1);
            assertThat(jobs.get(0).stages().get(0).rows()).isEqualTo(FILTERED);
            assertThat(kept.filter(col("v").lt(100)).count())
                    .isEqualTo(localKv.filter(col("v").lt(100)).count());
            Dataset<Row> localGrouped = grouped(local.read().parquet(FaultData.local().resolve("kv").toString()));
            assertThat(sorted(checkpointed.collectAsList())).isEqualTo(sorted(localGrouped.collectAsList()));
            assertThat(sorted(localCheckpointed.collectAsList())).isEqualTo(sorted(localGrouped.collectAsList()));

            kept.unpersist();
            assertThat(keys(scratch)).noneMatch(k -> k.contains("/persisted-1/"));
            assertThat(keys(scratch)).isNotEmpty();                             // the checkpoints stay until stop()
        } finally {
            lambda.stop();
        }
        assertThat(keys(scratch)).as("stop() deletes the session's objects").isEmpty();
        assertThat(keys(stack.store(shufflePrefix + "/shuffle/"))).isEmpty();
    }

    @Test
    void toLocalIteratorFetchesOneChunkAtATimeInTaskOrder() throws Exception {
        String shufflePrefix = "persist-shuffle/" + UUID.randomUUID();
        S3ObjectStore scratch = stack.store(shufflePrefix + "/scratch/");
        List<JobResult> jobs = new CopyOnWriteArrayList<>();
        UpdraftSession lambda = stack.lambdaSession(stack.pool().endpoints(), stack.s3Endpoint(), shufflePrefix,
                Map.of("updraft.toLocalIterator.chunkRows", "2500", "updraft.speculation", "false"), null);
        lambda.addJobListener(jobs::add);
        try {
            Dataset<Row> kv = lambda.read().parquet(FaultData.upload(stack) + "/kv");
            List<Row> collected = kv.collectAsList();
            jobs.clear();
            Iterator<Row> it = kv.toLocalIterator();
            assertThat(jobs).hasSize(1);                                       // the write of the chunks only
            assertThat(keys(scratch).stream().filter(k -> k.endsWith(".parquet"))).hasSize(16);   // 4 tasks × 4
            List<Row> seen = new ArrayList<>();
            int maxHeld = 0;
            while (it.hasNext()) {
                seen.add(it.next());
                int chunkJobs = jobs.size() - 1;
                assertThat(chunkJobs).as("chunks fetched when needed").isEqualTo((seen.size() + 2499) / 2500);
                maxHeld = Math.max(maxHeld, jobs.get(jobs.size() - 1).rows().size());
            }
            assertThat(jobs).hasSize(1 + 16);
            assertThat(maxHeld).as("rows the coordinator held at once").isEqualTo(2500);
            assertThat(seen).isEqualTo(collected);                             // task (partition) order, as collect
            assertThat(sorted(seen)).isEqualTo(sorted(local.read().parquet(FaultData.local().resolve("kv").toString())
                    .collectAsList()));
            assertThat(keys(scratch)).as("the chunks are deleted after the last row").isEmpty();
        } finally {
            lambda.stop();
        }
    }

    private static List<String> keys(S3ObjectStore store) {
        return store.list("").join().stream().map(ObjectInfo::key).toList();
    }

    private static void deleteAll(S3ObjectStore store) {
        for (ObjectInfo o : store.list("").join()) {
            store.delete(o.key()).join();
        }
        assertThat(store.list("").join()).isEmpty();
    }
}
