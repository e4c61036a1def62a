package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;
import static io.updraft.sql.functions.year;

/**
 * TPC-H Q9, product type profit measure: profit on parts whose name contains "green", by supplier nation and
 * year (latest year first).
 */
public final class Q09 {
    private Q09() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> profit = t.part().filter(col("p_name").like("%green%"))
                .join(t.lineitem(), col("p_partkey").equalTo(col("l_partkey")))
                .join(t.supplier(), col("s_suppkey").equalTo(col("l_suppkey")))
                .join(t.partsupp(), col("ps_suppkey").equalTo(col("l_suppkey"))
                        .and(col("ps_partkey").equalTo(col("l_partkey"))))
                .join(t.orders(), col("o_orderkey").equalTo(col("l_orderkey")))
                .join(t.nation(), col("s_nationkey").equalTo(col("n_nationkey")))
                .select(col("n_name").as("nation"), year(col("o_orderdate")).as("o_year"),
                        col("l_extendedprice").multiply(lit(1).minus(col("l_discount")))
                                .minus(col("ps_supplycost").multiply(col("l_quantity"))).as("amount"));
        return profit
                .groupBy(col("nation"), col("o_year"))
                .agg(sum(col("amount")).as("sum_profit"))
                .orderBy(col("nation"), col("o_year").desc());
    }
}
