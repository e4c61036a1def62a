package io.updraft.sql;

import io.updraft.SparkConf;
import io.updraft.SparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code sparkContext()}'s {@code getConf()} ({@link SparkConf}, with Spark 4.2's behaviour, checked live by bench's
 * {@code SparkApiCasesTest}) and the checkpoint directory ({@code spark.checkpoint.dir}, {@code setCheckpointDir}).
 */
class CheckpointDirAndConfTest {
    @TempDir
    Path dir;

    private static UpdraftSession session(SparkConf conf) {
        return UpdraftSession.builder().config("spark.ui.showConsoleProgress", "false").config(conf).create();
    }

    @Test
    void getConfIsACopyOfTheSettingsTheSessionStartedWith() {
        SparkConf given = new SparkConf(false).setMaster("local[2]").setAppName("conf-test").set("spark.foo", "bar")
                .set(RuntimeConfig.TIME_ZONE, "UTC");
        try (UpdraftSession session = session(given)) {
            assertThat(session.master()).isEqualTo("local[2]");   // config(SparkConf) sets master and app name too
            assertThat(session.appName()).isEqualTo("conf-test");
            SparkContext sc = session.sparkContext();
            SparkConf conf = sc.getConf();
            assertThat(conf.get("spark.master")).isEqualTo("local[2]");
            assertThat(conf.get("spark.app.name")).isEqualTo("conf-test");
            assertThat(conf.get("spark.foo")).isEqualTo("bar");
            assertThat(session.conf().get("spark.foo")).isEqualTo("bar");   // the same settings, one place
            assertThat(conf.getOption(RuntimeConfig.TIME_ZONE)).hasToString("Some(UTC)");
            assertThat(conf.getOption("nope")).hasToString("None");
            assertThat(conf.get("nope", "d")).isEqualTo("d");
            assertThat(conf.contains("spark.foo")).isTrue();
            assertThatThrownBy(() -> conf.get("nope")).isInstanceOf(NoSuchElementException.class).hasMessage("nope");
            assertThat(conf.getAppId()).startsWith("local-").isEqualTo(sc.applicationId());
            assertThat(conf.getAll()).contains(new Tuple2<>("spark.foo", "bar"), new Tuple2<>("spark.master", "local[2]"));
            List<String> keys = Arrays.stream(conf.getAll()).map(Tuple2::_1).toList();
            assertThat(keys).isSorted().contains("spark.app.id", "spark.app.startTime");

            conf.set("spark.foo", "baz").setAppName("other");            // a copy: the session does not change
            assertThat(sc.getConf().get("spark.foo")).isEqualTo("bar");
            assertThat(sc.getConf().get("spark.app.name")).isEqualTo("conf-test");
            session.conf().set("spark.my.key", "v");                     // runtime settings are not in it (Spark's)
            assertThat(sc.getConf().getOption("spark.my.key")).hasToString("None");
            assertThat(session.newSession().sparkContext().applicationId()).isEqualTo(sc.applicationId());
        }
    }

