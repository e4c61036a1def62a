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
 * positive balance and no orders, counted per code. As Spark plans the SQL text: the scalar subquery's one-row
 * aggregate LEFT OUTER joined with the comparison as a filter above, NOT EXISTS a left anti join, the country code
 * computed after them.
 */
public final class Q22 {
    private static final Object[] CODES = {"13", "31", "23", "29", "30", "18", "17"};

    private Q22() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> averageBalance = t.customer()
                .filter(col("c_acctbal").gt(lit(new BigDecimal("0.00")))
                        .and(substring(col("c_phone"), 1, 2).isin(CODES)))
                .agg(avg(col("c_acctbal")).as("avg_acctbal"));
        // The scalar subquery's one row LEFT OUTER joined, the comparison a filter above; NOT EXISTS a left anti
        // join: as Spark plans the SQL text.
        return t.customer()
                .filter(substring(col("c_phone"), 1, 2).isin(CODES))
                .join(averageBalance, lit(true), "left_outer")
                .filter(col("c_acctbal").gt(col("avg_acctbal")))
                .join(t.orders(), col("o_custkey").equalTo(col("c_custkey")), "left_anti")
                .select(substring(col("c_phone"), 1, 2).as("cntrycode"), col("c_acctbal"))
                .groupBy(col("cntrycode"))
                .agg(count("*").as("numcust"), sum(col("c_acctbal")).as("totacctbal"))
                .orderBy(col("cntrycode"));
    }
}
