package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.math.BigDecimal;

import static io.updraft.sql.functions.avg;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.substring;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q22, global sales opportunity: customers of seven country codes with a balance above the codes' average
 * positive balance and no orders, counted per code. The scalar subquery is a one-row aggregate joined on the
 * inequality; NOT EXISTS is a left anti join.
 */
public final class Q22 {
    private static final Object[] CODES = {"13", "31", "23", "29", "30", "18", "17"};

    private Q22() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> customers = t.customer()
                .select(substring(col("c_phone"), 1, 2).as("cntrycode"), col("c_acctbal"), col("c_custkey"))
                .filter(col("cntrycode").isin(CODES));
        Dataset<Row> averageBalance = customers.filter(col("c_acctbal").gt(lit(new BigDecimal("0.00"))))
                .agg(avg(col("c_acctbal")).as("avg_acctbal"));
        return customers
                .join(averageBalance, col("c_acctbal").gt(col("avg_acctbal")))
                .join(t.orders(), col("o_custkey").equalTo(col("c_custkey")), "left_anti")
                .groupBy(col("cntrycode"))
                .agg(count("*").as("numcust"), sum(col("c_acctbal")).as("totacctbal"))
                .orderBy(col("cntrycode"));
    }
}
