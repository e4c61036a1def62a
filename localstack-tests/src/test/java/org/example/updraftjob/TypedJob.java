package org.example.updraftjob;

import io.updraft.api.java.function.CoGroupFunction;
import io.updraft.api.java.function.FilterFunction;
import io.updraft.api.java.function.MapFunction;
import io.updraft.api.java.function.MapGroupsFunction;
import io.updraft.sql.Dataset;
import io.updraft.sql.Encoders;
import io.updraft.sql.KeyValueGroupedDataset;
import io.updraft.sql.Row;
import io.updraft.sql.Tuple2;
import io.updraft.sql.UpdraftSession;
import io.updraft.sql.api.java.UDF1;
import io.updraft.sql.api.java.UDF2;
import io.updraft.sql.expressions.UserDefinedFunction;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.sum;
import static io.updraft.sql.functions.udaf;

/**
 * The test job, as a user writes one: typed operations whose functions are lambdas of this class (so the worker
 * needs this class, and {@link Reading}, to run them). Each method runs one job over the {@code kv} table at
 * {@code path} (k = 0..39999, v = k * 7 % 1000) and returns its rows sorted, so local mode and Lambda compare equal.
 * The UDFs and aggregators are this job's classes too: lambdas registered with {@code spark.udf()} and the
 * {@code Aggregator}s {@link ReadingStats} and {@link MeanOfLongs} (whose buffer is the bean {@link Stats}), and the
 * {@code UserDefinedAggregateFunction} {@link MaxMinusMin}.
 */
public final class TypedJob {
    private TypedJob() {
    }

    static Dataset<Reading> readings(UpdraftSession spark, String path) {
        return spark.read().parquet(path).as(Encoders.bean(Reading.class));
    }

    /** Typed {@code filter} then {@code map} over beans. */
    public static List<String> mapAndFilter(UpdraftSession spark, String path) {
        long divisor = 3;
        Dataset<String> out = readings(spark, path)
                .filter((FilterFunction<Reading>) r -> r.getV() % divisor == 0 && r.getK() % 2 == 1)
                .map((MapFunction<Reading, String>) r -> r.getK() + ":" + (r.getV() * 2), Encoders.STRING());
        return sorted(out.collectAsList());
    }

    /** {@code groupByKey(k % 7).mapGroups}: count, sum and max of v per group, read from the group's iterator. */
    public static List<String> mapGroups(UpdraftSession spark, String path) {
        KeyValueGroupedDataset<Long, Reading> byResidue = readings(spark, path)
                .groupByKey((MapFunction<Reading, Long>) r -> r.getK() % 7, Encoders.LONG());
        Dataset<String> out = byResidue.mapGroups((MapGroupsFunction<Long, Reading, String>) (key, values) -> {
            long n = 0;
            long sum = 0;
            long max = Long.MIN_VALUE;
            while (values.hasNext()) {
                Reading r = values.next();
                n++;
                sum += r.getV();
                max = Math.max(max, r.getV());
            }
            return key + " n=" + n + " sum=" + sum + " max=" + max;
        }, Encoders.STRING());
        return sorted(out.collectAsList());
    }

    /**
     * {@code cogroup} of the readings by {@code k % 10} with the labels {@code "v<v>"} of the readings with v < 50,
     * keyed by {@code v % 12}: keys 0..9 on the left, 0..11 on the right, so some keys have one side only.
     */
    public static List<String> cogroup(UpdraftSession spark, String path) {
        Dataset<Reading> readings = readings(spark, path);
        KeyValueGroupedDataset<Long, Reading> left = readings.groupByKey(
                (MapFunction<Reading, Long>) r -> r.getK() % 10, Encoders.LONG());
        KeyValueGroupedDataset<Long, String> right = readings
                .filter((FilterFunction<Reading>) r -> r.getV() < 50)
                .map((MapFunction<Reading, String>) r -> "v" + r.getV(), Encoders.STRING())
                .groupByKey((MapFunction<String, Long>) s -> Long.parseLong(s.substring(1)) % 12, Encoders.LONG());
        Dataset<String> out = left.cogroup(right, (CoGroupFunction<Long, Reading, String, String>) (key, ls, rs) -> {
            long n = 0;
            long sum = 0;
            while (ls.hasNext()) {
                sum += ls.next().getK();
                n++;
            }
            List<String> labels = new ArrayList<>();
            rs.forEachRemaining(labels::add);
            labels.sort(null);
            String distinct = String.join(",", labels.stream().distinct().toList());
            return List.of(key + " left=" + n + "/" + sum + " right=" + labels.size() + "[" + distinct + "]")
                    .iterator();
        }, Encoders.STRING());
        return sorted(out.collectAsList());
    }

    /**
     * UDFs registered with {@code spark.udf().register}, called from SQL: {@code residue(k, 13)} as the grouping
     * key and in {@code WHERE}, {@code label(v)} inside an aggregate, and an {@code udaf} registered for SQL.
     */
    public static List<String> udfsInSql(UpdraftSession spark, String path) {
        spark.read().parquet(path).createOrReplaceTempView("kv");
        spark.udf().register("residue", (UDF2<Long, Integer, Long>) (k, m) -> k % m, DataTypes.LongType);
        spark.udf().register("label", (UDF1<Long, String>) v -> v < 500 ? "low" : "high", DataTypes.StringType);
        spark.udf().register("meanOf", udaf(new MeanOfLongs(), Encoders.LONG()));
        Dataset<Row> out = spark.sql("SELECT residue(k, 13) AS r, count(*) AS n, max(label(v)) AS l,"
                + " meanOf(v) AS m FROM kv WHERE residue(k, 13) <> 4 AND label(v) = 'low' GROUP BY residue(k, 13)");
        return sorted(out.collectAsList().stream().map(String::valueOf).toList());
    }

    /** A typed {@code Aggregator} through {@code toColumn()} in {@code groupByKey(k % 5).agg(...)}. */
    public static List<String> aggregatorToColumn(UpdraftSession spark, String path) {
        Dataset<Tuple2<Long, String>> out = readings(spark, path)
                .groupByKey((MapFunction<Reading, Long>) r -> r.getK() % 5, Encoders.LONG())
                .agg(new ReadingStats().toColumn());
        return sorted(out.collectAsList().stream().map(t -> t._1() + " " + t._2()).toList());
    }

    /**
     * {@code functions.udaf(aggregator, encoder)} in an untyped {@code groupBy(...).agg}, beside a built-in and an
     * untyped {@code UserDefinedAggregateFunction} ({@link MaxMinusMin}).
     */
    public static List<String> udafInUntypedAgg(UpdraftSession spark, String path) {
        UserDefinedFunction mean = udaf(new MeanOfLongs(), Encoders.LONG());
        Dataset<Row> out = spark.read().parquet(path).groupBy(col("k").mod(6).as("g"))
                .agg(mean.apply(col("v")).as("mean"), mean.apply(col("k")).as("meanK"), sum(col("v")).as("sumV"),
                        new MaxMinusMin().apply(col("k")).as("rangeK"));
        return sorted(out.collectAsList().stream().map(String::valueOf).toList());
    }

    private static List<String> sorted(List<String> rows) {
        List<String> copy = new ArrayList<>(rows);
        copy.sort(null);
        return copy;
    }
}
