package io.updraft.bench;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.updraft.sql.functions.approx_count_distinct;
import static io.updraft.sql.functions.array_contains;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.collect_list;
import static io.updraft.sql.functions.collect_set;
import static io.updraft.sql.functions.size;
import static io.updraft.sql.functions.split;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * collect_list, collect_set, approx_count_distinct and split over TPC-H SF 0.01 with real shuffles (input dealt
 * round-robin to 4 map tasks, partial states — arrays and HyperLogLog++ sketches — hash-partitioned into 3
 * reduce partitions), against DuckDB on the same files: list(...) / list(DISTINCT ...) sorted (order is not
 * defined across tasks), exact count(DISTINCT ...) for the estimates, string_split for split.
 */
class ArrayFunctionsVsDuckDbTest {
    private static UpdraftSession session;
    private static DuckDbOracle duck;
    private static Path data;

    @BeforeAll
    static void start() {
        data = TpchTestData.sf001();
        session = UpdraftSession.builder().appName("arrays-test").master("local[2]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).config(RuntimeConfig.SHUFFLE_PARTITIONS, "3").create();
        duck = DuckDbOracle.overTables(data);
        for (String table : List.of("lineitem", "orders")) {
            table(table).createOrReplaceTempView(table);
        }
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.stop();
        }
        if (duck != null) {
            duck.close();
        }
    }

    private static Dataset<Row> table(String name) {
        return session.read().parquet(data.resolve(name).toString());
    }

    /** A list as DuckDB's array_to_string(list_sort(...), '|') prints it: sorted, '|'-joined. */
    private static String sortedJoined(List<?> list) {
        List<String> items = new ArrayList<>();
        for (Object o : list) {
            items.add(String.valueOf(o));
        }
        items.sort(null);
        return String.join("|", items);
    }

    @Test
    void collectAndApproxCountDistinctPerGroupThroughAShuffle() {
        Dataset<Row> result = table("lineitem").repartition(4)
                .groupBy(col("l_returnflag"), col("l_linestatus"))
                .agg(collect_set(col("l_shipmode")).as("modes"), collect_list("l_shipinstruct").as("instructions"),
                        approx_count_distinct(col("l_orderkey")).as("orders"),
                        approx_count_distinct("l_partkey", 0.01).as("parts"),
                        approx_count_distinct(col("l_comment")).as("comments"),
                        approx_count_distinct(col("l_extendedprice"), 0.02).as("prices"),
                        collect_set(col("l_quantity")).as("quantities"));
        assertThat(result.schema().get(2).dataType()).isEqualTo(new ArrayType(DataTypes.StringType, false));
        assertThat(result.schema().get(4).dataType()).isEqualTo(DataTypes.LongType);
        List<Row> ours = result.collectAsList();
        List<Row> expected = duck.query("""
                select l_returnflag, l_linestatus,
                       array_to_string(list_sort(list(distinct l_shipmode)), '|'),
                       array_to_string(list_sort(list(l_shipinstruct)), '|'),
                       count(distinct l_orderkey), count(distinct l_partkey), count(distinct l_comment),
                       count(distinct l_extendedprice),
                       array_to_string(list_sort(list(distinct l_quantity)), '|'), count(*)
                from lineitem group by l_returnflag, l_linestatus""");
        assertThat(ours).hasSameSizeAs(expected).hasSize(4);
        Map<String, Row> byKey = new HashMap<>();
        for (Row r : expected) {
            byKey.put(r.getString(0) + r.getString(1), r);
        }
        double[] rsd = {0.05, 0.01, 0.05, 0.02};
        // Spark 4.2.0's HyperLogLogPlusPlusHelper over the same values (run once outside this build with
        // spark-catalyst on the classpath): ours are exactly these, except where Spark subtracts its empirical
        // bias from a raw estimate between 2.5m and 5m (not implemented; ours is then within 1%).
        Map<String, long[]> spark = Map.of("NO", new long[] {8601, 2014, 27897, 22446},
                "RF", new long[] {6507, 2012, 14052, 13083}, "AF", new long[] {6299, 2013, 14086, 13120},
                "NF", new long[] {275, 320, 357, 348});
        for (Row r : ours) {
            Row e = byKey.get(r.getString(0) + r.getString(1));
            assertThat(e).as("group %s %s", r.get(0), r.get(1)).isNotNull();
            assertThat(sortedJoined(r.getList(2))).isEqualTo(e.getString(2));
            assertThat(r.<String>getList(3)).hasSize((int) e.getLong(9));
            assertThat(sortedJoined(r.getList(3))).isEqualTo(e.getString(3));
            long[] sparkEstimates = spark.get(r.getString(0) + r.getString(1));
            for (int i = 0; i < 4; i++) {
                long exact = e.getLong(4 + i);
                long estimate = r.getLong(4 + i);
                int m = 1 << io.updraft.core.plan.AggregateCall.hllPrecision(rsd[i]);
                if (sparkEstimates[i] <= 2.5 * m || sparkEstimates[i] >= 5L * m) {
                    assertThat(estimate).as("%s equals Spark's", result.columns()[4 + i]).isEqualTo(sparkEstimates[i]);
                } else {
                    assertThat((double) Math.abs(estimate - sparkEstimates[i])).as("%s near Spark's %d: %d",
                            result.columns()[4 + i], sparkEstimates[i], estimate)
                            .isLessThanOrEqualTo(0.01 * sparkEstimates[i]);
                }
                // within 4 standard errors of HyperLogLog++ at the requested precision
                assertThat((double) Math.abs(estimate - exact)).as("%s: %d vs exact %d", result.columns()[4 + i],
                        estimate, exact).isLessThanOrEqualTo(4 * 1.04 / Math.sqrt(m) * exact);
            }
            List<String> quantities = new ArrayList<>();
            for (Object q : r.getList(8)) {
                quantities.add(((java.math.BigDecimal) q).toPlainString());
            }
            quantities.sort(null);
            List<String> duckQuantities = new ArrayList<>(List.of(e.getString(8).split("\\|")));
            duckQuantities.sort(null);
            assertThat(quantities).isEqualTo(duckQuantities);
        }
    }

