package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.countDistinct;
import static io.updraft.sql.functions.not;

/**
 * TPC-H Q16, parts/supplier relationship: suppliers (without customer complaints) that can supply parts of the
 * listed sizes, not of Brand#45 and not MEDIUM POLISHED, counted per brand, type and size. NOT IN becomes a left
 * anti join (s_suppkey and ps_suppkey are never null, so the null-aware form is not needed).
 */
public final class Q16 {
    private Q16() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> complaints = t.supplier().filter(col("s_comment").like("%Customer%Complaints%"));
        Dataset<Row> parts = t.part().filter(col("p_brand").notEqual("Brand#45")
                .and(not(col("p_type").like("MEDIUM POLISHED%")))
                .and(col("p_size").isin(49, 14, 23, 45, 19, 3, 36, 9)));
        return t.partsupp()
                .join(parts, col("p_partkey").equalTo(col("ps_partkey")))
                .join(complaints, col("ps_suppkey").equalTo(col("s_suppkey")), "left_anti")
                .groupBy(col("p_brand"), col("p_type"), col("p_size"))
                .agg(countDistinct(col("ps_suppkey")).as("supplier_cnt"))
                .orderBy(col("supplier_cnt").desc(), col("p_brand"), col("p_type"), col("p_size"));
    }
}
