package io.updraft.sql;

import io.updraft.api.java.function.FlatMapFunction;
import io.updraft.api.java.function.MapFunction;
import org.junit.jupiter.api.Test;

import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;

import static io.updraft.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code groupByKey(...).flatMapSortedGroups} over groups several times a task's memory limit: the groups are fed
 * from the engine's spilling sort, one row at a time, and the session closes without a leak.
 */
class GroupsLargerThanMemoryTest {
    private static final int SEEDS = 8;
    private static final int ROWS_PER_SEED = 40_000;
    private static final String PAYLOAD = "x".repeat(200);

    @Test
    void sortedGroupsStreamFromASpillingSort() {
        long taskMemory = 4L * 1024 * 1024;
        try (UpdraftSession spark = UpdraftSession.builder().master("local[2]")
                .config("spark.sql.shuffle.partitions", "2").config("spark.ui.showConsoleProgress", "false")
                .config("updraft.taskMemoryBytes", String.valueOf(taskMemory)).create()) {
            Dataset<String> rows = spark.createDataset(IntStream.range(0, SEEDS).boxed().toList(), Encoders.INT())
                    .repartition(SEEDS)
                    .flatMap((FlatMapFunction<Integer, String>) seed -> IntStream.range(0, ROWS_PER_SEED)
                            .mapToObj(i -> (i % 2) + ":" + String.format("%06d", seed * ROWS_PER_SEED + i) + PAYLOAD)
                            .iterator(), Encoders.STRING());
            // two groups of 160,000 rows of ~210 bytes: each ~8 times the task memory limit
            Dataset<String> summaries = rows.groupByKey((MapFunction<String, String>) s -> s.substring(0, 1),
                    Encoders.STRING()).flatMapSortedGroups(new Column[] {col("value")},
                    (String key, Iterator<String> values) -> {
                        long n = 0;
                        String previous = "";
                        boolean sorted = true;
                        while (values.hasNext()) {
                            String v = values.next();
                            sorted &= v.compareTo(previous) >= 0;
                            previous = v;
                            n++;
                        }
                        return List.of(key + " " + n + " " + sorted).iterator();
                    }, Encoders.STRING());
            assertThat(summaries.collectAsList()).containsExactlyInAnyOrder("0 160000 true", "1 160000 true");
        }
    }
}
