package io.updraft.sql.types;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Project;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskSpec;
import io.updraft.core.value.Casts;
import io.updraft.core.value.Values;
import io.updraft.core.error.UpdraftException;
import io.updraft.sql.Row;
import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** tinyint, smallint, float, binary, map and struct: Spark's names, parsing, JSON, printSchema, casts, order. */
class NestedTypesTest {
    private static final StructType POINT = new StructType(List.of())
            .add("x", DataTypes.IntegerType, false).add("odd name`", DataTypes.StringType);
    private static final MapType COUNTS = DataTypes.createMapType(DataTypes.StringType, DataTypes.LongType, false);

    @Test
    void namesAreSparks() {
        assertThat(List.of(DataTypes.ByteType, DataTypes.ShortType, DataTypes.FloatType, DataTypes.BinaryType)
                .stream().map(t -> t.simpleString() + "/" + t.typeName() + "/" + t).toList())
                .containsExactly("tinyint/byte/ByteType", "smallint/short/ShortType", "float/float/FloatType",
                        "binary/binary/BinaryType");
        assertThat(COUNTS.simpleString()).isEqualTo("map<string,bigint>");
        assertThat(COUNTS.typeName()).isEqualTo("map");
        assertThat(COUNTS.toString()).isEqualTo("MapType(StringType,LongType,false)");
        assertThat(POINT.simpleString()).isEqualTo("struct<x:int,odd name`:string>");
        assertThat(POINT.typeName()).isEqualTo("struct");
        assertThat(POINT.toString())
                .isEqualTo("StructType(StructField(x,IntegerType,false),StructField(odd name`,StringType,true))");
        assertThat(DataTypes.ByteType.isIntegral()).isTrue();
        assertThat(DataTypes.FloatType.isNumeric()).isTrue();
        assertThat(DataTypes.BinaryType.isNumeric()).isFalse();
    }

    @Test
    void parseReadsJsonStringsOfEveryNesting() {
        DataType nested = new ArrayType(new MapType(DataTypes.StringType,
                new StructType(List.of()).add("p", POINT, false).add("b", DataTypes.BinaryType), true), false);
        for (DataType t : List.of(POINT, COUNTS, nested, DataTypes.ByteType, DataTypes.ShortType,
                DataTypes.FloatType, DataTypes.BinaryType, new StructType())) {
            assertThat(DataType.parse(t.jsonString())).as(t.jsonString()).isEqualTo(t);
        }
        assertThat(DataType.parse("STRUCT<a: INT NOT NULL, b: array<smallint>>")).isEqualTo(new StructType(List.of())
                .add("a", DataTypes.IntegerType, false).add("b", DataTypes.createArrayType(DataTypes.ShortType)));
        assertThat(DataType.parse("map<string, tinyint>"))
                .isEqualTo(DataTypes.createMapType(DataTypes.StringType, DataTypes.ByteType));
        assertThatThrownBy(() -> DataType.parse("map<string>")).hasMessageContaining("map<string>");
        assertThatThrownBy(() -> DataType.parse("struct<a int")).hasMessageContaining("expected '>'");
    }

    @Test
    void nestedTypesSurviveTheTaskCodec() {
        StructType schema = new StructType(List.of()).add("p", POINT).add("m", COUNTS, false)
                .add("b", DataTypes.BinaryType).add("t", DataTypes.ByteType).add("f", DataTypes.FloatType);
        Project project = new Project(new InlineBatches(schema, List.of()), List.of(
                new ColumnRef(0, POINT, true), new ColumnRef(1, COUNTS, false),
                new Literal(DataTypes.BinaryType, new byte[] {1, (byte) 0xff}),
                new Literal(DataTypes.ByteType, (byte) -3), new Literal(DataTypes.ShortType, (short) 300),
                new Literal(DataTypes.FloatType, 1.5f)), List.of("p", "m", "b", "t", "s", "f"));
        TaskSpec spec = new TaskSpec("job", 1, 0, 0, project, Map.of());
        TaskSpec back = TaskCodec.decodeSpec(TaskCodec.encode(spec));
        Project read = (Project) back.plan();
        assertThat(read.child().schema()).isEqualTo(schema);
        assertThat(read.schema()).isEqualTo(project.schema());
        assertThat((byte[]) ((Literal) read.expressions().get(2)).value()).containsExactly(1, 0xff);
        assertThat(read.expressions().subList(3, 6)).isEqualTo(project.expressions().subList(3, 6));
    }

