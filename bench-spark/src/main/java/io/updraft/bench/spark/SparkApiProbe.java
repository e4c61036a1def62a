package io.updraft.bench.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.sql.*;
import org.apache.spark.sql.expressions.*;
import org.apache.spark.sql.types.*;
import java.util.*;
import static org.apache.spark.sql.functions.*;

/**
 * Spark 4.2's answers for issue 10's small Spark-API gaps: the names of Column-API and SQL window columns and of
 * {@code substr}, {@code sparkContext().getConf()}, the checkpoint directory, grouping sets over map keys, and
 * {@code StructType.fieldIndex}/{@code apply}'s case-sensitivity,
 * printed as {@code PROBE key = value} lines (rows sorted by their text, errors as their first line). bench's
 * {@code SparkApiCasesTest} runs it and compares every line with Updraft's run of the same source (its copy
 * {@code UpdraftSparkApiProbe}: only the imports differ). By hand: as {@link UdfProbe}.
 */
public class SparkApiProbe {
    static java.io.PrintStream out = System.out;
    static void p(String k, Object v) { out.println("PROBE " + k + " = " + (v instanceof List<?> l ? sorted(l) : v)); }
    static List<String> sorted(List<?> rows) { List<String> s = new ArrayList<>(); for (Object r : rows) { s.add(String.valueOf(r)); } Collections.sort(s); return s; }
    static void t(String k, Runnable r) { try { r.run(); } catch (Throwable e) { p(k + " ERROR", (e.getClass().getName() + ": " + e.getMessage()).lines().findFirst().orElse("")); } }
    static void names(String k, Dataset<?> d) { p(k, Arrays.toString(d.columns())); }
    /** Rows as text with maps as Java maps (getJavaMap) and structs as lists, the same in both engines. */
    static List<String> text(Dataset<Row> d) { List<String> rows = new ArrayList<>(); for (Row r : d.collectAsList()) { rows.add(String.valueOf(values(r))); } return rows; }
    static List<Object> values(Row r) { List<Object> out = new ArrayList<>(); StructField[] f = r.schema().fields(); for (int i = 0; i < f.length; i++) { out.add(r.isNullAt(i) ? null : f[i].dataType() instanceof MapType ? r.getJavaMap(i) : f[i].dataType() instanceof StructType ? values(r.getStruct(i)) : r.get(i)); } return out; }

    public static void main(String[] a) {
        SparkSession spark = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false").config("spark.sql.session.timeZone", "UTC").getOrCreate();
        spark.sparkContext().setLogLevel("ERROR");
        run(spark);
        spark.stop();
    }

