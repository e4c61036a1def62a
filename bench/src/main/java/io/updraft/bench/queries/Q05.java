package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q5, local supplier volume: 1994 revenue per ASIA nation from line items whose customer and supplier are
 * of the same nation.
 */
public final class Q05 {
    private Q05() {
    }

    public static Dataset<Row> query(TpchTables t) {
        LocalDate from = LocalDate.of(1994, 1, 1);
        return t.customer()
                .join(t.orders().filter(col("o_orderdate").geq(lit(from))
                                .and(col("o_orderdate").lt(lit(from.plusYears(1))))),
                        col("c_custkey").equalTo(col("o_custkey")))
                .join(t.lineitem(), col("l_orderkey").equalTo(col("o_orderkey")))
                .join(t.supplier(), col("l_suppkey").equalTo(col("s_suppkey"))
                        .and(col("c_nationkey").equalTo(col("s_nationkey"))))
                .join(t.nation(), col("s_nationkey").equalTo(col("n_nationkey")))
                .join(t.region().filter(col("r_name").equalTo("ASIA")), col("n_regionkey").equalTo(col("r_regionkey")))
                .groupBy(col("n_name"))
                .agg(sum(col("l_extendedprice").multiply(lit(1).minus(col("l_discount")))).as("revenue"))
                .orderBy(col("revenue").desc());
    }
}
