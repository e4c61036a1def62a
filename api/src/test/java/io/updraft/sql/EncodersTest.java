package io.updraft.sql;

import io.updraft.api.java.function.MapFunction;
import io.updraft.sql.typed.Inner;
import io.updraft.sql.typed.Outer;
import io.updraft.sql.typed.Point;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.updraft.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Encoders FLOAT, SHORT, BYTE, BINARY, javaSerialization, kryo, nested beans and tuples of beans, in local mode
 * (every typed map runs in the tasks). The expected schemas are Spark 4.2's, printed by bench-spark's
 * {@code DatasetSurfaceProbe} (run live).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EncodersTest {
    private UpdraftSession spark;

    @BeforeAll
    void start() {
        spark = UpdraftSession.builder().master("local[2]").config("spark.ui.showConsoleProgress", "false").create();
    }

    @AfterAll
    void stop() {
        spark.stop();
    }

    @Test
    void smallTypesAndBinaryAreSingleValues() {
        assertThat(Encoders.FLOAT().schema().simpleString()).isEqualTo("struct<value:float>");
        assertThat(Encoders.SHORT().schema().simpleString()).isEqualTo("struct<value:smallint>");
        assertThat(Encoders.BYTE().schema().simpleString()).isEqualTo("struct<value:tinyint>");
        assertThat(Encoders.BINARY().schema().simpleString()).isEqualTo("struct<value:binary>");
        assertThat(Encoders.FLOAT().schema().get(0).nullable()).isTrue();

        Dataset<Float> floats = spark.createDataset(Arrays.asList(1.5f, null, -2.25f), Encoders.FLOAT());
        assertThat(floats.map((MapFunction<Float, Float>) f -> f == null ? null : f * 2, Encoders.FLOAT())
                .collectAsList()).containsExactly(3.0f, null, -4.5f);
        Dataset<Short> shorts = spark.createDataset(List.of((short) 7, (short) -3), Encoders.SHORT());
        assertThat(shorts.map((MapFunction<Short, Integer>) s -> s + 1, Encoders.INT()).collectAsList())
                .containsExactly(8, -2);
        Dataset<Byte> bytes = spark.createDataset(List.of((byte) 1, (byte) 127), Encoders.BYTE());
        assertThat(bytes.collectAsList()).containsExactly((byte) 1, (byte) 127);
        assertThat(bytes.as(Encoders.LONG()).collectAsList()).containsExactly(1L, 127L);   // tinyint up-casts
        Dataset<byte[]> binary = spark.createDataset(List.of(new byte[] {1, (byte) 0xFF}, new byte[0]),
                Encoders.BINARY());
        List<byte[]> back = binary.map((MapFunction<byte[], byte[]>) b -> b, Encoders.BINARY()).collectAsList();
        assertThat(back.get(0)).containsExactly(1, 0xFF);
        assertThat(back.get(1)).isEmpty();
        assertThat(binary.showString(20, 20)).contains("[01 FF]");
    }

    @Test
    void javaSerializationAndKryoAreOneBinaryColumn() {
        List<Point> points = List.of(new Point(1, "a"), new Point(2, null));
        for (Encoder<Point> encoder : List.of(Encoders.javaSerialization(Point.class), Encoders.kryo(Point.class))) {
            assertThat(encoder.schema().simpleString()).isEqualTo("struct<value:binary>");
            assertThat(encoder.schema().get(0).nullable()).isTrue();
            Dataset<Point> ds = spark.createDataset(points, encoder);
            assertThat(ds.schema().simpleString()).isEqualTo("struct<value:binary>");
            Dataset<Point> moved = ds.map((MapFunction<Point, Point>) p -> new Point(p.x() * 10, "m" + p.x()),
                    encoder);
            assertThat(moved.collectAsList()).containsExactly(new Point(10, "m1"), new Point(20, "m2"));
            assertThat(ds.collectAsList()).isEqualTo(points);
        }
        assertThatThrownBy(() -> Encoders.javaSerialization(Object.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not Serializable");
        assertThatThrownBy(() -> spark.createDataset(List.of(1), Encoders.INT()).as(Encoders.kryo(Point.class)))
                .hasMessageContaining("CANNOT_UP_CAST_DATATYPE");
    }

    /** Spark 4.2's {@code Encoders.bean(Outer.class).schema()}, with each field's nullability (probe output). */
    @Test
    void nestedBeanSchemaIsSparks() {
        StructType schema = Encoders.bean(Outer.class).schema();
        assertThat(schema.simpleString()).isEqualTo("struct<b:tinyint,bytes:binary,f:float,inner:struct<n:int,"
                + "s:string>,inners:array<struct<n:int,s:string>>,longs:array<bigint>,m:map<string,int>,name:string,"
                + "sh:smallint,tags:array<string>>");
        List<Boolean> nullable = schema.fieldList().stream().map(StructField::nullable).toList();
        assertThat(nullable).containsExactly(false, true, false, true, true, true, true, true, true, true);
        StructType inner = (StructType) schema.get(3).dataType();
        assertThat(inner.get(0).nullable()).isFalse();
        assertThat(inner.get(1).nullable()).isTrue();
        assertThat(((ArrayType) schema.get(4).dataType()).containsNull()).isTrue();
        assertThat(((ArrayType) schema.get(5).dataType()).containsNull()).isFalse();
        assertThat(((io.updraft.sql.types.MapType) schema.get(6).dataType()).valueContainsNull()).isTrue();
        assertThat(Encoders.tuple(Encoders.bean(Inner.class), Encoders.INT()).schema().simpleString())
                .isEqualTo("struct<_1:struct<n:int,s:string>,_2:int>");
    }

    @Test
    void nestedBeansTravelThroughTheTasks() {
        Outer a = outer("a", new Inner(1, "x"), List.of(new Inner(2, "y"), new Inner(3, null)));
        Outer b = outer("b", null, null);
        Dataset<Outer> ds = spark.createDataset(List.of(a, b), Encoders.bean(Outer.class));
        assertThat(ds.collectAsList()).containsExactly(a, b);
        Dataset<Outer> mapped = ds.map((MapFunction<Outer, Outer>) o -> {
            o.setName(o.getName().toUpperCase());
            return o;
        }, Encoders.bean(Outer.class));
        List<Outer> back = mapped.collectAsList();
        assertThat(back.get(0).getInner()).isEqualTo(new Inner(1, "x"));
        assertThat(back.get(0).getInners()).containsExactly(new Inner(2, "y"), new Inner(3, null));
        assertThat(back.get(0).getName()).isEqualTo("A");
        assertThat(back.get(1).getInner()).isNull();
        assertThat(ds.select(col("inner.s"), col("inner.n")).collectAsList().toString())
                .isEqualTo("[[x,1], [null,null]]");
        assertThat(spark.createDataFrame(List.of(a), Outer.class).select("inner").collectAsList().get(0)
                .getStruct(0).getAs("s").toString()).isEqualTo("x");

        Dataset<Tuple2<Inner, Integer>> pairs = spark.createDataset(List.of(new Tuple2<>(new Inner(5, "p"), 9),
                new Tuple2<>((Inner) null, 1)), Encoders.tuple(Encoders.bean(Inner.class), Encoders.INT()));
        assertThat(pairs.map((MapFunction<Tuple2<Inner, Integer>, String>) t -> t._1() + "/" + t._2(),
                Encoders.STRING()).collectAsList()).containsExactly("Inner(5, p)/9", "null/1");
    }

    @Test
    void aBeanReachingItselfIsRefused() {
        assertThatThrownBy(() -> Encoders.bean(Cyclic.class)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("[CIRCULAR_CLASS_REFERENCE]").hasMessageContaining(Cyclic.class.getName());
    }

    /** A bean whose property is itself. */
    public static class Cyclic {
        public Cyclic getNext() {
            return null;
        }

        public void setNext(Cyclic next) {
        }
    }

    private static Outer outer(String name, Inner inner, List<Inner> inners) {
        Outer o = new Outer();
        o.setName(name);
        o.setInner(inner);
        o.setInners(inners == null ? null : new ArrayList<>(inners));
        o.setLongs(new long[] {1, 2});
        o.setTags(Arrays.asList("t", null));
        o.setF(1.5f);
        o.setSh((short) 3);
        o.setB((byte) 4);
        o.setBytes(new byte[] {9});
        o.setM(Map.of("k", 1));
        return o;
    }
}
