package io.updraft.bench;

import io.updraft.sql.Column;
import io.updraft.sql.Dataset;
import io.updraft.sql.Encoders;
import io.updraft.sql.Row;
import io.updraft.sql.Tuple2;
import io.updraft.sql.UpdraftSession;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.updraft.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 10's Dataset surface against Apache Spark 4.2 run live: bench-spark's {@code DatasetSurfaceProbe} runs in a
 * child JVM (as the Spark-semantics cases do) and prints one {@code key<TAB>value} line per check — encoder
 * schemas with every nullability, range, joinWith's schema and rows, toJSON's text, unpivot/melt, seeded samples,
 * randomSplit, freqItems, sampleBy, colRegex, sortWithinPartitions — and this test computes each with Updraft
 * (same inputs, same partitioning) and compares the text. {@link #DIFFERENT} lists the checks that differ on
 * purpose, with why; each is asserted to differ, so a change is noticed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DatasetSurfaceVsSparkTest {
    /** Checks whose Updraft text differs from Spark's, and why (see the api README). */
    static final Map<String, String> DIFFERENT = Map.of();

    private UpdraftSession updraft;
    private Map<String, String> spark;

    @BeforeAll
    void run() throws Exception {
        Path home = Path.of("").toAbsolutePath().getParent();
        SparkRunner runner = new SparkRunner(home, List.of());
        if (!Files.isRegularFile(runner.moduleDir().resolve("pom.xml"))) {
            fail("DatasetSurfaceVsSparkTest needs the checkout's bench-spark module next to bench (looked in "
                    + runner.moduleDir() + ")");
        }
        Path work = Path.of("target", "dataset-surface").toAbsolutePath();
        runner.ensureBuilt(System.out, work.resolve("spark-build.log"));
        spark = new LinkedHashMap<>();
        for (String line : runner.runProbe("io.updraft.bench.spark.DatasetSurfaceProbe", work.resolve("spark.log"))) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                spark.put(line.substring(0, tab), line.substring(tab + 1));
            }
        }
        updraft = UpdraftSession.builder().master("local[2]").config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.session.timeZone", "UTC").config("spark.ui.showConsoleProgress", "false").create();
    }

    @AfterAll
    void stop() {
        if (updraft != null) {
            updraft.stop();
        }
    }

    @Test
    void everyCheckPrintsWhatSparkPrints() {
        Map<String, String> ours = updraftChecks();
        assertThat(spark.keySet()).as("the probe's checks").containsExactlyInAnyOrderElementsOf(ours.keySet());
        List<String> mismatches = new ArrayList<>();
        for (Map.Entry<String, String> e : ours.entrySet()) {
            boolean same = e.getValue().equals(spark.get(e.getKey()));
            if (same == DIFFERENT.containsKey(e.getKey())) {
                mismatches.add(e.getKey() + (same ? ": now equal to Spark's, drop it from DIFFERENT" : "\n  spark:   "
                        + spark.get(e.getKey()) + "\n  updraft: " + e.getValue()));
            }
        }
        assertThat(mismatches).as("checks against Spark 4.2").isEmpty();
    }

    private Map<String, String> updraftChecks() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("bean", describe(Encoders.bean(Outer.class).schema()));
        out.put("javaSerialization", describe(Encoders.javaSerialization(Inner.class).schema()));
        out.put("kryo", describe(Encoders.kryo(Inner.class).schema()));
        out.put("FLOAT", describe(Encoders.FLOAT().schema()));
        out.put("SHORT", describe(Encoders.SHORT().schema()));
        out.put("BYTE", describe(Encoders.BYTE().schema()));
        out.put("BINARY", describe(Encoders.BINARY().schema()));
        out.put("tupleOfBeans", describe(Encoders.tuple(Encoders.bean(Inner.class), Encoders.INT()).schema()));
        Dataset<Row> range = updraft.range(0, 10, 3, 2).toDF();
        out.put("range.schema", describe(range.schema()));
        out.put("range.rows", range.collectAsList().toString());
        out.put("range.forms", updraft.range(5).collectAsList() + " " + updraft.range(3, 6).collectAsList() + " "
                + updraft.range(10, 0, -4).collectAsList());

        Dataset<Row> l = values("id int not null, v string not null", new Object[] {1, "a"}, new Object[] {2, "b"},
                new Object[] {3, "c"}).as("l");
        Dataset<Row> r = values("id int not null, w double not null", new Object[] {1, 10.5}, new Object[] {3, 30.0},
                new Object[] {4, 40.0}).as("r");
        Dataset<Tuple2<Row, Row>> jw = l.joinWith(r, col("l.id").equalTo(col("r.id")), "left_outer");
        out.put("joinWith.leftOuter.schema", describe(jw.schema()));
        out.put("joinWith.leftOuter.rows", jw.toDF().orderBy(col("_1.id")).collectAsList().toString());
        Dataset<Integer> ints = updraft.createDataset(Arrays.asList(1, 2, 3), Encoders.INT()).as("a");
        Dataset<Integer> ints2 = updraft.createDataset(Arrays.asList(2, 3, 4), Encoders.INT()).as("b");
        Dataset<Tuple2<Integer, Integer>> jwi = ints.joinWith(ints2, col("a.value").equalTo(col("b.value")),
                "full_outer");
        out.put("joinWith.intsFull.schema", describe(jwi.schema()));
        out.put("joinWith.intsFull.rows", jwi.toDF().orderBy(col("_1"), col("_2")).collectAsList().toString());
        out.put("joinWith.intsInner.schema", describe(ints.joinWith(ints2, col("a.value").equalTo(col("b.value")))
                .schema()));

        StructType typed = StructType.fromDDL("i int, l bigint, d double, f float, t tinyint, s smallint,"
                + " dec decimal(5,2), str string, n string, b boolean, dt date, ts timestamp, arr array<int>,"
                + " st struct<a:int,b:string>, m map<string,double>, bin binary, nan double, big double");
        Row st = Row.withSchema((StructType) typed.get(13).dataType(), new Object[] {1, "z"});
        Row row = Row.of(1, 2L, 1.5, 2.5f, (byte) 3, (short) 4, new BigDecimal("1.50"), "x\"y", null, true,
                Date.valueOf("2024-01-02"), Timestamp.from(Instant.parse("2024-01-02T03:04:05.123Z")),
                Arrays.asList(1, null), st, Map.of("k", 1.0), new byte[] {1, (byte) 0xFF}, Double.NaN, 1.0E10);
        out.put("toJSON", updraft.createDataFrame(List.of(row), typed).toJSON().collectAsList().toString());

        Dataset<Row> wide = values("id int not null, a int not null, b bigint", new Object[] {1, 11, 12L},
                new Object[] {2, 21, null});
        Dataset<Row> unp = wide.unpivot(new Column[] {col("id")}, new Column[] {col("a"), col("b")}, "var", "val");
        out.put("unpivot.schema", describe(unp.schema()));
        out.put("unpivot.rows", unp.collectAsList().toString());
        Dataset<Row> melt = wide.melt(new Column[] {col("id")}, "variable", "value");
        out.put("melt.schema", describe(melt.schema()));
        out.put("melt.rows", melt.collectAsList().toString());

        Dataset<Row> hundred = updraft.range(0, 100, 1, 1).toDF();
        out.put("sample", hundred.sample(0.1, 7).collectAsList().toString());
        out.put("sampleWithReplacement", hundred.sample(true, 0.1, 7).collectAsList().toString());
        Dataset<Row> threeParts = updraft.range(0, 100, 1, 3).toDF();
        out.put("sampleWithReplacement.half", threeParts.sample(true, 0.5, 42).collectAsList().toString());
        out.put("sampleWithReplacement.twice", threeParts.sample(true, 2.0, 7).collectAsList().toString());
        out.put("sampleWithReplacement.large", hundred.sample(true, 50.0, 3).groupBy("id").count().orderBy("id")
                .collectAsList().toString());
        Dataset<Row>[] splits = hundred.randomSplit(new double[] {0.5, 0.5}, 7);
        out.put("randomSplit", splits[0].count() + " " + splits[1].count() + " " + splits[0].collectAsList());
        Dataset<Row> pairs = values("x int not null, y string not null", new Object[] {1, "a"}, new Object[] {1, "b"},
                new Object[] {2, "a"}, new Object[] {1, "a"});
        Dataset<Row> fi = pairs.stat().freqItems(new String[] {"x", "y"}, 0.4);
        out.put("freqItems.schema", describe(fi.schema()));
        out.put("freqItems.rows", sortedLists(fi.collectAsList().get(0)));
        out.put("freqItems.default", sortedLists(pairs.stat().freqItems(new String[] {"x"}).collectAsList().get(0)));
        Dataset<Row> sb = hundred.withColumn("k", col("id").mod(3)).stat()
                .sampleBy("k", Map.of(0L, 0.5, 1L, 0.0), 7);
        out.put("sampleBy.schema", describe(sb.schema()));
        out.put("sampleBy.rows", sb.collectAsList().toString());
        Dataset<Row> cr = updraft.sql("SELECT 1 AS a1, 2 AS a2, 3 AS b");
        out.put("colRegex", describe(cr.select(cr.colRegex("`a.*`")).schema()));
        out.put("sortWithinPartitions", updraft.range(0, 6, 1, 2).toDF().sortWithinPartitions(col("id").desc())
                .collectAsList().toString());
        return out;
    }

    private Dataset<Row> values(String ddl, Object[]... rows) {
        List<Row> list = new ArrayList<>();
        for (Object[] r : rows) {
            list.add(Row.of(r));
        }
        return updraft.createDataFrame(list, StructType.fromDDL(ddl));
    }

    private static String sortedLists(Row row) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < row.size(); i++) {
            List<Object> items = new ArrayList<>(row.getList(i));
            items.sort(Comparator.comparing(String::valueOf));
            s.append(i == 0 ? "" : " ").append(items);
        }
        return s.toString();
    }

    /** As the probe's: the simple string with every nullability. */
    static String describe(StructType schema) {
        return schema.simpleString() + " " + nullability(schema);
    }

    private static String nullability(DataType type) {
        if (type instanceof StructType s) {
            StringBuilder b = new StringBuilder("{");
            for (int i = 0; i < s.size(); i++) {
                StructField f = s.get(i);
                b.append(i == 0 ? "" : ",").append(f.name()).append(':').append(f.nullable())
                        .append(nullability(f.dataType()));
            }
            return b.append('}').toString();
        }
        if (type instanceof ArrayType a) {
            return "[" + a.containsNull() + nullability(a.elementType()) + "]";
        }
        if (type instanceof MapType m) {
            return "<" + m.valueContainsNull() + nullability(m.valueType()) + ">";
        }
        return "";
    }

    /** The probe's Inner. */
    public static class Inner implements Serializable {
        private int n;
        private String s;
        public int getN() { return n; }
        public void setN(int n) { this.n = n; }
        public String getS() { return s; }
        public void setS(String s) { this.s = s; }
    }

    /** The probe's Outer. */
    public static class Outer implements Serializable {
        private String name;
        private Inner inner;
        private List<Inner> inners;
        private long[] longs;
        private List<String> tags;
        private float f;
        private Short sh;
        private byte b;
        private byte[] bytes;
        private Map<String, Integer> m;
        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public Inner getInner() { return inner; }
        public void setInner(Inner inner) { this.inner = inner; }
        public List<Inner> getInners() { return inners; }
        public void setInners(List<Inner> inners) { this.inners = inners; }
        public long[] getLongs() { return longs; }
        public void setLongs(long[] longs) { this.longs = longs; }
        public List<String> getTags() { return tags; }
        public void setTags(List<String> tags) { this.tags = tags; }
        public float getF() { return f; }
        public void setF(float f) { this.f = f; }
        public Short getSh() { return sh; }
        public void setSh(Short sh) { this.sh = sh; }
        public byte getB() { return b; }
        public void setB(byte b) { this.b = b; }
        public byte[] getBytes() { return bytes; }
        public void setBytes(byte[] bytes) { this.bytes = bytes; }
        public Map<String, Integer> getM() { return m; }
        public void setM(Map<String, Integer> m) { this.m = m; }
    }
}
