package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q18, large volume customer: the 100 largest orders (total price) with more than 300 units. The IN
 * subquery becomes a left semi join with the large orders.
 */
public final class Q18 {
    private Q18() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> largeOrders = t.lineitem()
                .groupBy(col("l_orderkey"))
                .agg(sum(col("l_quantity")).as("sum_quantity"))
                .filter(col("sum_quantity").gt(300))
                .select(col("l_orderkey"))
                .as("large");
        // The tables joined as the SQL text lists them; IN (subquery) is a left semi join above, as Spark plans it.
        return t.customer().join(t.orders()).join(t.lineitem())
                .filter(col("c_custkey").equalTo(col("o_custkey")).and(col("o_orderkey").equalTo(col("l_orderkey"))))
                .join(largeOrders, col("o_orderkey").equalTo(col("large.l_orderkey")), "left_semi")
                .groupBy(col("c_name"), col("c_custkey"), col("o_orderkey"), col("o_orderdate"), col("o_totalprice"))
                .agg(sum(col("l_quantity")))
                .orderBy(col("o_totalprice").desc(), col("o_orderdate"))
                .limit(100);
    }
}