    @Test
    void sparkConfChecksAndReadsAsSpark() {
        SparkConf conf = new SparkConf(false);
        assertThatThrownBy(() -> conf.set("k", null)).isInstanceOf(NullPointerException.class)
                .hasMessage("null value for k");
        assertThatThrownBy(() -> conf.set(null, "v")).isInstanceOf(NullPointerException.class).hasMessage("null key");
        conf.set("n", "7").set("b", "true").setIfMissing("n", "8").setIfMissing("m", "9");
        assertThat(conf.getInt("n", 0)).isEqualTo(7);
        assertThat(conf.getLong("m", 0)).isEqualTo(9);
        assertThat(conf.getBoolean("b", false)).isTrue();
        assertThat(conf.getDouble("none", 1.5)).isEqualTo(1.5);
        SparkConf copy = conf.clone().remove("n");
        assertThat(conf.contains("n")).isTrue();
        assertThat(copy.contains("n")).isFalse();
        assertThat(conf.toDebugString()).isEqualTo("b=true\nm=9\nn=7");
        System.setProperty("spark.sparkconf.test", "yes");
        try {
            assertThat(new SparkConf().get("spark.sparkconf.test")).isEqualTo("yes");   // loads spark.* properties
            assertThat(new SparkConf(false).contains("spark.sparkconf.test")).isFalse();
        } finally {
            System.clearProperty("spark.sparkconf.test");
        }
        assertThatThrownBy(() -> new SparkConf(false).getAppId()).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void withoutACheckpointDirectoryCheckpointsLiveInTheScratchSpace() {
        try (UpdraftSession session = session(new SparkConf(false).setMaster("local[2]"))) {
            assertThat(session.sparkContext().getCheckpointDir()).hasToString("None");
            Dataset<Long> checkpointed = session.range(0, 10, 1, 2).checkpoint();
            assertThat(checkpointed.count()).isEqualTo(10);
            List<String> files = session.scratch().objects();
            assertThat(files).isNotEmpty().allMatch(f -> f.contains("/scratch/"));
            session.stop();
            assertThat(files).noneMatch(f -> Files.exists(Path.of(f)));      // stop() deletes them
        }
    }

    @Test
    void checkpointsGoToTheCheckpointDirectoryAndOutliveTheSession() throws IOException {
        Path base = dir.resolve("checkpoints");
        try (UpdraftSession session = session(new SparkConf(false).setMaster("local[2]"))) {
            SparkContext sc = session.sparkContext();
            sc.setCheckpointDir(base.toString());
            String uuidDir = sc.getCheckpointDir().get();
            assertThat(uuidDir).startsWith("file:" + base.toAbsolutePath() + "/");
            Path own = Path.of(uuidDir.substring("file:".length()));
            assertThat(own).isDirectory();                                    // made at once, as Spark's

            Dataset<Long> eager = session.range(0, 10, 1, 2).checkpoint();
            assertThat(parquetFiles(own.resolve("checkpoint-1"))).hasSize(2);  // one file per task
            Dataset<Long> lazy = session.range(10, 20, 1, 3).checkpoint(false);
            assertThat(Files.exists(own.resolve("checkpoint-2"))).isFalse();   // lazy: at the first action
            assertThat(lazy.collectAsList()).containsExactlyInAnyOrder(10L, 11L, 12L, 13L, 14L, 15L, 16L, 17L, 18L,
                    19L);
            assertThat(parquetFiles(own.resolve("checkpoint-2"))).hasSize(3);
            assertThat(eager.filter("id > 6").count()).isEqualTo(3);
            assertThat(eager.queryExecution().toString()).contains(own.resolve("checkpoint-1").toString());

            Dataset<Long> onDisk = session.range(0, 4).persist(io.updraft.storage.StorageLevel.DISK_ONLY);
            assertThat(onDisk.count()).isEqualTo(4);
            assertThat(session.cacheManager().folder(onDisk.logicalPlan())).contains("/scratch/"); // not a checkpoint
            Dataset<Long> local = session.range(0, 4).localCheckpoint();
            assertThat(local.count()).isEqualTo(4);
            List<String> scratchFiles = session.scratch().objects();
            assertThat(scratchFiles).isNotEmpty().noneMatch(f -> f.contains("checkpoint-"));
            session.stop();
            assertThat(parquetFiles(own.resolve("checkpoint-1"))).hasSize(2);   // kept after stop(), as Spark's
            assertThat(parquetFiles(own.resolve("checkpoint-2"))).hasSize(3);
            assertThat(scratchFiles).noneMatch(f -> Files.exists(Path.of(f)));   // the scratch space's are not
        }
        try (UpdraftSession later = session(new SparkConf(false).setMaster("local[1]"))) {
            try (Stream<Path> uuids = Files.list(base)) {
                Path folder = uuids.findFirst().orElseThrow().resolve("checkpoint-1");
                assertThat(later.read().parquet(folder.toString()).count()).isEqualTo(10);  // readable afterwards
            }
        }
    }

    @Test
    void theCheckpointDirectoryCanBeASettingAndIsNewPerCall() {
        try (UpdraftSession session = session(new SparkConf(false).setMaster("local[1]")
                .set(RuntimeConfig.CHECKPOINT_DIR, dir.toString()))) {
            SparkContext sc = session.sparkContext();
            String first = sc.getCheckpointDir().get();
            assertThat(first).startsWith("file:" + dir.toAbsolutePath() + "/");
            assertThat(session.newSession().sparkContext().getCheckpointDir().get()).isEqualTo(first);
            sc.setCheckpointDir(dir.toString());
            assertThat(sc.getCheckpointDir().get()).isNotEqualTo(first).startsWith("file:" + dir.toAbsolutePath());
            assertThat(session.range(0, 3).checkpoint().count()).isEqualTo(3);
            sc.setCheckpointDir(null);
            assertThat(sc.getCheckpointDir()).hasToString("None");
        }
    }

    private static List<Path> parquetFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".parquet")).toList();
        }
    }
}
