package io.updraft.sql;

import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.element_at;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.map;
import static io.updraft.sql.functions.map_keys;
import static io.updraft.sql.functions.map_values;
import static io.updraft.sql.functions.named_struct;
import static io.updraft.sql.functions.struct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Struct and map columns through the Dataset API and SQL (local[2], real shuffles): Spark's types and names,
 * Row.getStruct / getMap / getAs(name), field access, map functions, struct grouping keys, show().
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NestedTypesTest {
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
    void structsHaveSparksTypesRowsAndFieldAccess() {
        Dataset<Row> s = emp.select(col("id"), struct(col("name"), col("dept")).alias("s"),
                named_struct(lit("n"), col("id"), lit("m"), lit("x")).alias("t")).orderBy("id");
        StructType schema = s.schema();
        assertThat(schema.get(1).dataType()).isEqualTo(new StructType(List.of()).add("name", DataTypes.StringType)
                .add("dept", DataTypes.StringType));
        assertThat(schema.get(1).nullable()).isFalse();
        Row first = s.collectAsList().get(0);
        Row struct = first.getStruct(1);
        assertThat(struct.<String>getAs("name")).isEqualTo(first.getStruct(1).getString(0));
        assertThat(first.getStruct(2).getString(1)).isEqualTo("x");
        List<Row> fields = s.select(col("s.name"), col("s").getField("dept"), col("t.n")).collectAsList();
        assertThat(fields.get(0).getString(0)).isEqualTo(struct.getString(0));
        assertThat(fields.get(0).getString(1)).isEqualTo(struct.getString(1));
        assertThat(fields.get(0).getInt(2)).isEqualTo(first.getInt(0));
        assertThatThrownBy(() -> s.select(col("s.nope")).collectAsList()).hasMessageContaining("FIELD_NOT_FOUND");
    }

    @Test
    void mapsHaveSparksTypesRowsAndLookups() {
        Dataset<Row> m = emp.select(col("id"), map(lit("id"), col("id"), lit("two"), lit(2)).alias("m"))
                .orderBy("id");
        // Spark's valueContainsNull: some value expression is nullable (the id column is)
        assertThat(m.schema().get(1).dataType()).isEqualTo(new MapType(DataTypes.StringType, DataTypes.IntegerType,
                true));
        Row first = m.collectAsList().get(0);
        Map<String, Integer> value = first.getMap(1);
        assertThat(value).containsExactly(Map.entry("id", first.getInt(0)), Map.entry("two", 2));
        Row looked = m.select(element_at(col("m"), "two"), col("m").getItem("none"), map_keys(col("m")),
                map_values(col("m"))).collectAsList().get(0);
        assertThat(looked.getInt(0)).isEqualTo(2);
        assertThat(looked.isNullAt(1)).isTrue();
        assertThat(looked.<String>getList(2)).containsExactly("id", "two");
        assertThat(looked.<Integer>getList(3)).containsExactly(first.getInt(0), 2);
        assertThat(m.select(map_keys(col("m"))).schema().get(0).dataType())
                .isEqualTo(new ArrayType(DataTypes.StringType, false));
    }

    @Test
    void structKeysGroupAndSqlShowsNestedValues() {
        long groups = emp.groupBy(struct(col("dept")).alias("k")).count().count();
        assertThat(groups).isEqualTo(emp.select("dept").distinct().count());
        t.spark.sql("SELECT named_struct('a', 1, 'b', 'x') AS s, map('k', 1.5D, 'j', NULL) AS m,"
                + " named_struct('a', 1).a AS f, map('k', 1)['k'] AS v").show();
        String shown = t.spark.sql("SELECT named_struct('a', 1, 'b', 'x') AS s, map('k', 1.5D, 'j', NULL) AS m,"
                + " named_struct('a', 1, 'b', 'y').b AS f, map('k', 1)['k'] AS v").showString(20, 0);
        assertThat(shown).contains("{1, x}").contains("{k -> 1.5, j -> NULL}");
    }
}
