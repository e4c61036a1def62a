package io.updraft.planner;

import io.updraft.planner.catalog.Catalog;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The eight TPC-H tables at scale factor 1 as Parquet sources (the bench's types: keys bigint, counts int, money
 * decimal(15,2), dates, strings), with SF1 row counts and typical compressed sizes, and the 22 queries' SQL text
 * from the bench module's copy (see {@link #sql}).
 */
public final class TpchCatalog {
    private static final DataType KEY = DataTypes.LongType;
    private static final DataType INT = DataTypes.IntegerType;
    private static final DataType MONEY = Tpch.MONEY;
    private static final DataType TEXT = DataTypes.StringType;
    private static final DataType DATE = DataTypes.DateType;

    private TpchCatalog() {
    }

    private static StructType schema(Object... nameTypes) {
        StructType t = new StructType(List.of());
        for (int i = 0; i < nameTypes.length; i += 2) {
            t = t.add((String) nameTypes[i], (DataType) nameTypes[i + 1]);
        }
        return t;
    }

    private static LogicalPlan table(int scale, String name, long rows, long bytes, StructType schema) {
        if (!name.equals("nation") && !name.equals("region")) {
            rows *= scale;
            bytes *= scale;
        }
        List<String> files = new ArrayList<>();
        int parts = rows > 1_000_000 ? 4 : rows > 100_000 ? 2 : 1;
        for (int i = 0; i < parts; i++) {
            files.add("/data/tpch/sf1/" + name + "/part-0000" + i + ".parquet");
        }
        return new FileRelation(new FileSource(files, List.of("/data/tpch/sf1/" + name), schema, bytes, rows));
    }

    /** Table name → relation, at scale factor 1. */
    public static Map<String, LogicalPlan> tables() {
        return tables(1);
    }

    /** The catalog at scale factor {@code scale}: row counts and sizes × scale, but nation and region's. */
    public static Catalog catalog(int scale) {
        return Tpch.catalog(tables(scale));
    }

    /** Table name → relation, at scale factor {@code scale} (nation and region do not grow). */
    public static Map<String, LogicalPlan> tables(int scale) {
        Map<String, LogicalPlan> t = new LinkedHashMap<>();
        t.put("part", table(scale, "part", 200_000, 7_000_000, schema("p_partkey", KEY, "p_name", TEXT, "p_mfgr", TEXT,
                "p_brand", TEXT, "p_type", TEXT, "p_size", INT, "p_container", TEXT, "p_retailprice", MONEY,
                "p_comment", TEXT)));
        t.put("supplier", table(scale, "supplier", 10_000, 800_000, schema("s_suppkey", KEY, "s_name", TEXT, "s_address", TEXT,
                "s_nationkey", KEY, "s_phone", TEXT, "s_acctbal", MONEY, "s_comment", TEXT)));
        t.put("partsupp", table(scale, "partsupp", 800_000, 45_000_000, schema("ps_partkey", KEY, "ps_suppkey", KEY,
                "ps_availqty", INT, "ps_supplycost", MONEY, "ps_comment", TEXT)));
        t.put("customer", table(scale, "customer", 150_000, 12_000_000, schema("c_custkey", KEY, "c_name", TEXT, "c_address",
                TEXT, "c_nationkey", KEY, "c_phone", TEXT, "c_acctbal", MONEY, "c_mktsegment", TEXT, "c_comment", TEXT)));
        t.put("orders", table(scale, "orders", 1_500_000, 55_000_000, schema("o_orderkey", KEY, "o_custkey", KEY,
                "o_orderstatus", TEXT, "o_totalprice", MONEY, "o_orderdate", DATE, "o_orderpriority", TEXT, "o_clerk",
                TEXT, "o_shippriority", INT, "o_comment", TEXT)));
        t.put("lineitem", table(scale, "lineitem", 6_001_215, 210_000_000, Tpch.LINEITEM_SCHEMA));
        t.put("nation", table(scale, "nation", 25, 2_500, schema("n_nationkey", KEY, "n_name", TEXT, "n_regionkey", KEY,
                "n_comment", TEXT)));
        t.put("region", table(scale, "region", 5, 1_000, schema("r_regionkey", KEY, "r_name", TEXT, "r_comment", TEXT)));
        return t;
    }

    public static Catalog catalog() {
        return Tpch.catalog(tables());
    }

    /**
     * The SQL text of query {@code n} (1..22): the one copy the project keeps, in the bench module
     * (bench/src/main/resources/io/updraft/bench/tpch/qN.sql), read from the checkout (updraft.home).
     */
    public static String sql(int n) {
        java.nio.file.Path file = java.nio.file.Path.of(System.getProperty("updraft.home", ".."))
                .resolve("bench/src/main/resources/io/updraft/bench/tpch/q" + n + ".sql");
        try {
            return java.nio.file.Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read TPC-H query " + n + " from " + file
                    + " (set -Dupdraft.home to the repository root)", e);
        }
    }
}
