package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.time.LocalDate;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q10, returned item reporting: the 20 customers who lost the most revenue to returned items of orders
 * placed in the quarter from 1993-10-01.
 */
public final class Q10 {
    private Q10() {
    }

    public static Dataset<Row> query(TpchTables t) {
        LocalDate from = LocalDate.of(1993, 10, 1);
        return t.customer()
                .join(t.orders().filter(col("o_orderdate").geq(lit(from))
                                .and(col("o_orderdate").lt(lit(from.plusMonths(3))))),
                        col("c_custkey").equalTo(col("o_custkey")))
                .join(t.lineitem().filter(col("l_returnflag").equalTo("R")),
                        col("l_orderkey").equalTo(col("o_orderkey")))
                .join(t.nation(), col("c_nationkey").equalTo(col("n_nationkey")))
                .groupBy(col("c_custkey"), col("c_name"), col("c_acctbal"), col("c_phone"), col("n_name"),
                        col("c_address"), col("c_comment"))
                .agg(sum(col("l_extendedprice").multiply(lit(1).minus(col("l_discount")))).as("revenue"))
                .select(col("c_custkey"), col("c_name"), col("revenue"), col("c_acctbal"), col("n_name"),
                        col("c_address"), col("c_phone"), col("c_comment"))
                .orderBy(col("revenue").desc())
                .limit(20);
    }
}
