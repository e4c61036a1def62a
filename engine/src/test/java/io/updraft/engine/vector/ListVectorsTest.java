package io.updraft.engine.vector;

import io.updraft.engine.ArrowRows;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.testing.TestBatches;
import io.updraft.sql.Row;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** List (array) vectors through the copy, hash and conversion utilities. */
class ListVectorsTest {
    private static final ArrayType STRINGS = new ArrayType(DataTypes.StringType, true);
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    private FieldVector strings(Object... values) {
        return TestBatches.column(allocator, "a", STRINGS, values);
    }

    @Test
    void arraysMapToListFieldsAndBack() {
        StructType schema = new StructType(List.of()).add("a", new ArrayType(new DecimalType(15, 2), false), false)
                .add("n", new ArrayType(new ArrayType(DataTypes.LongType, true), true));
        assertThat(ArrowTypes.toStructType(ArrowTypes.toArrowSchema(schema))).isEqualTo(schema);
        assertThat(ArrowTypes.toField("a", STRINGS).getChildren().get(0).getName()).isEqualTo("element");
        try (FieldVector v = ArrowTypes.newVector("a", STRINGS, allocator)) {
            assertThat(v).isInstanceOf(ListVector.class);
            assertThat(Vectors.kindOf(v)).isEqualTo(PhysicalKind.LIST);
        }
    }

    @Test
    void gatherCopiesSelectedListsFromSeveralSources() {
        try (FieldVector a = strings(List.of("a", "b"), null, Arrays.asList("c", null), List.of());
             FieldVector b = strings(List.of("x"), List.of("y", "z", "w"));
             FieldVector out = Vectors.gather(new FieldVector[] {a, b}, new int[] {1, 0, 0, 1, 0, 0},
                     new int[] {1, 2, -1, 0, 1, 3}, 0, 6, allocator)) {
            assertThat(TestBatches.values(out, STRINGS)).isEqualTo(Arrays.asList(List.of("y", "z", "w"),
                    Arrays.asList("c", null), null, List.of("x"), null, List.of()));
            assertThat(Vectors.allocatedBytes(out)).isPositive();
        }
    }

    @Test
    void sliceShareAndNullsWork() {
        try (FieldVector a = strings(List.of("a"), List.of("b", "c"), null, List.of("d"));
             FieldVector slice = Vectors.slice(a, 1, 2, allocator);
             FieldVector shared = Vectors.share(a, allocator);
             FieldVector nulls = Vectors.nulls(ArrowTypes.toField("n", STRINGS), 3, allocator)) {
            assertThat(TestBatches.values(slice, STRINGS)).isEqualTo(Arrays.asList(List.of("b", "c"), null));
            assertThat(TestBatches.values(shared, STRINGS)).hasSize(4);
            assertThat(TestBatches.values(nulls, STRINGS)).containsExactly(null, null, null);
        }
    }

    @Test
    void equalListsHashAlikeAndCompareAsSpark() {
        try (FieldVector a = strings(List.of("a", "b"), Arrays.asList("a", null), List.of("a"), null, List.of());
             FieldVector b = strings(List.of("q"), List.of("a", "b"), Arrays.asList("a", null), List.of("a", "c"))) {
            int[] ha = new int[5];
            int[] hb = new int[4];
            RowKeys.seed(ha, 5, 42);
            RowKeys.seed(hb, 4, 42);
            RowKeys.hash(a, 5, ha);
            RowKeys.hash(b, 4, hb);
            assertThat(ha[0]).isEqualTo(hb[1]);
            assertThat(ha[1]).isEqualTo(hb[2]);
            assertThat(ha[0]).isNotEqualTo(ha[1]);
            assertThat(RowKeys.hashValue(a, 0, 42)).isEqualTo(ha[0]);
            assertThat(RowKeys.rowsEqual(new FieldVector[] {a}, 0, new FieldVector[] {b}, 1)).isTrue();
            assertThat(RowKeys.rowsEqual(new FieldVector[] {a}, 1, new FieldVector[] {b}, 2)).isTrue();
            assertThat(RowKeys.rowsEqual(new FieldVector[] {a}, 0, new FieldVector[] {b}, 3)).isFalse();
            // [a] < [a, b] < [a, c]; [a, null] < [a, b] (a null element first); [] first of all
            assertThat(RowKeys.compareValues(PhysicalKind.LIST, a, 2, b, 1)).isNegative();
            assertThat(RowKeys.compareValues(PhysicalKind.LIST, b, 1, b, 3)).isNegative();
            assertThat(RowKeys.compareValues(PhysicalKind.LIST, a, 1, a, 0)).isNegative();
            assertThat(RowKeys.compareValues(PhysicalKind.LIST, a, 4, a, 2)).isNegative();
            assertThat(RowKeys.compareValues(PhysicalKind.LIST, a, 0, b, 1)).isZero();
        }
    }

    @Test
    void arrowRowsEncodeAndDecodeArrays() {
        StructType schema = new StructType(List.of()).add("k", DataTypes.IntegerType).add("a", STRINGS)
                .add("n", new ArrayType(new ArrayType(new DecimalType(5, 2), true), true))
                .add("d", new ArrayType(DataTypes.DateType, true));
        List<Row> rows = List.of(
                Row.of(1, List.of("x", "y"), List.of(List.of(new BigDecimal("1.50")), List.of()),
                        List.of(java.sql.Date.valueOf("2020-02-29"))),
                Row.of(2, Arrays.asList(null, "ü"), Arrays.asList(null, Arrays.asList(new BigDecimal("-2.25"), null)),
                        null),
                Row.of(3, null, null, List.of()));
        List<Row> back = ArrowRows.decode(List.of(ArrowRows.encode(rows, schema, allocator)), schema, allocator);
        assertThat(back).isEqualTo(rows);
        assertThat(back.get(1).<String>getList(1)).containsExactly(null, "ü");
        assertThat(back.get(0).get(3)).isEqualTo(List.of(java.sql.Date.valueOf("2020-02-29")));
    }
}
