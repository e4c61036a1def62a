package io.updraft.sql;

import io.updraft.api.java.function.FlatMapFunction;
import io.updraft.api.java.function.MapFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static io.updraft.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code groupByKey(...).flatMapSortedGroups} over groups several times a task's memory limit: the groups are fed
 * from the engine's spilling sort (its run files are on disk while the function reads the group), one row at a
 * time, every task closes its allocator without a leak (a leak fails the task) and the spill folders are gone after.
 * The shuffle read in front of the sort streams its blocks one IPC batch at a time (a map task's block for one key
 * is ~2 times the limit here); it used to decode a block whole and ran out of memory.
 */
class GroupsLargerThanMemoryTest {
    private static final int SEEDS = 8;
    private static final int ROWS_PER_SEED = 40_000;
    private static final String PAYLOAD = "x".repeat(200);

    @TempDir
    Path spill;

    @Test
    void sortedGroupsStreamFromASpillingSort() throws IOException {
        long taskMemory = 4L * 1024 * 1024;
        // batches of 1,024 rows (~220 KB): a batch of the default 8,192 rows of these strings is ~1.8 MB, and the
        // typed map's output vector growing by doubling next to its input does not fit a 4 MB limit
        String spillDir = spill.toString();
        try (UpdraftSession spark = UpdraftSession.builder().master("local[2]")
                .config("spark.sql.shuffle.partitions", "2").config("spark.ui.showConsoleProgress", "false")
                .config("updraft.taskMemoryBytes", String.valueOf(taskMemory)).config("updraft.batchRows", "1024")
                .config("updraft.spillDir", spillDir).create()) {
            Dataset<String> rows = spark.createDataset(IntStream.range(0, SEEDS).boxed().toList(), Encoders.INT())
                    .repartition(SEEDS)
                    .flatMap((FlatMapFunction<Integer, String>) seed -> IntStream.range(0, ROWS_PER_SEED)
                            .mapToObj(i -> (i % 2) + ":" + String.format("%06d", seed * ROWS_PER_SEED + i) + PAYLOAD)
                            .iterator(), Encoders.STRING());
            // two groups of 160,000 rows of ~210 bytes (~34 MB as Arrow strings): each ~8 times the task memory limit
            Dataset<String> summaries = rows.groupByKey((MapFunction<String, String>) s -> s.substring(0, 1),
                    Encoders.STRING()).flatMapSortedGroups(new Column[] {col("value")},
                    (String key, Iterator<String> values) -> {
                        long n = 0;
                        String previous = "";
                        boolean sorted = true;
                        long spillFiles = -1;
                        while (values.hasNext()) {
                            String v = values.next();
                            sorted &= v.compareTo(previous) >= 0;
                            previous = v;
                            n++;
                            if (n == 1000) {
                                spillFiles = filesUnder(Path.of(spillDir));
                            }
                        }
                        return List.of(key + " " + n + " " + sorted + " spilled=" + (spillFiles > 0)).iterator();
                    }, Encoders.STRING());
            assertThat(summaries.collectAsList()).containsExactlyInAnyOrder("0 160000 true spilled=true",
                    "1 160000 true spilled=true");
        }
        assertThat(filesUnder(spill)).as("spill files left behind").isZero();
    }

    private static long filesUnder(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