    static void run(SparkSession spark) {
        Dataset<Row> df = spark.sql("SELECT 'a' AS g, 1 AS x UNION ALL SELECT 'a', 2 UNION ALL SELECT 'b', 3 UNION ALL SELECT 'a', 4");
        df.createOrReplaceTempView("t");
        WindowSpec w = Window.partitionBy("g").orderBy("x");
        // 1. window column names (the Column API's offsets print as values: "-1 FOLLOWING"), substr
        t("rows", () -> names("rows", df.select(sum("x").over(w.rowsBetween(-1, 1)), sum("x").over(w.rowsBetween(Window.unboundedPreceding(), Window.currentRow())), sum("x").over(w.rowsBetween(-2, -1)), sum("x").over(w.rowsBetween(0, 2)), sum("x").over(w.rowsBetween(1, Window.unboundedFollowing())))));
        t("range", () -> names("range", df.select(sum("x").over(w.rangeBetween(-1, 1)), sum("x").over(w.rangeBetween(Window.unboundedPreceding(), Window.currentRow())), sum("x").over(w.rangeBetween(-2, -1)), avg("x").over(w), count("x").over(Window.partitionBy("g")), min("x").over(Window.orderBy("x")), max("x").over(Window.orderBy("x").rangeBetween(0, 1)))));
        t("ranking", () -> names("ranking", df.select(rank().over(w), row_number().over(w), dense_rank().over(w), percent_rank().over(w), ntile(2).over(w), lag("x", 1).over(w), lead("x", 2, 0).over(w), lag(col("x"), -1).over(w), lead(col("x"), -2).over(w), lag(col("x"), 0).over(w), first("x").over(w), last("x", true).over(w))));
        t("mixed", () -> names("mixed", df.select(sum("x").over(Window.partitionBy(col("g").substr(1, 1)).orderBy(col("x").desc()).rowsBetween(-1, 1)), max("x").over(Window.orderBy(col("x").desc_nulls_first(), col("g").asc_nulls_last())), sum("x").over(Window.partitionBy("g", "x").orderBy(col("x").plus(1)).rowsBetween(Window.currentRow(), Window.currentRow())))));
        t("udaf", () -> names("udaf", df.select(max("x").over(Window.orderBy(col("x").desc()).rowsBetween(-1, 1)), avg("x").over(Window.partitionBy(col("g").substr(1, 1))))));
        t("bigStart", () -> df.select(sum("x").over(Window.orderBy("x").rowsBetween(Long.MIN_VALUE + 5, 3))).columns());
        t("bigEnd", () -> df.select(sum("x").over(Window.orderBy("x").rowsBetween(0, Long.MAX_VALUE - 5))).columns());
        t("substr", () -> names("substr", df.select(col("g").substr(1, 2), col("g").substr(lit(1), lit(2)), substring(col("g"), 1, 2), substr(col("g"), lit(1)), substr(col("g"), lit(1), lit(2)), col("g").substr(2, 1).as("z"), upper(col("g").substr(1, 1)))));
        t("sql", () -> names("sql", spark.sql("SELECT sum(x) OVER (PARTITION BY g ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), sum(x) OVER (ORDER BY x ROWS BETWEEN -1 FOLLOWING AND 1 FOLLOWING), sum(x) OVER (ORDER BY x RANGE BETWEEN 1 PRECEDING AND CURRENT ROW), rank() OVER (ORDER BY x), dense_rank() OVER (ORDER BY x), substr(g, 1, 1), substring(g, 1, 1), SUBSTR(g, 2), substring(g, 1), sum(x) OVER (ORDER BY x ROWS 1 PRECEDING) FROM t")));
        t("sqlBounds", () -> names("sqlBounds", spark.sql("SELECT sum(x) OVER (ORDER BY x ROWS BETWEEN UNBOUNDED PRECEDING AND -1 FOLLOWING), sum(x) OVER (ORDER BY x ROWS BETWEEN 0 PRECEDING AND 0 FOLLOWING), sum(x) OVER (ORDER BY x ROWS BETWEEN 2 PRECEDING AND 1 PRECEDING), lag(x) OVER (ORDER BY x), lead(x, -2) OVER (ORDER BY x), lag(x, 0) OVER (ORDER BY x) FROM t")));
        t("sqlAggregates", () -> names("sqlAggregates", spark.sql("SELECT first(x, true), last(x, true), first(x) FROM t GROUP BY g")));
        t("selectExpr", () -> names("selectExpr", df.selectExpr("sum(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)", "substr(g, 1)")));
        t("windowRows", () -> p("windowRows", df.select(col("g"), col("x"), sum("x").over(w.rowsBetween(-1, 1)), sum("x").over(w.rowsBetween(-2, -1)), lag(col("x"), 0).over(w), lead(col("x"), -1).over(w), col("g").substr(1, 1)).collectAsList()));
        // 4. grouping sets over map keys: grouped by the key-sorted map, as GROUP BY
        String maps = "SELECT map(2, 'b', 1, 'a') AS m, 1 AS y UNION ALL SELECT map(1, 'a', 2, 'b'), 1 UNION ALL SELECT map(1, 'a'), 3";
        spark.sql(maps).createOrReplaceTempView("maps");
        // (maps printed as Java maps, "{1=a, 2=b}": Spark's Row holds Scala maps, Updraft's Java maps)
        t("rollup", () -> p("rollup", text(spark.sql("SELECT m, count(*) AS c, grouping_id() AS gid FROM maps GROUP BY ROLLUP(m)"))));
        t("cube", () -> p("cube", text(spark.sql("SELECT m, y, count(*) AS c FROM maps GROUP BY CUBE(m, y)"))));
        t("groupingSets", () -> p("groupingSets", text(spark.sql("SELECT m, y, count(*) AS c FROM maps GROUP BY GROUPING SETS ((m), (y), ())"))));
        t("rollupStruct", () -> p("rollupStruct", text(spark.sql("SELECT s, count(*) AS c FROM (SELECT named_struct('a', m) AS s FROM maps) GROUP BY ROLLUP(s)"))));
        t("rollupColumns", () -> p("rollupColumns", text(spark.table("maps").rollup("m", "y").count())));
        t("cubeColumns", () -> p("cubeColumns", text(spark.table("maps").cube(col("m")).agg(sum("y")))));
        t("groupByMap", () -> p("groupByMap", text(spark.sql("SELECT m, count(*) AS c FROM maps GROUP BY m"))));
        // 2. sparkContext().getConf(): a copy of the settings the session started with
        t("getConf", () -> { SparkConf c = spark.sparkContext().getConf(); p("conf.master", c.get("spark.master")); p("conf.tz", c.getOption("spark.sql.session.timeZone")); p("conf.none", c.getOption("nope")); p("conf.default", c.get("nope", "d")); p("conf.contains", c.contains("spark.master") + " " + c.contains("nope")); p("conf.appId", c.getAppId().startsWith("local-")); p("conf.appIdIsContexts", c.getAppId().equals(spark.sparkContext().applicationId())); });
        t("confMissing", () -> spark.sparkContext().getConf().get("nope"));
        t("confCopy", () -> { spark.sparkContext().getConf().set("spark.master", "local[9]"); p("confCopy", spark.sparkContext().getConf().get("spark.master")); });
        t("confRuntime", () -> { spark.conf().set("spark.probe.key", "v"); p("confRuntime", spark.sparkContext().getConf().getOption("spark.probe.key") + " " + spark.conf().get("spark.probe.key")); });
        t("confNull", () -> new SparkConf(false).set("k", null));
        t("newConf", () -> p("newConf", Arrays.toString(new SparkConf(false).setAppName("x").getAll()) + " " + new SparkConf(false).setMaster("local[3]").get("spark.master")));
        // 3. the checkpoint directory: <dir>/<uuid>
        t("checkpointDir", () -> { try { String d = java.nio.file.Files.createTempDirectory("probe-cp").toString(); p("checkpointDir.none", spark.sparkContext().getCheckpointDir()); spark.sparkContext().setCheckpointDir(d); p("checkpointDir", spark.sparkContext().getCheckpointDir().get().replace(d, "<dir>").replaceAll("[0-9a-f-]{36}$", "<uuid>")); p("checkpoint", df.checkpoint().collectAsList()); p("checkpointLazy", df.checkpoint(false).filter(col("x").gt(1)).collectAsList()); } catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); } });
        // 5. StructType lookups are case-sensitive
        StructType st = new StructType().add("Name", DataTypes.StringType).add("age", DataTypes.IntegerType);
        t("fieldIndex", () -> p("fieldIndex", st.fieldIndex("Name")));
        t("fieldIndexCase", () -> p("fieldIndexCase", st.fieldIndex("name")));
        t("applyName", () -> p("applyName", st.apply("age")));
        t("applyCase", () -> p("applyCase", st.apply("AGE")));
        t("applyMissing", () -> p("applyMissing", st.apply("zzz")));
        t("rowFieldIndex", () -> p("rowFieldIndex", spark.sql("SELECT 1 AS Name").first().fieldIndex("name")));
        t("rowGetAs", () -> p("rowGetAs", (Object) spark.sql("SELECT 1 AS Name").first().getAs("name")));
        t("rowGetAsExact", () -> p("rowGetAsExact", (Object) spark.sql("SELECT 1 AS Name").first().getAs("Name")));
    }
}