    @Test
    void sqlAcceptsTheArrayFunctionsAndShowPrintsArrays() {
        Dataset<Row> result = session.sql("""
                select o_orderpriority, size(collect_set(o_orderstatus)) as statuses,
                       approx_count_distinct(o_custkey) as customers, array_agg(o_shippriority) as ships,
                       array_contains(collect_set(o_orderstatus), 'F') as has_f
                from orders group by o_orderpriority order by o_orderpriority""");
        List<Row> ours = result.collectAsList();
        List<Row> expected = duck.query("""
                select o_orderpriority, count(distinct o_orderstatus), count(distinct o_custkey), count(*),
                       bool_or(o_orderstatus = 'F')
                from orders group by o_orderpriority order by o_orderpriority""");
        assertThat(ours).hasSameSizeAs(expected);
        for (int i = 0; i < ours.size(); i++) {
            Row r = ours.get(i);
            Row e = expected.get(i);
            assertThat(r.getString(0)).isEqualTo(e.getString(0));
            assertThat(r.getInt(1)).isEqualTo(e.getLong(1));
            assertThat((double) Math.abs(r.getLong(2) - e.getLong(2))).isLessThanOrEqualTo(0.2 * e.getLong(2));
            assertThat(r.getList(3)).hasSize((int) e.getLong(3));
            assertThat(r.getBoolean(4)).isEqualTo(e.getBoolean(4));
        }
        String shown = session.sql("select o_orderkey, split(o_clerk, '#') as parts, collect_set(o_orderstatus) as s"
                + " from orders where o_orderkey = 1 group by o_orderkey, o_clerk").showString(20, 0, false);
        Row one = duck.query("select o_clerk, o_orderstatus from orders where o_orderkey = 1").get(0);
        String[] clerk = one.getString(0).split("#");
        assertThat(shown).contains("|[" + clerk[0] + ", " + clerk[1] + "]|[" + one.getString(1) + "]|");
    }

    @Test
    void splitArraysTravelThroughAShuffle() {
        Dataset<Row> words = table("orders").select(col("o_orderkey"), split(col("o_comment"), " ").as("words"))
                .repartition(3, col("o_orderkey"))
                .filter(size(col("words")).gt(6).and(array_contains(col("words"), "the").isNull().or(lit(true))));
        List<Row> ours = words.collectAsList();
        List<Row> expected = duck.query("""
                select o_orderkey, array_to_string(string_split(o_comment, ' '), '|'), len(string_split(o_comment, ' '))
                from orders where len(string_split(o_comment, ' ')) > 6""");
        assertThat(ours).hasSameSizeAs(expected).hasSizeGreaterThan(100);
        Map<Long, Row> byKey = new HashMap<>();
        for (Row e : expected) {
            byKey.put(e.getLong(0), e);
        }
        for (Row r : ours) {
            Row e = byKey.get(r.getLong(0));
            assertThat(String.join("|", r.<String>getList(1))).isEqualTo(e.getString(1));
        }
    }

    private static io.updraft.sql.Column lit(Object value) {
        return io.updraft.sql.functions.lit(value);
    }
}
