package io.updraft.worker;

import io.updraft.core.conf.SettingKeys;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskStatus;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.store.ObjectStores;
import io.updraft.sql.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The SnapStart hooks called directly, as the CRaC runtime would call them around a snapshot. */
class SnapStartHooksTest {
    @TempDir
    Path tmp;
    private WorkerRuntime runtime;

    @AfterEach
    void closeAllocator() {
        if (runtime != null) {
            runtime.root().close();   // a leak of the primed tasks fails here
        }
    }

    @Test
    void beforeCheckpointPrimesTheTaskPathAndClosesTheS3Clients() {
        runtime = new WorkerRuntime(WorkerSettings.from(Map.of(WorkerSettings.MEMORY_SIZE_ENV, "1769",
                WorkerSettings.INITIALIZATION_TYPE_ENV, "snap-start"), tmp));
        Map<String, String> s3 = Map.of(SettingKeys.S3_REGION, "us-east-1", SettingKeys.S3_ENDPOINT,
                "http://127.0.0.1:9", SettingKeys.S3_ACCESS_KEY, "a", SettingKeys.S3_SECRET_KEY, "b",
                SettingKeys.S3_PATH_STYLE, "true");
        var before = ObjectStores.shared().store("s3://hooks-test/x", s3);
        assertThat(ObjectStores.shared().openClients()).isPositive();

        runtime.hooks().beforeCheckpoint(null);

        assertThat(ObjectStores.shared().openClients()).isZero();
        assertThat(ObjectStores.shared().store("s3://hooks-test/x", s3)).as("a new store after the checkpoint")
                .isNotSameAs(before);
        assertThat(runtime.hooks().checkpoints()).isEqualTo(1);
        TaskResult primed = runtime.hooks().lastPriming();
        assertThat(primed.status()).isEqualTo(TaskStatus.SUCCEEDED);
        List<Row> rows = ArrowRows.decode(primed.arrowIpcBase64(), primed.schema());
        Map<Long, BigDecimal> sums = new HashMap<>();
        Map<Long, Long> counts = new HashMap<>();
        for (long k = 10; k < 100; k++) {   // keys of k < 10 are 100..103, filtered out
            sums.merge(k % 4, BigDecimal.valueOf(k * 101, 2), BigDecimal::add);
            counts.merge(k % 4, 1L, Long::sum);
        }
        assertThat(rows).hasSize(WorkerPriming.GROUPS);
        for (Row r : rows) {
            long key = r.getLong(0);
            assertThat(((BigDecimal) r.get(1))).isEqualByComparingTo(sums.get(key));
            assertThat(r.getLong(2)).isEqualTo(counts.get(key));
        }
        ObjectStores.shared().closeClients();
    }

    @Test
    void afterRestoreDeletesLeftSpillFoldersAndRereadsTheSpace() throws Exception {
        runtime = new WorkerRuntime(WorkerSettings.from(Map.of(), tmp));
        Path left = Files.createDirectories(tmp.resolve("updraft-spill-job-1-0-0-abc"));
        Files.write(left.resolve("sort-0.arrow"), new byte[1024]);
        Path other = Files.createDirectories(tmp.resolve("not-ours"));

        runtime.hooks().afterRestore(null);

        assertThat(left).doesNotExist();
        assertThat(other).exists();
        assertThat(runtime.hooks().restores()).isEqualTo(1);
        assertThat(runtime.hooks().spillUsableBytes()).isCloseTo(Files.getFileStore(tmp).getUsableSpace(),
                org.assertj.core.data.Offset.offset(64L << 20));
    }
}
