package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.min;

/**
 * TPC-H Q2, minimum cost supplier: for each part of size 15 and type ending in BRASS, the European suppliers
 * offering it at the lowest European supply cost; first 100 by account balance (desc), nation, supplier, part.
 * The correlated subquery becomes a per-part minimum joined back on part key and cost.
 */
public final class Q02 {
    private Q02() {
    }

    public static Dataset<Row> query(TpchTables t) {
        Dataset<Row> europeanSuppliers = t.region().filter(col("r_name").equalTo("EUROPE"))
                .join(t.nation(), col("r_regionkey").equalTo(col("n_regionkey")))
                .join(t.supplier(), col("n_nationkey").equalTo(col("s_nationkey")));
        Dataset<Row> europeanOffers = t.partsupp()
                .join(europeanSuppliers, col("ps_suppkey").equalTo(col("s_suppkey")));
        Dataset<Row> lowestCost = europeanOffers.groupBy(col("ps_partkey").as("min_partkey"))
                .agg(min(col("ps_supplycost")).as("min_supplycost"));
        return t.part()
                .filter(col("p_size").equalTo(15).and(col("p_type").like("%BRASS")))
                .join(europeanOffers, col("p_partkey").equalTo(col("ps_partkey")))
                .join(lowestCost, col("ps_partkey").equalTo(col("min_partkey"))
                        .and(col("ps_supplycost").equalTo(col("min_supplycost"))))
                .select(col("s_acctbal"), col("s_name"), col("n_name"), col("p_partkey"), col("p_mfgr"),
                        col("s_address"), col("s_phone"), col("s_comment"))
                .orderBy(col("s_acctbal").desc(), col("n_name"), col("s_name"), col("p_partkey"))
                .limit(100);
    }
}
