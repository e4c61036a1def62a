package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.not;

/**
 * TPC-H Q13, customer distribution: how many customers have 0, 1, 2, ... orders whose comment does not mention
 * "special ... requests" (a left outer join with the comment test in its condition).
 */
public final class Q13 {
    private Q13() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> orderCounts = t.customer()
                .join(t.orders(), col("c_custkey").equalTo(col("o_custkey"))
                        .and(not(col("o_comment").like("%special%requests%"))), "left_outer")
                .groupBy(col("c_custkey"))
                .agg(count(col("o_orderkey")).as("c_count"));
        return orderCounts
                .groupBy(col("c_count"))
                .agg(count("*").as("custdist"))
                .orderBy(col("custdist").desc(), col("c_count").desc());
    }
}
