package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q3, shipping priority: the 10 unshipped orders of the BUILDING segment with the highest revenue as of
 * 1995-03-15.
 */
public final class Q03 {
    private Q03() {
    }

    public static Dataset<Row> query(TpchTables t) {
        LocalDate date = LocalDate.of(1995, 3, 15);
        return t.customer().filter(col("c_mktsegment").equalTo("BUILDING"))
                .join(t.orders().filter(col("o_orderdate").lt(lit(date))),
                        col("c_custkey").equalTo(col("o_custkey")))
                .join(t.lineitem().filter(col("l_shipdate").gt(lit(date))),
                        col("l_orderkey").equalTo(col("o_orderkey")))
                .groupBy(col("l_orderkey"), col("o_orderdate"), col("o_shippriority"))
                .agg(sum(col("l_extendedprice").multiply(lit(1).minus(col("l_discount")))).as("revenue"))
                .select(col("l_orderkey"), col("revenue"), col("o_orderdate"), col("o_shippriority"))
                .orderBy(col("revenue").desc(), col("o_orderdate"))
                .limit(10);
    }
}
