package io.updraft.core.rows;

import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sampling with replacement draws Spark 4.2's rows: the expected ids are what Spark 4.2 returns for
 * {@code range(0, 100, 1, 3)} (partitions [0, 33), [33, 66), [66, 100)) and {@code range(0, 100, 1, 1)}; bench's
 * DatasetSurfaceVsSparkTest checks the same against Spark live.
 */
class SampleFunctionTest {
    private static final StructType SCHEMA = StructType.fromDDL("id bigint");

    private static List<Long> sample(SampleFunction f, long from, long to, int partition) {
        List<Row> rows = new ArrayList<>();
        for (long i = from; i < to; i++) {
            rows.add(Row.of(i));
        }
        List<Long> out = new ArrayList<>();
        f.apply(rows.iterator(), SCHEMA, partition).forEachRemaining(r -> out.add((Long) r.get(0)));
        return out;
    }

    @Test
    void withReplacementEachPartitionDrawsSparksPoissonCounts() {
        // Spark 4.2: range(0, 100, 1, 3).sample(true, 0.5, 42), partitions 1 and 2 (their seeds are the second and
        // third nextLong of java.util.Random(42), not 42 + index)
        assertThat(sample(SampleFunction.poisson(0.5, 42), 33, 66, 1)).containsExactly(35L, 35L, 39L, 41L, 42L,
                43L, 45L, 48L, 50L, 51L, 53L, 54L, 55L, 59L, 59L, 62L, 62L, 65L);
        assertThat(sample(SampleFunction.poisson(0.5, 42), 66, 100, 2)).containsExactly(66L, 70L, 71L, 73L, 74L,
                77L, 78L, 82L, 82L, 83L, 85L, 87L, 91L, 94L, 94L, 95L, 98L, 99L, 99L);
        // Spark 4.2: range(0, 100, 1, 3).sample(true, 2.0, 7), partition 0: 65 rows, rows repeated up to 5 times
        List<Long> twice = sample(SampleFunction.poisson(2.0, 7), 0, 33, 0);
        assertThat(twice).hasSize(65).startsWith(0L, 0L, 2L, 2L, 3L, 4L, 4L, 4L, 4L, 4L, 5L).endsWith(31L, 31L, 32L);
        // the same seed and partition draw the same rows; another partition index draws others
        assertThat(sample(SampleFunction.poisson(2.0, 7), 0, 33, 0)).isEqualTo(twice);
        assertThat(sample(SampleFunction.poisson(2.0, 7), 0, 33, 1)).isNotEqualTo(twice);
    }

    @Test
    void largeFractionsUseTheDistributionsOtherAlgorithmAsSparkDoes() {
        // commons-math3 switches algorithm at a mean of 40; Spark 4.2: range(0, 100, 1, 1).sample(true, 50.0, 3)
        // repeats ids 0..4 53, 60, 65, 46 and 67 times
        Map<Long, Integer> counts = new TreeMap<>();
        for (long id : sample(SampleFunction.poisson(50.0, 3), 0, 5, 0)) {
            counts.merge(id, 1, Integer::sum);
        }
        assertThat(counts).containsExactly(Map.entry(0L, 53), Map.entry(1L, 60), Map.entry(2L, 65),
                Map.entry(3L, 46), Map.entry(4L, 67));
    }

    @Test
    void aFractionOfZeroKeepsNoRow() {
        assertThat(sample(SampleFunction.poisson(0.0, 1), 0, 50, 0)).isEmpty();
        assertThat(sample(SampleFunction.poisson(-1e-7, 1), 0, 50, 0)).isEmpty();
    }

    @Test
    void withoutReplacementKeepsSparksBernoulliRows() {
        // Spark 4.2: range(0, 100, 1, 1).sample(0.1, 7) (XORShiftRandom seeded with seed + partition index)
        assertThat(sample(SampleFunction.bernoulli(0, 0.1, 7), 0, 100, 0)).containsExactly(11L, 13L, 20L, 25L, 27L,
                39L, 42L, 56L, 58L, 61L, 63L, 67L, 71L);
    }
}
