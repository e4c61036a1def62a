package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;

/**
 * TPC-H Q21, suppliers who kept orders waiting: SAUDI ARABIA suppliers that alone were late on multi-supplier
 * orders. lineitem appears three times (l1, l2, l3); EXISTS is a left semi join and NOT EXISTS a left anti join,
 * both on the order key with a non-equi condition on the supplier.
 */
public final class Q21 {
    private Q21() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> l1 = t.lineitem().as("l1").filter(col("l1.l_receiptdate").gt(col("l1.l_commitdate")));
        Dataset<Row> l2 = t.lineitem().as("l2");
        Dataset<Row> l3 = t.lineitem().as("l3").filter(col("l3.l_receiptdate").gt(col("l3.l_commitdate")));
        return t.supplier()
                .join(t.nation().filter(col("n_name").equalTo("SAUDI ARABIA")),
                        col("s_nationkey").equalTo(col("n_nationkey")))
                .join(l1, col("s_suppkey").equalTo(col("l1.l_suppkey")))
                .join(t.orders().filter(col("o_orderstatus").equalTo("F")),
                        col("o_orderkey").equalTo(col("l1.l_orderkey")))
                .join(l2, col("l2.l_orderkey").equalTo(col("l1.l_orderkey"))
                        .and(col("l2.l_suppkey").notEqual(col("l1.l_suppkey"))), "left_semi")
                .join(l3, col("l3.l_orderkey").equalTo(col("l1.l_orderkey"))
                        .and(col("l3.l_suppkey").notEqual(col("l1.l_suppkey"))), "left_anti")
                .groupBy(col("s_name"))
                .agg(count("*").as("numwait"))
                .orderBy(col("numwait").desc(), col("s_name"))
                .limit(100);
    }
}