    @Test
    void printSchemaShowsMapAndStructLines() {
        StructType schema = new StructType(List.of()).add("p", POINT).add("m", COUNTS, false)
                .add("a", DataTypes.createArrayType(POINT));
        assertThat(schema.treeString()).isEqualTo("""
                root
                 |-- p: struct (nullable = true)
                 |    |-- x: integer (nullable = false)
                 |    |-- odd name`: string (nullable = true)
                 |-- m: map (nullable = false)
                 |    |-- key: string
                 |    |-- value: long (valueContainsNull = false)
                 |-- a: array (nullable = true)
                 |    |-- element: struct (containsNull = true)
                 |    |    |-- x: integer (nullable = false)
                 |    |    |-- odd name`: string (nullable = true)
                """);
    }

    @Test
    void narrowCastsAreSparksAnsiCasts() {
        ZoneOffset utc = ZoneOffset.UTC;
        assertThat(Casts.cast(100, DataTypes.IntegerType, DataTypes.ByteType, utc)).isEqualTo((byte) 100);
        assertThat(Casts.cast((byte) -1, DataTypes.ByteType, DataTypes.LongType, utc)).isEqualTo(-1L);
        assertThat(Casts.cast((short) 7, DataTypes.ShortType, DataTypes.StringType, utc)).isEqualTo("7");
        assertThat(Casts.cast(1.5f, DataTypes.FloatType, DataTypes.StringType, utc)).isEqualTo("1.5");
        assertThat(Casts.cast(0.1f, DataTypes.FloatType, DataTypes.DoubleType, utc)).isEqualTo((double) 0.1f);
        assertThat(Casts.cast("12", DataTypes.StringType, DataTypes.ShortType, utc)).isEqualTo((short) 12);
        assertThat((byte[]) Casts.cast("ab", DataTypes.StringType, DataTypes.BinaryType, utc)).containsExactly(97, 98);
        assertThatThrownBy(() -> Casts.cast(300, DataTypes.IntegerType, DataTypes.ByteType, utc))
                .isInstanceOf(UpdraftException.class).hasMessageContaining("300").hasMessageContaining("TINYINT");
        assertThatThrownBy(() -> Casts.cast("300", DataTypes.StringType, DataTypes.ByteType, utc))
                .isInstanceOf(UpdraftException.class).hasMessageContaining("'300'");
    }

    @Test
    void binariesAndFloatsOrderAsSpark() {
        assertThat(Values.compare(new byte[] {1, (byte) 0x80}, new byte[] {1, 2})).isPositive();
        assertThat(Values.compare(new byte[] {1}, new byte[] {1, 0})).isNegative();
        assertThat(Values.compare(Float.NaN, Float.POSITIVE_INFINITY)).isPositive();
        assertThat(Values.compare(-0.0f, 0.0f)).isZero();
    }

    @Test
    void rowGettersReturnNestedValues() {
        Row point = Row.withSchema(POINT, new Object[] {1, "a"});
        StructType schema = new StructType(List.of()).add("p", POINT).add("m", COUNTS)
                .add("t", DataTypes.ByteType).add("s", DataTypes.ShortType).add("f", DataTypes.FloatType);
        Row row = Row.withSchema(schema, new Object[] {point, Map.of("k", 2L), (byte) 1, (short) 2, 2.5f});
        assertThat(row.getStruct(0).getInt(0)).isEqualTo(1);
        assertThat(row.<Row>getAs("p").<String>getAs("odd name`")).isEqualTo("a");
        assertThat(row.<String, Long>getMap(1)).containsEntry("k", 2L);
        assertThat(row.getByte(2)).isEqualTo((byte) 1);
        assertThat(row.getShort(3)).isEqualTo((short) 2);
        assertThat(row.getFloat(4)).isEqualTo(2.5f);
        assertThatThrownBy(() -> row.getStruct(1)).isInstanceOf(ClassCastException.class).hasMessageContaining("not a struct");
        assertThat(Row.of(new byte[] {1})).isEqualTo(Row.of(new byte[] {1}));
    }
}
