package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.math.BigDecimal;

import static io.updraft.sql.functions.avg;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q17, small-quantity-order revenue: the yearly revenue lost without orders of Brand#23 MED BOX parts for
 * less than 20% of the part's average quantity. Written as Spark plans the SQL text's correlated scalar subquery:
 * the per-part average (grouped by the correlated column, the value first) LEFT OUTER joined on the correlation,
 * the comparison a filter above — so the optimizer turns both into the same inner join.
 */
public final class Q17 {
    private Q17() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> smallQuantity = t.lineitem()
                .groupBy(col("l_partkey"))
                .agg(lit(new BigDecimal("0.2")).multiply(avg(col("l_quantity"))).as("small_quantity"))
                .select(col("small_quantity"), col("l_partkey"))
                .as("per_part");
        return t.lineitem().join(t.part())
                .filter(col("p_partkey").equalTo(col("l_partkey"))
                        .and(col("p_brand").equalTo("Brand#23"))
                        .and(col("p_container").equalTo("MED BOX")))
                .join(smallQuantity, col("per_part.l_partkey").equalTo(col("p_partkey")), "left_outer")
                .filter(col("l_quantity").lt(col("small_quantity")))
                .agg(sum(col("l_extendedprice")).divide(lit(new BigDecimal("7.0"))).as("avg_yearly"));
    }
}
