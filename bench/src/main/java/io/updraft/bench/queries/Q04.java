package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.lit;

/**
 * TPC-H Q4, order priority checking: orders of 1993-07-01 + 3 months with at least one line item received after
 * its commit date (EXISTS as a left semi join), counted by priority.
 */
public final class Q04 {
    private Q04() {
    }

    public static Dataset<Row> query(TpchTables t) {
        LocalDate from = LocalDate.of(1993, 7, 1);
        Dataset<Row> lateLines = t.lineitem().filter(col("l_commitdate").lt(col("l_receiptdate")));
        return t.orders()
                .filter(col("o_orderdate").geq(lit(from)).and(col("o_orderdate").lt(lit(from.plusMonths(3)))))
                .join(lateLines, col("l_orderkey").equalTo(col("o_orderkey")), "left_semi")
                .groupBy(col("o_orderpriority"))
                .agg(count("*").as("order_count"))
                .orderBy(col("o_orderpriority"));
    }
}
