package io.updraft.bench;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * End to end: Dataset API queries through the planner, coordinator and engine over TPC-H SF 0.01 Parquet
 * files, compared with DuckDB running the equivalent SQL over the same files. Decimals must match exactly.
 */
class DatasetVsDuckDbTest {
    private static UpdraftSession session;
    private static DuckDbOracle duck;
    private static Path data;

    @BeforeAll
    static void start() {
        data = TpchTestData.sf001();
        session = UpdraftSession.builder().appName("bench-test").master("local[2]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).create();
        duck = DuckDbOracle.overTables(data);
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

    @Test
    void datesAndDecimalsInAFilteredProjection() {
        Dataset<Row> result = table("lineitem")
                .filter(col("l_shipdate").between(lit(LocalDate.of(1995, 3, 1)), lit(LocalDate.of(1995, 3, 5))))
                .select(col("l_orderkey"), col("l_linenumber"), col("l_shipdate"), col("l_extendedprice"),
                        col("l_discount"));

        assertSameRows(result, "select l_orderkey, l_linenumber, l_shipdate, l_extendedprice, l_discount from lineitem "
                + "where l_shipdate between date '1995-03-01' and date '1995-03-05'", false, 100);
    }

    @Test
    void stringsWithInAndADecimalComparison() {
        Dataset<Row> result = table("orders")
                .filter(col("o_orderpriority").isin("1-URGENT", "2-HIGH")
                        .and(col("o_totalprice").gt(new BigDecimal("350000.00"))))
                .select(col("o_orderkey"), col("o_orderpriority"), col("o_totalprice"), col("o_orderdate"),
                        col("o_clerk"));

        assertSameRows(result, "select o_orderkey, o_orderpriority, o_totalprice, o_orderdate, o_clerk from orders "
                + "where o_orderpriority in ('1-URGENT', '2-HIGH') and o_totalprice > 350000.00", false, 10);
    }

    @Test
    void computedDecimalColumns() {
        Dataset<Row> result = table("lineitem")
                .where(col("l_quantity").geq(49).and(col("l_shipmode").equalTo("AIR")))
                .withColumn("disc_price", col("l_extendedprice").multiply(lit(1).minus(col("l_discount"))))
                .withColumn("charge", col("disc_price").multiply(lit(1).plus(col("l_tax"))))
                .select(col("l_orderkey"), col("l_linenumber"), col("disc_price"), col("charge"),
                        col("l_quantity").plus(1).alias("q1"), col("l_tax").minus(col("l_discount")).alias("spread"));

        assertSameRows(result, "select l_orderkey, l_linenumber, l_extendedprice * (1 - l_discount) as disc_price, "
                + "l_extendedprice * (1 - l_discount) * (1 + l_tax) as charge, l_quantity + 1 as q1, "
                + "l_tax - l_discount as spread from lineitem where l_quantity >= 49 and l_shipmode = 'AIR'", false, 10);
    }

    @Test
    void negativeBalancesOfOneSegment() {
        Dataset<Row> result = table("customer")
                .where(col("c_mktsegment").equalTo("BUILDING").and(col("c_acctbal").lt(0)))
                .select(col("c_custkey"), col("c_name"), col("c_acctbal"), col("c_phone"));

        assertSameRows(result, "select c_custkey, c_name, c_acctbal, c_phone from customer "
                + "where c_mktsegment = 'BUILDING' and c_acctbal < 0", false, 10);
    }

    @Test
    void integerColumnsBetweenAndOrderByWithLimit() {
        Dataset<Row> result = table("part")
                .filter(col("p_size").between(10, 12).and(col("p_retailprice").leq(new BigDecimal("1200"))))
                .orderBy(col("p_retailprice").desc(), col("p_partkey"))
                .limit(15)
                .select(col("p_partkey"), col("p_size"), col("p_retailprice"), col("p_brand"));

        assertSameRows(result, "select p_partkey, p_size, p_retailprice, p_brand from part "
                + "where p_size between 10 and 12 and p_retailprice <= 1200 "
                + "order by p_retailprice desc, p_partkey limit 15", true, 15);
    }

    @Test
    void countOfATableAndOfAFilter() {
        assertThat(table("lineitem").count()).isEqualTo(duck.queryLong("select count(*) from lineitem"))
                .isEqualTo(60_175);
        assertThat(table("lineitem").filter(col("l_returnflag").equalTo("R").and(col("l_discount").lt(0.03))).count())
                .isEqualTo(duck.queryLong("select count(*) from lineitem where l_returnflag = 'R' and l_discount < 0.03"));
        assertThat(table("orders").filter(col("o_orderdate").geq(lit(LocalDate.of(1998, 1, 1)))).count())
                .isEqualTo(duck.queryLong("select count(*) from orders where o_orderdate >= date '1998-01-01'"));
    }

    @Test
    void tpchQ1ThroughTheDatasetApi() {
        Dataset<Row> q1 = TpchQueries.q1(table("lineitem"));

        assertThat(q1.columns()).containsExactly("l_returnflag", "l_linestatus", "sum_qty", "sum_base_price",
                "sum_disc_price", "sum_charge", "avg_qty", "avg_price", "avg_disc", "count_order");
        assertSameRows(q1, TpchQueries.sql(1), true, 4);
    }

    @Test
    void tpchQ6ThroughTheDatasetApi() {
        List<Row> rows = assertSameRows(TpchQueries.q6(table("lineitem")), TpchQueries.sql(6), true, 1);
        assertThat(rows.get(0).getDecimal(0)).isNotNull();
    }

    /** Compares exactly (decimals by value) and checks the result is big enough to mean something. */
    private static List<Row> assertSameRows(Dataset<Row> actual, String duckSql, boolean ordered, int minRows) {
        List<Row> expected = duck.query(duckSql);
        List<Row> rows = actual.collectAsList();
        assertThat(expected).as("DuckDB rows for: " + duckSql).hasSizeGreaterThanOrEqualTo(minRows);
        assertThat(RowComparison.difference(expected, rows, ordered)).as("difference from DuckDB").isEmpty();
        return rows;
    }
}
