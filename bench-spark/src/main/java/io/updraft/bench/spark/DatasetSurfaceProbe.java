package io.updraft.bench.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import scala.Tuple2;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.apache.spark.sql.functions.col;

/**
 * Prints what Spark 4.2 gives for the parts of the Dataset surface that SQL cannot show (encoder schemas, joinWith's
 * schema, toJSON's text, unpivot's names and order, seeded samples): the expected values of api's
 * {@code DatasetSurfaceTest} were taken from this output, and bench's {@code DatasetSurfaceVsSparkTest} runs it as a
 * child JVM and compares every line with Updraft's. Prints one {@code key<TAB>value} line per check.
 */
public final class DatasetSurfaceProbe {
    private DatasetSurfaceProbe() {
    }

    /** A bean with a nested bean, a list of beans, an array and small types. */
    public static class Inner implements Serializable {
        private int n;
        private String s;
        public int getN() { return n; }
        public void setN(int n) { this.n = n; }
        public String getS() { return s; }
        public void setS(String s) { this.s = s; }
    }

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

    public static void main(String[] args) {
        SparkSession spark = SparkSession.builder().master("local[2]").appName("probe")
                .config("spark.sql.shuffle.partitions", "4").config("spark.ui.enabled", "false")
                .config("spark.sql.session.timeZone", "UTC").getOrCreate();
        spark.sparkContext().setLogLevel("ERROR");
        out("bean", describe(Encoders.bean(Outer.class).schema()));
        out("javaSerialization", describe(Encoders.javaSerialization(Inner.class).schema()));
        out("kryo", describe(Encoders.kryo(Inner.class).schema()));
        out("FLOAT", describe(Encoders.FLOAT().schema()));
        out("SHORT", describe(Encoders.SHORT().schema()));
        out("BYTE", describe(Encoders.BYTE().schema()));
        out("BINARY", describe(Encoders.BINARY().schema()));
        out("tupleOfBeans", describe(Encoders.tuple(Encoders.bean(Inner.class), Encoders.INT()).schema()));
        Dataset<Row> range = spark.range(0, 10, 3, 2).toDF();
        out("range.schema", describe(range.schema()));
        out("range.rows", range.collectAsList());
        out("range.forms", spark.range(5).collectAsList() + " " + spark.range(3, 6).collectAsList() + " "
                + spark.range(10, 0, -4).collectAsList());

        Dataset<Row> l = spark.sql("SELECT * FROM VALUES (1, 'a'), (2, 'b'), (3, 'c') AS l(id, v)");
        Dataset<Row> r = spark.sql("SELECT * FROM VALUES (1, 10.5D), (3, 30.0D), (4, 40.0D) AS r(id, w)");
        Dataset<Tuple2<Row, Row>> jw = l.joinWith(r, l.col("id").equalTo(r.col("id")), "left_outer");
        out("joinWith.leftOuter.schema", describe(jw.schema()));
        out("joinWith.leftOuter.rows", jw.toDF().orderBy(col("_1.id")).collectAsList());
        Dataset<Integer> ints = spark.createDataset(Arrays.asList(1, 2, 3), Encoders.INT());
        Dataset<Integer> ints2 = spark.createDataset(Arrays.asList(2, 3, 4), Encoders.INT());
        Dataset<Tuple2<Integer, Integer>> jwi = ints.joinWith(ints2, ints.col("value").equalTo(ints2.col("value")),
                "full_outer");
        out("joinWith.intsFull.schema", describe(jwi.schema()));
        out("joinWith.intsFull.rows", jwi.toDF().orderBy(col("_1"), col("_2")).collectAsList());
        out("joinWith.intsInner.schema", describe(ints.joinWith(ints2, ints.col("value").equalTo(ints2.col("value")))
                .schema()));

        Dataset<Row> typed = spark.sql("SELECT 1 AS i, CAST(2 AS BIGINT) AS l, 1.5D AS d, CAST(2.5 AS FLOAT) AS f,"
                + " CAST(3 AS TINYINT) AS t, CAST(4 AS SMALLINT) AS s, CAST(1.50 AS DECIMAL(5,2)) AS dec, 'x\"y' AS str,"
                + " CAST(NULL AS STRING) AS n, true AS b, DATE '2024-01-02' AS dt,"
                + " TIMESTAMP '2024-01-02 03:04:05.123' AS ts, array(1, NULL) AS arr, named_struct('a', 1, 'b', 'z') AS st,"
                + " map('k', 1.0D) AS m, X'01FF' AS bin, CAST('NaN' AS DOUBLE) AS nan, 1.0E10D AS big");
        out("toJSON", typed.toJSON().collectAsList());

        Dataset<Row> wide = spark.sql("SELECT * FROM VALUES (1, 11, 12L), (2, 21, NULL) AS t(id, a, b)");
        Dataset<Row> unp = wide.unpivot(new org.apache.spark.sql.Column[] {col("id")},
                new org.apache.spark.sql.Column[] {col("a"), col("b")}, "var", "val");
        out("unpivot.schema", describe(unp.schema()));
        out("unpivot.rows", unp.collectAsList());
        Dataset<Row> melt = wide.melt(new org.apache.spark.sql.Column[] {col("id")}, "variable", "value");
        out("melt.schema", describe(melt.schema()));
        out("melt.rows", melt.collectAsList());

        Dataset<Row> hundred = spark.range(0, 100, 1, 1).toDF();
        out("sample", hundred.sample(0.1, 7).collectAsList());
        out("sampleWithReplacement", hundred.sample(true, 0.1, 7).collectAsList());
        Dataset<Row> threeParts = spark.range(0, 100, 1, 3).toDF();
        out("sampleWithReplacement.half", threeParts.sample(true, 0.5, 42).collectAsList());
        out("sampleWithReplacement.twice", threeParts.sample(true, 2.0, 7).collectAsList());
        out("sampleWithReplacement.large", hundred.sample(true, 50.0, 3).groupBy("id").count().orderBy("id")
                .collectAsList());
        Dataset<Row>[] splits = hundred.randomSplit(new double[] {0.5, 0.5}, 7);
        out("randomSplit", splits[0].count() + " " + splits[1].count() + " " + splits[0].collectAsList());
        Dataset<Row> pairs = spark.sql("SELECT * FROM VALUES (1, 'a'), (1, 'b'), (2, 'a'), (1, 'a') AS t(x, y)");
        Dataset<Row> fi = pairs.stat().freqItems(new String[] {"x", "y"}, 0.4);
        out("freqItems.schema", describe(fi.schema()));
        out("freqItems.rows", sortedLists(fi.collectAsList().get(0)));
        out("freqItems.default", sortedLists(pairs.stat().freqItems(new String[] {"x"}).collectAsList().get(0)));
        Dataset<Row> sb = hundred.withColumn("k", col("id").mod(3)).stat()
                .sampleBy("k", Map.of(0L, 0.5, 1L, 0.0), 7);
        out("sampleBy.schema", describe(sb.schema()));
        out("sampleBy.rows", sb.collectAsList());
        Dataset<Row> cr = spark.sql("SELECT 1 AS a1, 2 AS a2, 3 AS b");
        out("colRegex", describe(cr.select(cr.colRegex("`a.*`")).schema()));
        out("sortWithinPartitions", spark.range(0, 6, 1, 2).toDF().sortWithinPartitions(col("id").desc())
                .collectAsList());
        spark.stop();
    }

