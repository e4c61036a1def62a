package io.updraft.cli;

import io.updraft.bench.DuckDbOracle;
import io.updraft.bench.RowComparison;
import io.updraft.bench.TpchQueries;
import io.updraft.sql.format.CsvFormatter;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Date;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code updraft sql --format csv} over TPC-H SF 0.01, compared with DuckDB on the same Parquet files:
 * scans byte for byte (DuckDB's rows written by the same CSV writer), aggregates value by value with
 * exact decimals.
 */
class SqlVsDuckDbTest {
    private static Path data;
    private static DuckDbOracle duck;

    @BeforeAll
    static void start() {
        data = CliTestData.sf001();
        duck = DuckDbOracle.overTables(data);
    }

    @AfterAll
    static void stop() {
        duck.close();
    }

    @Test
    void filteredScanIsByteForByteDuckDbs() {
        String query = "select l_orderkey, l_linenumber, l_quantity, l_extendedprice, l_discount, l_shipdate, "
                + "l_returnflag, l_shipinstruct, l_comment from lineitem "
                + "where l_shipdate >= date '1996-01-01' and l_shipdate < date '1996-01-08' and l_quantity > 45 "
                + "order by l_orderkey, l_linenumber";
        assertCsvIsDuckDbs(query, 10);
    }

    @Test
    void stringInListAndDecimalBetweenScanIsByteForByteDuckDbs() {
        String query = "select o_orderkey, o_custkey, o_orderstatus, o_totalprice, o_orderdate, o_orderpriority "
                + "from orders where o_orderpriority in ('1-URGENT', '5-LOW') "
                + "and o_totalprice between 100000.00 and 101000.00 order by o_orderkey";
        assertCsvIsDuckDbs(query, 5);
    }

    @Test
    void namedTableWithComputedColumnsIsByteForByteDuckDbs() {
        String query = "select ps_partkey, ps_suppkey, ps_availqty, ps_supplycost * ps_availqty as stock_value "
                + "from partsupp where ps_availqty < 100 order by ps_partkey, ps_suppkey";
        CliRun run = CliRun.of("sql", "--master", "local[2]", "--table", "partsupp=" + data.resolve("partsupp"),
                "--format", "csv", query);
        assertThat(run.err()).isEmpty();
        assertThat(run.status()).isZero();
        List<Row> expected = duck.query(query);
        assertThat(expected).hasSizeGreaterThan(5);
        assertThat(run.out()).isEqualTo(csv(expected));
    }

    @Test
    void tpchQ1SqlMatchesDuckDb(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("q1.sql"), TpchQueries.sql(1) + ";\n");
        CliRun run = CliRun.of("sql", "--tables", data.toString(), "--format", "csv", "-f", file.toString());

        assertThat(run.err()).isEmpty();
        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("l_returnflag,l_linestatus,sum_qty,sum_base_price,sum_disc_price,sum_charge,"
                + "avg_qty,avg_price,avg_disc,count_order\n");
        assertSameValues(run.out(), duck.query(TpchQueries.sql(1)), 4);
    }

    @Test
    void tpchQ6SqlMatchesDuckDbExactly() {
        CliRun run = CliRun.of("sql", "--tables", data.toString(), "--format", "csv", TpchQueries.sql(6));

        assertThat(run.err()).isEmpty();
        assertThat(run.status()).isZero();
        List<Row> expected = duck.query(TpchQueries.sql(6));
        assertSameValues(run.out(), expected, 1);
        BigDecimal revenue = new BigDecimal(run.out().lines().toList().get(1));
        assertThat(revenue).isEqualByComparingTo(expected.get(0).getDecimal(0));
    }

    @Test
    void tableFormatPrintsEveryRowAsShowDoes() {
        CliRun run = CliRun.of("sql", "--tables", data.toString(),
                "select n_nationkey, n_name, n_regionkey from nation order by n_nationkey");
        assertThat(run.status()).isZero();
        List<String> lines = run.out().lines().toList();
        assertThat(lines).hasSize(25 + 4);
        assertThat(lines.subList(0, 4)).containsExactly(
                "+-----------+--------------+-----------+",
                "|n_nationkey|n_name        |n_regionkey|",
                "+-----------+--------------+-----------+",
                "|0          |ALGERIA       |0          |");
        assertThat(lines.get(28)).isEqualTo("+-----------+--------------+-----------+");
    }

    @Test
    void jsonFormatWritesOneObjectPerRow() {
        CliRun run = CliRun.of("sql", "--tables", data.toString(), "--format", "json",
                "select r_regionkey, r_name from region where r_regionkey < 2 order by r_regionkey");
        assertThat(run.status()).isZero();
        assertThat(run.out()).isEqualTo("{\"r_regionkey\":0,\"r_name\":\"AFRICA\"}\n"
                + "{\"r_regionkey\":1,\"r_name\":\"AMERICA\"}\n");
    }

    private static void assertCsvIsDuckDbs(String query, int minRows) {
        CliRun run = CliRun.of("sql", "--master", "local[2]", "--tables", data.toString(), "--format", "csv", query);
        assertThat(run.err()).isEmpty();
        assertThat(run.status()).isZero();
        List<Row> expected = duck.query(query);
        assertThat(expected).hasSizeGreaterThanOrEqualTo(minRows);
        assertThat(run.out()).isEqualTo(csv(expected));
    }

    private static String csv(List<Row> rows) {
        StructType schema = rows.get(0).schema();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new CsvFormatter().write(schema, rows, ZoneOffset.UTC, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Parses the CSV output back into values typed like DuckDB's columns and compares them. */
    private static void assertSameValues(String csv, List<Row> expected, int rows) {
        List<String> lines = csv.lines().toList();
        StructType schema = expected.get(0).schema();
        assertThat(lines.get(0)).isEqualTo(String.join(",", schema.fieldNames()));
        List<Row> actual = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            Object[] values = new Object[cells.length];
            for (int i = 0; i < cells.length; i++) {
                values[i] = parse(cells[i], schema.get(i).dataType());
            }
            actual.add(Row.of(values));
        }
        assertThat(actual).hasSize(rows);
        assertThat(RowComparison.difference(expected, actual, true)).isEmpty();
    }

    private static Object parse(String cell, DataType type) {
        if (cell.isEmpty()) {
            return null;
        }
        return switch (type) {
            case StringType s -> cell;
            case DateType d -> Date.valueOf(cell);
            default -> new BigDecimal(cell);
        };
    }
}
