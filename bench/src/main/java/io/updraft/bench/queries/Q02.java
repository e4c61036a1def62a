package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.min;

/**
 * TPC-H Q2, minimum cost supplier: for each part of size 15 and type ending in BRASS, the European suppliers
 * offering it at the lowest European supply cost; first 100 by account balance (desc), nation, supplier, part.
 * The tables are joined as the SQL text lists them, with its conditions as one filter; the correlated scalar
 * subquery is written as Spark plans it: the minimum per part (grouped by the correlated column, the value first)
 * LEFT OUTER joined on the correlation, the comparison a filter above.
 */
public final class Q02 {
    private Q02() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> lowestCost = t.partsupp().join(t.supplier()).join(t.nation()).join(t.region())
                .filter(col("s_suppkey").equalTo(col("ps_suppkey"))
                        .and(col("s_nationkey").equalTo(col("n_nationkey")))
                        .and(col("n_regionkey").equalTo(col("r_regionkey")))
                        .and(col("r_name").equalTo("EUROPE")))
                .groupBy(col("ps_partkey"))
                .agg(min(col("ps_supplycost")).as("min_supplycost"))
                .select(col("min_supplycost"), col("ps_partkey"))
                .as("lowest");
        return t.part().join(t.supplier()).join(t.partsupp()).join(t.nation()).join(t.region())
                .filter(col("p_partkey").equalTo(col("ps_partkey"))
                        .and(col("s_suppkey").equalTo(col("ps_suppkey")))
                        .and(col("p_size").equalTo(15))
                        .and(col("p_type").like("%BRASS"))
                        .and(col("s_nationkey").equalTo(col("n_nationkey")))
                        .and(col("n_regionkey").equalTo(col("r_regionkey")))
                        .and(col("r_name").equalTo("EUROPE")))
                .join(lowestCost, col("p_partkey").equalTo(col("lowest.ps_partkey")), "left_outer")
                .filter(col("ps_supplycost").equalTo(col("min_supplycost")))
                .select(col("s_acctbal"), col("s_name"), col("n_name"), col("p_partkey"), col("p_mfgr"),
                        col("s_address"), col("s_phone"), col("s_comment"))
                .orderBy(col("s_acctbal").desc(), col("n_name"), col("s_name"), col("p_partkey"))
                .limit(100);
    }
}
