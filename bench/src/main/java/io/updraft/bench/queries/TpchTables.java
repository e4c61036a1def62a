package io.updraft.bench.queries;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;

import java.util.Objects;
import java.util.function.Function;

/**
 * The eight TPC-H tables as DataFrames, looked up by name when a query asks for one (e.g. {@code session::table}
 * over temporary views, or {@code name -> session.read().parquet(dir + name)}). Immutable.
 */
public final class TpchTables {
    private final Function<String, Dataset<Row>> table;

    public TpchTables(Function<String, Dataset<Row>> table) {
        this.table = Objects.requireNonNull(table, "table is null");
    }

    public Dataset<Row> lineitem() {
        return table.apply("lineitem");
    }

    public Dataset<Row> orders() {
        return table.apply("orders");
    }

    public Dataset<Row> customer() {
        return table.apply("customer");
    }

    public Dataset<Row> part() {
        return table.apply("part");
    }

    public Dataset<Row> partsupp() {
        return table.apply("partsupp");
    }

    public Dataset<Row> supplier() {
        return table.apply("supplier");
    }

    public Dataset<Row> nation() {
        return table.apply("nation");
    }

    public Dataset<Row> region() {
        return table.apply("region");
    }
}
