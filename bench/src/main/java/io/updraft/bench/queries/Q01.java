package io.updraft.bench.queries;

import io.updraft.sql.Column;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.time.LocalDate;

import static io.updraft.sql.functions.avg;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q1, pricing summary report: line items shipped by {@code date '1998-12-01' - interval '90' day} (DELTA =
 * 90), grouped by return flag and line status, with sums, averages and a count, ordered by the group keys.
 */
public final class Q01 {
    private Q01() {
    }

    public static Dataset<Row> query(TpchTables t) {
        return query(t.lineitem());
    }

    public static Dataset<Row> query(Dataset<Row> lineitem) {
        LocalDate shippedBy = LocalDate.of(1998, 12, 1).minusDays(90);
        Column discountedPrice = col("l_extendedprice").multiply(lit(1).minus(col("l_discount")));
        return lineitem
                .filter(col("l_shipdate").leq(lit(shippedBy)))
                .groupBy(col("l_returnflag"), col("l_linestatus"))
                .agg(sum(col("l_quantity")).alias("sum_qty"),
                        sum(col("l_extendedprice")).alias("sum_base_price"),
                        sum(discountedPrice).alias("sum_disc_price"),
                        sum(discountedPrice.multiply(lit(1).plus(col("l_tax")))).alias("sum_charge"),
                        avg(col("l_quantity")).alias("avg_qty"),
                        avg(col("l_extendedprice")).alias("avg_price"),
                        avg(col("l_discount")).alias("avg_disc"),
                        count("*").alias("count_order"))
                .orderBy(col("l_returnflag"), col("l_linestatus"));
    }
}
