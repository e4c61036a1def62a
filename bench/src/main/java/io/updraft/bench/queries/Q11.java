package io.updraft.bench.queries;

import io.updraft.sql.Column;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.math.BigDecimal;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.sum;

/**
 * TPC-H Q11, important stock identification: GERMANY's parts whose stock value is more than FRACTION = 0.0001 of
 * the nation's total (the validation value at every scale, as the SQL text). The scalar subquery in HAVING becomes
 * a one-row aggregate joined on the inequality.
 */
public final class Q11 {
    private Q11() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Column value = col("ps_supplycost").multiply(col("ps_availqty"));
        Dataset<Row> germanStock = t.partsupp()
                .join(t.supplier(), col("ps_suppkey").equalTo(col("s_suppkey")))
                .join(t.nation().filter(col("n_name").equalTo("GERMANY")),
                        col("s_nationkey").equalTo(col("n_nationkey")));
        Dataset<Row> threshold = germanStock.agg(sum(value).multiply(lit(new BigDecimal("0.0001"))).as("threshold"));
        return germanStock
                .groupBy(col("ps_partkey"))
                .agg(sum(value).as("total_value"))
                .join(threshold, col("total_value").gt(col("threshold")))
                .select(col("ps_partkey"), col("total_value"))
                .orderBy(col("total_value").desc());
    }
}
