package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;
import static io.updraft.sql.functions.when;

/**
 * TPC-H Q12, shipping modes and order priority: late MAIL and SHIP line items received in 1994, counted by high
 * (1-URGENT, 2-HIGH) and low order priority per ship mode.
 */
public final class Q12 {
    private Q12() {
    }

    public static Dataset<Row> query(TpchTables t) {
        LocalDate from = LocalDate.of(1994, 1, 1);
        Dataset<Row> lateLines = t.lineitem()
                .filter(col("l_shipmode").isin("MAIL", "SHIP")
                        .and(col("l_commitdate").lt(col("l_receiptdate")))
                        .and(col("l_shipdate").lt(col("l_commitdate")))
                        .and(col("l_receiptdate").geq(lit(from)))
                        .and(col("l_receiptdate").lt(lit(from.plusYears(1)))));
        return t.orders()
                .join(lateLines, col("o_orderkey").equalTo(col("l_orderkey")))
                .groupBy(col("l_shipmode"))
                .agg(sum(when(col("o_orderpriority").equalTo("1-URGENT").or(col("o_orderpriority").equalTo("2-HIGH")),
                                1).otherwise(0)).as("high_line_count"),
                        sum(when(col("o_orderpriority").notEqual("1-URGENT")
                                .and(col("o_orderpriority").notEqual("2-HIGH")), 1).otherwise(0)).as("low_line_count"))
                .orderBy(col("l_shipmode"));
    }
}
