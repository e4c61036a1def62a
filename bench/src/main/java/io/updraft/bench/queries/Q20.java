package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.math.BigDecimal;
import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q20, potential part promotion: CANADA suppliers with an excess (more than half the 1994 shipments) of a
 * "forest" part. The IN subqueries are left semi joins; the correlated sum is a per (part, supplier) aggregate
 * joined back (an inner join: without shipments the SQL comparison is null, so the row is dropped there too).
 */
public final class Q20 {
    private Q20() {
    }

    public static Dataset<Row> query(TpchTables t) {
        LocalDate from = LocalDate.of(1994, 1, 1);
        Dataset<Row> forestParts = t.part().filter(col("p_name").like("forest%"));
        Dataset<Row> shipped = t.lineitem()
                .filter(col("l_shipdate").geq(lit(from)).and(col("l_shipdate").lt(lit(from.plusYears(1)))))
                .groupBy(col("l_partkey"), col("l_suppkey"))
                .agg(lit(new BigDecimal("0.5")).multiply(sum(col("l_quantity"))).as("half_quantity"))
                .select(col("half_quantity"), col("l_partkey"), col("l_suppkey"));   // the subquery's value first
        Dataset<Row> excess = t.partsupp()
                .join(forestParts, col("ps_partkey").equalTo(col("p_partkey")), "left_semi")
                .join(shipped, col("l_partkey").equalTo(col("ps_partkey"))
                        .and(col("l_suppkey").equalTo(col("ps_suppkey"))))
                .filter(col("ps_availqty").gt(col("half_quantity")));
        return t.supplier()
                .join(t.nation().filter(col("n_name").equalTo("CANADA")),
                        col("s_nationkey").equalTo(col("n_nationkey")))
                .join(excess, col("s_suppkey").equalTo(col("ps_suppkey")), "left_semi")
                .select(col("s_name"), col("s_address"))
                .orderBy(col("s_name"));
    }
}
