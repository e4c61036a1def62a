package io.updraft.bench.spark;

import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
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
 * {@code DatasetSurfaceTest} were taken from this output. Run: {@code java -cp "$(cat bench-spark/target/classpath.txt):
 * bench-spark/target/classes" io.updraft.bench.spark.DatasetSurfaceProbe}.
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
        print("bean", Encoders.bean(Outer.class).schema());
        print("javaSerialization", Encoders.javaSerialization(Inner.class).schema());
        print("kryo", Encoders.kryo(Inner.class).schema());
        print("FLOAT", Encoders.FLOAT().schema());
        print("BINARY", Encoders.BINARY().schema());
        print("tupleOfBeans", Encoders.tuple(Encoders.bean(Inner.class), Encoders.INT()).schema());
        Dataset<Row> range = spark.range(0, 10, 3, 2).toDF();
        print("range", range.schema());
        System.out.println("range rows " + range.collectAsList());
        System.out.println("range1 " + spark.range(5).collectAsList() + " " + spark.range(3, 6).collectAsList()
                + " " + spark.range(10, 0, -4).collectAsList());

        Dataset<Row> l = spark.sql("SELECT * FROM VALUES (1, 'a'), (2, 'b'), (3, 'c') AS l(id, v)");
        Dataset<Row> r = spark.sql("SELECT * FROM VALUES (1, 10.5D), (3, 30.0D), (4, 40.0D) AS r(id, w)");
        Dataset<Tuple2<Row, Row>> jw = l.joinWith(r, l.col("id").equalTo(r.col("id")), "left_outer");
        print("joinWith left_outer", jw.schema());
        System.out.println("joinWith rows " + jw.toDF().orderBy(col("_1.id")).collectAsList());
        Dataset<Integer> ints = spark.createDataset(Arrays.asList(1, 2, 3), Encoders.INT());
        Dataset<Integer> ints2 = spark.createDataset(Arrays.asList(2, 3, 4), Encoders.INT());
        Dataset<Tuple2<Integer, Integer>> jwi = ints.joinWith(ints2, ints.col("value").equalTo(ints2.col("value")),
                "full_outer");
        print("joinWith ints full", jwi.schema());
        System.out.println("joinWith ints rows " + jwi.toDF().orderBy(col("_1"), col("_2")).collectAsList());
        print("joinWith ints inner", ints.joinWith(ints2, ints.col("value").equalTo(ints2.col("value"))).schema());

        Dataset<Row> typed = spark.sql("SELECT 1 AS i, CAST(2 AS BIGINT) AS l, 1.5D AS d, CAST(2.5 AS FLOAT) AS f,"
                + " CAST(3 AS TINYINT) AS t, CAST(4 AS SMALLINT) AS s, CAST(1.50 AS DECIMAL(5,2)) AS dec, 'x\"y' AS str,"
                + " CAST(NULL AS STRING) AS n, true AS b, DATE '2024-01-02' AS dt,"
                + " TIMESTAMP '2024-01-02 03:04:05.123' AS ts, array(1, NULL) AS arr, named_struct('a', 1, 'b', 'z') AS st,"
                + " map('k', 1.0D) AS m, X'01FF' AS bin, CAST('NaN' AS DOUBLE) AS nan, 1.0E10D AS big");
        System.out.println("toJSON " + typed.toJSON().collectAsList());

        Dataset<Row> wide = spark.sql("SELECT * FROM VALUES (1, 11, 12L), (2, 21, NULL) AS t(id, a, b)");
        Dataset<Row> unp = wide.unpivot(new org.apache.spark.sql.Column[] {col("id")},
                new org.apache.spark.sql.Column[] {col("a"), col("b")}, "var", "val");
        print("unpivot", unp.schema());
        System.out.println("unpivot rows " + unp.collectAsList());
        Dataset<Row> melt = wide.melt(new org.apache.spark.sql.Column[] {col("id")}, "variable", "value");
        System.out.println("melt rows " + melt.collectAsList() + " " + melt.schema().simpleString());

        Dataset<Row> hundred = spark.range(0, 100, 1, 1).toDF();
        System.out.println("sample 0.1 seed 7 " + hundred.sample(0.1, 7).collectAsList());
        System.out.println("sample repl 0.1 seed 7 " + hundred.sample(true, 0.1, 7).collectAsList());
        Dataset<Row>[] splits = hundred.randomSplit(new double[] {0.5, 0.5}, 7);
        System.out.println("randomSplit sizes " + splits[0].count() + " " + splits[1].count());
        Dataset<Row> fi = spark.sql("SELECT * FROM VALUES (1, 'a'), (1, 'b'), (2, 'a'), (1, 'a') AS t(x, y)")
                .stat().freqItems(new String[] {"x", "y"}, 0.4);
        print("freqItems", fi.schema());
        System.out.println("freqItems rows " + fi.collectAsList());
        System.out.println("freqItems default " + spark.sql("SELECT * FROM VALUES (1, 'a'), (1, 'b'), (2, 'a'), (1, 'a') AS t(x, y)")
                .stat().freqItems(new String[] {"x"}).collectAsList());
        Dataset<Row> sb = hundred.withColumn("k", col("id").mod(3)).stat()
                .sampleBy("k", Map.of(0L, 0.5, 1L, 0.0), 7);
        print("sampleBy", sb.schema());
        System.out.println("sampleBy count " + sb.count());
        Dataset<Row> cr = spark.sql("SELECT 1 AS a1, 2 AS a2, 3 AS b");
        System.out.println("colRegex " + cr.select(cr.colRegex("`a.*`")).schema().simpleString());
        System.out.println("sortWithinPartitions " + spark.range(0, 6, 1, 2).toDF().sortWithinPartitions(col("id").desc())
                .collectAsList());
        spark.stop();
    }

    private static void print(String what, StructType schema) {
        System.out.println(what + " " + schema.simpleString() + " " + schema.json());
    }
}