    private static void out(String key, Object value) {
        System.out.println(key + "\t" + value);
    }

    /** A Row of arrays with each array's items sorted, as text ([1, 2] per column). */
    private static String sortedLists(Row row) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < row.size(); i++) {
            List<Object> items = new java.util.ArrayList<>(row.getList(i));
            items.sort(java.util.Comparator.comparing(String::valueOf));
            s.append(i == 0 ? "" : " ").append(items);
        }
        return s.toString();
    }

    /** The simple string with every nullability: fields as name:nullable, array elements and map values too. */
    static String describe(StructType schema) {
        return schema.simpleString() + " " + nullability(schema);
    }

    private static String nullability(org.apache.spark.sql.types.DataType type) {
        if (type instanceof StructType s) {
            StringBuilder b = new StringBuilder("{");
            for (int i = 0; i < s.fields().length; i++) {
                org.apache.spark.sql.types.StructField f = s.fields()[i];
                b.append(i == 0 ? "" : ",").append(f.name()).append(':').append(f.nullable())
                        .append(nullability(f.dataType()));
            }
            return b.append('}').toString();
        }
        if (type instanceof org.apache.spark.sql.types.ArrayType a) {
            return "[" + a.containsNull() + nullability(a.elementType()) + "]";
        }
        if (type instanceof org.apache.spark.sql.types.MapType m) {
            return "<" + m.valueContainsNull() + nullability(m.valueType()) + ">";
        }
        return "";
    }
}
