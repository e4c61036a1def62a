package io.updraft.bench.queries;

import io.updraft.sql.Column;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.math.BigDecimal;
import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;
import static io.updraft.sql.functions.when;

/** TPC-H Q14, promotion effect: the percentage of September 1995 revenue from PROMO parts. */
public final class Q14 {
    private Q14() {
    }

    public static Dataset<Row> query(TpchTables t) {
        LocalDate from = LocalDate.of(1995, 9, 1);
        Column revenue = col("l_extendedprice").multiply(lit(1).minus(col("l_discount")));
        return t.lineitem()
                .filter(col("l_shipdate").geq(lit(from)).and(col("l_shipdate").lt(lit(from.plusMonths(1)))))
                .join(t.part(), col("l_partkey").equalTo(col("p_partkey")))
                .agg(lit(new BigDecimal("100.00")).multiply(sum(when(col("p_type").like("PROMO%"), revenue)
                        .otherwise(0))).divide(sum(revenue)).as("promo_revenue"));
    }
}
