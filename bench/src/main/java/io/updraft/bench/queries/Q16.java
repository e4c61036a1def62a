package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.countDistinct;
import static io.updraft.sql.functions.not;

/**
 * TPC-H Q16, parts/supplier relationship: suppliers (without customer complaints) that can supply parts of the
 * listed sizes, not of Brand#45 and not MEDIUM POLISHED, counted per brand, type and size. The tables are joined
 * as the SQL text lists them; NOT IN is the null-aware anti join Spark plans for it.
 */
public final class Q16 {
    private Q16() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> complaints = t.supplier().filter(col("s_comment").like("%Customer%Complaints%"))
                .select(col("s_suppkey"));
        // NOT IN with SQL's three-valued logic (the columns are nullable, as Spark reads Parquet): keep a row when
        // the subquery is empty, or when the key is not null, the subquery has no null and none equals it. Spark
        // plans it so (a null-aware anti join); so is it written here.
        Dataset<Row> complaintCounts = complaints.agg(count("*").as("complaints"),
                count(col("s_suppkey")).as("non_null_complaints"));
        return t.partsupp().join(t.part())
                .filter(col("p_partkey").equalTo(col("ps_partkey"))
                        .and(col("p_brand").notEqual("Brand#45"))
                        .and(not(col("p_type").like("MEDIUM POLISHED%")))
                        .and(col("p_size").isin(49, 14, 23, 45, 19, 3, 36, 9)))
                .crossJoin(complaintCounts)
                .join(complaints, col("ps_suppkey").equalTo(col("s_suppkey")), "left_anti")
                .filter(col("complaints").equalTo(0).or(col("ps_suppkey").isNotNull()
                        .and(col("complaints").equalTo(col("non_null_complaints")))))
                .groupBy(col("p_brand"), col("p_type"), col("p_size"))
                .agg(countDistinct(col("ps_suppkey")).as("supplier_cnt"))
                .orderBy(col("supplier_cnt").desc(), col("p_brand"), col("p_type"), col("p_size"));
    }
}
