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
 * less than 20% of the part's average quantity. The correlated average is a per-part aggregate joined back.
 */
public final class Q17 {
    private Q17() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> smallQuantity = t.lineitem()
                .groupBy(col("l_partkey").as("agg_partkey"))
                .agg(lit(new BigDecimal("0.2")).multiply(avg(col("l_quantity"))).as("avg_quantity"));
        return t.lineitem()
                .join(t.part().filter(col("p_brand").equalTo("Brand#23").and(col("p_container").equalTo("MED BOX"))),
                        col("p_partkey").equalTo(col("l_partkey")))
                .join(smallQuantity, col("agg_partkey").equalTo(col("p_partkey")))
                .filter(col("l_quantity").lt(col("avg_quantity")))
                .agg(sum(col("l_extendedprice")).divide(lit(new BigDecimal("7.0"))).as("avg_yearly"));
    }
}
