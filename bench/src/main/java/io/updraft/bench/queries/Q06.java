package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.math.BigDecimal;
import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q6, forecasting revenue change: revenue from line items shipped in 1994 with a discount between 0.05 and
 * 0.07 and a quantity under 24.
 */
public final class Q06 {
    private Q06() {
    }

    public static Dataset<Row> query(TpchTables t) {
        return query(t.lineitem());
    }

    public static Dataset<Row> query(Dataset<Row> lineitem) {
        LocalDate from = LocalDate.of(1994, 1, 1);
        BigDecimal discount = new BigDecimal("0.06");
        BigDecimal delta = new BigDecimal("0.01");
        return lineitem
                .filter(col("l_shipdate").geq(lit(from))
                        .and(col("l_shipdate").lt(lit(from.plusYears(1))))
                        .and(col("l_discount").between(discount.subtract(delta), discount.add(delta)))
                        .and(col("l_quantity").lt(24)))
                .agg(sum(col("l_extendedprice").multiply(col("l_discount"))).alias("revenue"));
    }
}
