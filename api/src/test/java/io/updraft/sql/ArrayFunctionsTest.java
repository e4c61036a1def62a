package io.updraft.sql;

import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static io.updraft.sql.functions.approx_count_distinct;
import static io.updraft.sql.functions.array_contains;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.collect_list;
import static io.updraft.sql.functions.collect_set;
import static io.updraft.sql.functions.size;
import static io.updraft.sql.functions.split;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The array functions through the Dataset API on the employee table (two files, real shuffles in local[2]):
 * Spark's column names and types, java.util.List values in Rows, show() of arrays; DuckDB as the oracle.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ArrayFunctionsTest {
    @TempDir
    static Path dir;

    private TestTables t;
    private Dataset<Row> emp;

    @BeforeAll
    void start() throws Exception {
        t = new TestTables(dir);
        emp = t.table("emp");
    }

    @AfterAll
    void stop() throws Exception {
        t.close();
    }

    @Test
    void groupedCollectsHaveSparksNamesTypesAndValues() throws Exception {
        Dataset<Row> result = emp.groupBy("dept").agg(collect_list("name"), collect_set(col("mgr")),
                approx_count_distinct("salary"), approx_count_distinct(col("bonus"), 0.1));
        assertThat(result.columns()).containsExactly("dept", "collect_list(name)", "collect_set(mgr)",
                "approx_count_distinct(salary)", "approx_count_distinct(bonus)");
        StructType schema = result.schema();
        assertThat(schema.get(1).dataType()).isEqualTo(new ArrayType(DataTypes.StringType, false));
        assertThat(schema.get(1).nullable()).isFalse();
        assertThat(schema.get(2).dataType()).isEqualTo(new ArrayType(DataTypes.IntegerType, false));
        assertThat(schema.get(3).dataType()).isEqualTo(DataTypes.LongType);
        assertThat(schema.treeString()).contains(" |-- collect_list(name): array (nullable = false)\n"
                + " |    |-- element: string (containsNull = false)\n");
        List<List<Object>> ours = new ArrayList<>();
        for (Row r : result.collectAsList()) {
            List<String> names = new ArrayList<>(r.getList(1));
            names.sort(null);
            List<Integer> mgrs = new ArrayList<>(r.getList(2));
            mgrs.sort(null);
            ours.add(Arrays.asList(r.getString(0), String.join(",", names), mgrs.toString(), r.getLong(3),
                    r.getLong(4)));
        }
        ours.sort(java.util.Comparator.comparing(String::valueOf));
        List<List<Object>> expected = new ArrayList<>();
        for (List<Object> e : t.duck.query("select dept, array_to_string(list_sort(list(name)), ','),"
                + " '[' || array_to_string(list_sort(list(distinct mgr)), ', ') || ']',"
                + " count(distinct salary), count(distinct bonus) from emp group by dept")) {
            // small cardinalities: HyperLogLog++'s linear counting is exact here
            expected.add(Arrays.asList(e.get(0), e.get(1), e.get(2), ((Number) e.get(3)).longValue(),
                    ((Number) e.get(4)).longValue()));
        }
        expected.sort(java.util.Comparator.comparing(String::valueOf));
        assertThat(ours).isEqualTo(expected);
    }

    @Test
    void arraysAreGroupingKeys() throws Exception {
        Dataset<Row> byParts = emp.groupBy(split(col("dept"), "e").as("parts")).count();
        assertThat(byParts.columns()).containsExactly("parts", "count");
        List<List<Object>> ours = new ArrayList<>();
        for (Row r : byParts.collectAsList()) {
            ours.add(Arrays.asList(r.isNullAt(0) ? null : String.join("|", r.<String>getList(0)), r.getLong(1)));
        }
        ours.sort(java.util.Comparator.comparing(String::valueOf));
        List<List<Object>> expected = new ArrayList<>();
        for (List<Object> e : t.duck.query("select array_to_string(string_split(dept, 'e'), '|'), count(*) from emp"
                + " group by 1")) {
            expected.add(Arrays.asList(e.get(0), ((Number) e.get(1)).longValue()));
        }
        expected.sort(java.util.Comparator.comparing(String::valueOf));
        assertThat(ours).isEqualTo(expected).hasSize(4);
    }

    @Test
    void arraysAreJoinKeys() throws Exception {
        Dataset<Row> left = emp.select(col("id"), split(col("dept"), "e").as("p"));
        Dataset<Row> right = t.table("dept").select(split(col("dept"), "e").as("q"), col("dname"));
        List<List<Object>> ours = new ArrayList<>();
        for (Row r : left.join(right, col("p").equalTo(col("q"))).select(col("id"), col("dname")).collectAsList()) {
            ours.add(Arrays.asList(r.getInt(0), r.getString(1)));
        }
        ours.sort(java.util.Comparator.comparing(String::valueOf));
        List<List<Object>> expected = new ArrayList<>();
        for (List<Object> e : t.duck.query("select e.id, d.dname from emp e join dept d"
                + " on string_split(e.dept, 'e') = string_split(d.dept, 'e')")) {
            expected.add(Arrays.asList(((Number) e.get(0)).intValue(), e.get(1)));
        }
        expected.sort(java.util.Comparator.comparing(String::valueOf));
        assertThat(ours).isEqualTo(expected).hasSizeGreaterThan(50);
    }

    @Test
    void arraysRideAlongSortsAndTopN() {
        Dataset<Row> words = emp.select(col("id"), split(col("name"), "-").as("w"));
        List<Row> sorted = words.orderBy(col("id").desc()).collectAsList();
        assertThat(sorted).hasSize(100);
        assertThat(sorted.get(0).<String>getList(1)).containsExactly("emp", "99");
        List<Row> top = words.orderBy(col("id")).limit(3).collectAsList();
        assertThat(top).extracting(r -> r.getList(1).get(1)).containsExactly("0", "1", "2");
    }

    @Test
    void sortingByAnArrayIsAClearError() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> emp.select(split(col("name"), "-").as("p"))
                .orderBy(col("p")).collectAsList()).hasMessageContaining("Sorting by an array column is not supported yet");
    }

    @Test
    void globalAggregateOfNoRowsGivesEmptyArraysAndZero() {
        Row row = emp.filter(col("id").lt(0)).agg(collect_list("name"), collect_set("dept"),
                approx_count_distinct("id")).first();
        assertThat(row.getList(0)).isEmpty();
        assertThat(row.getList(1)).isEmpty();
        assertThat(row.getLong(2)).isZero();
    }

    @Test
    void splitSizeAndArrayContainsPerRow() {
        List<Row> rows = emp.filter(col("id").lt(3)).orderBy(col("id"))
                .select(split(col("name"), "-").as("parts"), split(col("name"), "", 3).as("chars"),
                        size(split(col("name"), "m")).as("n"), array_contains(split(col("name"), "-"), "1").as("one"))
                .collectAsList();
        assertThat(rows.get(0).<String>getList(0)).containsExactly("emp", "0");
        assertThat(rows.get(1).<String>getList(1)).containsExactly("e", "m", "p-1");
        assertThat(rows.get(1).getInt(2)).isEqualTo(2);
        assertThat(rows.get(1).getBoolean(3)).isTrue();
        assertThat(rows.get(2).getBoolean(3)).isFalse();
        assertThat(emp.select(split(col("name"), "-")).columns()).containsExactly("split(name, -, -1)");
        List<Row> conditional = emp.filter(col("id").lt(4)).orderBy(col("id"))
                .select(functions.when(col("id").lt(2), split(col("name"), "-")).as("w")).collectAsList();
        assertThat(conditional.get(1).<String>getList(0)).containsExactly("emp", "1");
        assertThat(conditional.get(3).getList(0)).isNull();
    }

    @Test
    void showPrintsArraysAsSpark4() {
        StructType schema = new StructType(List.of()).add("a", new ArrayType(DataTypes.StringType, true))
                .add("n", new ArrayType(new ArrayType(DataTypes.DoubleType, true), true));
        List<Row> rows = List.of(Row.of(Arrays.asList("a", null, "c"), List.of(List.of(1.5), Arrays.asList(null, 2.0))),
                Row.of(List.of(), null));
        assertThat(ShowString.format(schema, rows, 20, 20, false, ZoneOffset.UTC)).isEqualTo("""
                +------------+--------------------+
                |           a|                   n|
                +------------+--------------------+
                |[a, NULL, c]|[[1.5], [NULL, 2.0]]|
                |          []|                NULL|
                +------------+--------------------+
                """);
    }
}
