package io.updraft.bench.queries;

import io.updraft.sql.Column;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q19, discounted revenue: air shipments delivered in person of three brand/container/size/quantity
 * combinations. The join key the three disjuncts share is the join condition; the rest filters the joined rows.
 */
public final class Q19 {
    private Q19() {
    }

    public static Dataset<Row> query(TpchTables t) {
        return t.lineitem()
                .join(t.part(), col("p_partkey").equalTo(col("l_partkey")))
                .filter(combination("Brand#12", 1, 5, "SM CASE", "SM BOX", "SM PACK", "SM PKG")
                        .or(combination("Brand#23", 10, 10, "MED BAG", "MED BOX", "MED PKG", "MED PACK"))
                        .or(combination("Brand#34", 20, 15, "LG CASE", "LG BOX", "LG PACK", "LG PKG")))
                .agg(sum(col("l_extendedprice").multiply(lit(1).minus(col("l_discount")))).as("revenue"));
    }

    private static Column combination(String brand, int quantity, int maxSize, Object... containers) {
        return col("p_brand").equalTo(brand)
                .and(col("p_container").isin(containers))
                .and(col("l_quantity").geq(quantity)).and(col("l_quantity").leq(quantity + 10))
                .and(col("p_size").between(1, maxSize))
                .and(col("l_shipmode").isin("AIR", "AIR REG"))
                .and(col("l_shipinstruct").equalTo("DELIVER IN PERSON"));
    }
}
