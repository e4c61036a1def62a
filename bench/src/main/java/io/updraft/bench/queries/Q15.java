package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.max;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q15, top supplier: the supplier(s) with the highest revenue in the quarter from 1996-01-01. The view
 * revenue0 is a DataFrame used twice; its maximum (the scalar subquery) is LEFT OUTER joined and compared in a
 * filter above, as Spark plans the SQL text.
 */
public final class Q15 {
    private Q15() {
    }

    public static Dataset<Row> query(TpchTables t) {
        LocalDate from = LocalDate.of(1996, 1, 1);
        Dataset<Row> revenue = t.lineitem()
                .filter(col("l_shipdate").geq(lit(from)).and(col("l_shipdate").lt(lit(from.plusMonths(3)))))
                .groupBy(col("l_suppkey").as("supplier_no"))
                .agg(sum(col("l_extendedprice").multiply(lit(1).minus(col("l_discount")))).as("total_revenue"));
        Dataset<Row> top = revenue.agg(max(col("total_revenue")).as("max_revenue"));
        // The scalar subquery's plan: its one row LEFT OUTER joined to every row, the comparison a filter above.
        return t.supplier().join(revenue)
                .filter(col("s_suppkey").equalTo(col("supplier_no")))
                .join(top, lit(true), "left_outer")
                .filter(col("total_revenue").equalTo(col("max_revenue")))
                .select(col("s_suppkey"), col("s_name"), col("s_address"), col("s_phone"), col("total_revenue"))
                .orderBy(col("s_suppkey"));
    }
}
