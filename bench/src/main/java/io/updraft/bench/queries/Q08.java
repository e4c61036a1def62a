package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;
import static io.updraft.sql.functions.when;
import static io.updraft.sql.functions.year;

/**
 * TPC-H Q8, national market share: BRAZIL's share of the 1995-1996 AMERICA revenue from ECONOMY ANODIZED STEEL
 * parts, by year. n1 is the customer's nation, n2 the supplier's.
 */
public final class Q08 {
    private Q08() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> allNations = t.part().filter(col("p_type").equalTo("ECONOMY ANODIZED STEEL"))
                .join(t.lineitem(), col("p_partkey").equalTo(col("l_partkey")))
                .join(t.supplier(), col("s_suppkey").equalTo(col("l_suppkey")))
                .join(t.orders().filter(col("o_orderdate").between(lit(LocalDate.of(1995, 1, 1)),
                        lit(LocalDate.of(1996, 12, 31)))), col("l_orderkey").equalTo(col("o_orderkey")))
                .join(t.customer(), col("o_custkey").equalTo(col("c_custkey")))
                .join(t.nation().as("n1"), col("c_nationkey").equalTo(col("n1.n_nationkey")))
                .join(t.region().filter(col("r_name").equalTo("AMERICA")),
                        col("n1.n_regionkey").equalTo(col("r_regionkey")))
                .join(t.nation().as("n2"), col("s_nationkey").equalTo(col("n2.n_nationkey")))
                .select(year(col("o_orderdate")).as("o_year"),
                        col("l_extendedprice").multiply(lit(1).minus(col("l_discount"))).as("volume"),
                        col("n2.n_name").as("nation"));
        return allNations
                .groupBy(col("o_year"))
                .agg(sum(when(col("nation").equalTo("BRAZIL"), col("volume")).otherwise(0))
                        .divide(sum(col("volume"))).as("mkt_share"))
                .orderBy(col("o_year"));
    }
}
