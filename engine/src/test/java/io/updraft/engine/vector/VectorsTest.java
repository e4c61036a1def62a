package io.updraft.engine.vector;

import io.updraft.engine.testing.TestBatches;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class VectorsTest {
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    private List<Object> gather(DataType type, int[] rows, Object... values) {
        try (FieldVector source = TestBatches.column(allocator, "v", type, values);
             FieldVector out = Vectors.gather(source, rows, rows.length, allocator)) {
            return TestBatches.values(out, type);
        }
    }

    @Test
    void gathersEveryKind() {
        int[] rows = {3, 0, 3, 1};
        assertThat(gather(DataTypes.BooleanType, rows, true, null, false, true)).containsExactly(true, true, true, null);
        assertThat(gather(DataTypes.IntegerType, rows, 1, 2, null, 4)).containsExactly(4, 1, 4, 2);
        assertThat(gather(DataTypes.LongType, rows, 1L, null, 3L, 4L)).containsExactly(4L, 1L, 4L, null);
        assertThat(gather(DataTypes.DoubleType, rows, 1.0, 2.0, 3.0, 4.5)).containsExactly(4.5, 1.0, 4.5, 2.0);
        assertThat(gather(new DecimalType(30, 2), rows, new BigDecimal("1.00"), null, null,
                new BigDecimal("-12345678901234567890.12"))).containsExactly(new BigDecimal("-12345678901234567890.12"),
                new BigDecimal("1.00"), new BigDecimal("-12345678901234567890.12"), null);
        assertThat(gather(DataTypes.StringType, rows, "a", "", null, "dd")).containsExactly("dd", "a", "dd", "");
    }

    @Test
    void gathersFromSeveralSources() {
        try (FieldVector a = TestBatches.column(allocator, "v", DataTypes.StringType, "a0", "a1");
             FieldVector b = TestBatches.column(allocator, "v", DataTypes.StringType, "b0", null);
             FieldVector out = Vectors.gather(new FieldVector[] {a, b}, new int[] {1, 0, 1, 0},
                     new int[] {1, 1, 0, 0}, 0, 4, allocator)) {
            assertThat(TestBatches.values(out, DataTypes.StringType)).containsExactly(null, "a1", "b0", "a0");
        }
    }

    @Test
    void negativeRowsAreNullWhetherOrNotTheSourcesHaveNulls() {
        int n = 200;
        Object[] dense = new Object[n];
        Object[] sparse = new Object[n];
        for (int i = 0; i < n; i++) {
            dense[i] = (long) i;
            sparse[i] = i % 5 == 0 ? null : (long) i;
        }
        int[] rows = new int[n];
        for (int i = 0; i < n; i++) {
            rows[i] = i % 3 == 0 ? -1 : n - 1 - i;
        }
        List<Object> fromDense = gather(DataTypes.LongType, rows, dense);
        List<Object> fromSparse = gather(DataTypes.LongType, rows, sparse);
        for (int i = 0; i < n; i++) {
            Object expectedDense = rows[i] < 0 ? null : dense[rows[i]];
            Object expectedSparse = rows[i] < 0 ? null : sparse[rows[i]];
            assertThat(fromDense.get(i)).as("dense row %d", i).isEqualTo(expectedDense);
            assertThat(fromSparse.get(i)).as("sparse row %d", i).isEqualTo(expectedSparse);
        }
    }

    @Test
    void slicesAndSharesWithoutLeaks() {
        Object[] values = new Object[100];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 7 == 0 ? null : "s" + i;
        }
        try (FieldVector source = TestBatches.column(allocator, "v", DataTypes.StringType, values);
             FieldVector slice = Vectors.slice(source, 13, 20, allocator);
             FieldVector shared = Vectors.share(source, allocator)) {
            assertThat(TestBatches.values(slice, DataTypes.StringType)).isEqualTo(Arrays.asList(values).subList(13, 33));
            assertThat(TestBatches.values(shared, DataTypes.StringType)).isEqualTo(Arrays.asList(values));
        }
    }
}
