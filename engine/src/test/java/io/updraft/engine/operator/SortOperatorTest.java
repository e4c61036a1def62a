package io.updraft.engine.operator;

import io.updraft.core.plan.SortKey;
import io.updraft.engine.testing.Drain;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class SortOperatorTest extends OperatorTestSupport {
    private static final StructType SCHEMA = new StructType(List.of())
            .add("k", DataTypes.StringType).add("v", DataTypes.IntegerType).add("seq", DataTypes.IntegerType);

    @Test
    void sortsByKeysWithNullOrderingAcrossBatches() {
        var input = input(SCHEMA,
                new Object[][] {row("b", 2, 0), row(null, 1, 1), row("a", null, 2)},
                new Object[][] {row("b", 1, 3), row("a", 5, 4), row(null, 0, 5)});
        List<SortKey> keys = List.of(new SortKey(col(0, DataTypes.StringType), true, true),
                new SortKey(col(1, DataTypes.IntegerType), false, false));
        try (SortOperator sort = new SortOperator(input, keys, context)) {
            assertThat(Drain.of(sort).rows).containsExactly(
                    Arrays.asList(null, 1, 1), Arrays.asList(null, 0, 5),
                    Arrays.asList("a", 5, 4), Arrays.asList("a", null, 2),
                    Arrays.asList("b", 2, 0), Arrays.asList("b", 1, 3));
        }
    }

    @Test
    void isStableAndMatchesJavaSortOnRandomData() {
        Random random = new Random(42);
        List<Object[]> all = new ArrayList<>();
        List<Object[][]> batches = new ArrayList<>();
        int seq = 0;
        for (int b = 0; b < 7; b++) {
            Object[][] rows = new Object[random.nextInt(300) + 1][];
            for (int r = 0; r < rows.length; r++) {
                rows[r] = row(random.nextInt(10) == 0 ? null : "k" + random.nextInt(20), random.nextInt(5), seq++);
                all.add(rows[r]);
            }
            batches.add(rows);
        }
        context = new io.updraft.engine.ExecutionContext(allocator, Map.of("updraft.batchRows", "100"));
        List<SortKey> keys = List.of(new SortKey(col(0, DataTypes.StringType), false, false));
        try (SortOperator sort = new SortOperator(input(SCHEMA, batches.toArray(Object[][][]::new)), keys, context)) {
            Drain result = Drain.of(sort);
            List<Object[]> expected = new ArrayList<>(all);
            expected.sort(Comparator.comparing((Object[] r) -> (String) r[0],
                    Comparator.nullsLast(Comparator.<String>reverseOrder())));
            assertThat(result.rows).hasSize(all.size());
            for (int i = 0; i < expected.size(); i++) {
                assertThat(result.rows.get(i)).containsExactly(expected.get(i));
            }
            assertThat(result.batchSizes.get(0)).isEqualTo(100);
        }
    }

    @Test
    void sortsDecimalsDoublesAndDates() {
        StructType schema = new StructType(List.of()).add("d", new DecimalType(20, 2)).add("x", DataTypes.DoubleType)
                .add("day", DataTypes.DateType);
        var input = input(schema, new Object[][] {
                row(new BigDecimal("-1.50"), Double.NaN, 3), row(new BigDecimal("100000000000000000.00"), -0.0, -2),
                row(new BigDecimal("-1.49"), 1.0, 0)});
        try (SortOperator sort = new SortOperator(input, List.of(new SortKey(col(0, new DecimalType(20, 2)), true,
                true)), context)) {
            assertThat(Drain.of(sort).rows).extracting(r -> r.get(0)).containsExactly(new BigDecimal("-1.50"),
                    new BigDecimal("-1.49"), new BigDecimal("100000000000000000.00"));
        }
        var again = input(schema, new Object[][] {row(null, Double.NaN, 3), row(null, -0.0, -2), row(null, 1.0, 0)});
        try (SortOperator sort = new SortOperator(again, List.of(new SortKey(col(1, DataTypes.DoubleType), false,
                false)), context)) {
            assertThat(Drain.of(sort).rows).extracting(r -> r.get(2)).containsExactly(3, 0, -2);
        }
    }

    @Test
    void emptyInputProducesNothing() {
        try (SortOperator sort = new SortOperator(input(SCHEMA), List.of(new SortKey(col(0, DataTypes.StringType),
                true, true)), context)) {
            assertThat(sort.next()).isNull();
        }
    }

    @Test
    void spillsSortedRunsAndMergesThemStably(@org.junit.jupiter.api.io.TempDir java.nio.file.Path spillDir) {
        Random random = new Random(11);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 60_000; i++) {
            rows.add(row(random.nextInt(20) == 0 ? null : "key-" + random.nextInt(5000), random.nextInt(3), i));
        }
        List<Object[][]> batches = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += 1000) {
            batches.add(rows.subList(from, from + 1000).toArray(Object[][]::new));
        }
        List<SortKey> keys = List.of(new SortKey(col(0, DataTypes.StringType), true, false),
                new SortKey(col(1, DataTypes.IntegerType), false, true));
        List<List<Object>> inMemory;
        try (SortOperator sort = new SortOperator(input(SCHEMA, batches.toArray(Object[][][]::new)), keys, context)) {
            inMemory = Drain.of(sort).rows;
            assertThat(sort.spilledRuns()).isZero();
        }
        try (var limited = allocator.newChildAllocator("sort", 0, 512L * 1024)) {
            var small = new io.updraft.engine.ExecutionContext(limited, Map.of(
                    io.updraft.engine.ExecutionContext.SPILL_DIR, spillDir.toString(), "updraft.batchRows", "1000"));
            try (SortOperator sort = new SortOperator(input(SCHEMA, batches.toArray(Object[][][]::new)), keys, small)) {
                assertThat(Drain.of(sort).rows).isEqualTo(inMemory);
                // more runs than one merge may read at once within the budget: intermediate merges ran too
                assertThat(sort.spilledRuns()).isGreaterThan(sort.mergeFanIn());
                assertThat(small.metrics().spills()).isGreaterThan(sort.spilledRuns());
                assertThat(small.metrics().spilledBytes()).isPositive();
            } finally {
                small.close();
            }
            assertThat(spillDir).isEmptyDirectory();
        }
    }
}
