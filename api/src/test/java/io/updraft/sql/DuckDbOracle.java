package io.updraft.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** DuckDB over JDBC: writes the test Parquet files and answers the same questions, as the oracle. */
final class DuckDbOracle implements AutoCloseable {
    private final Connection connection;

    DuckDbOracle() throws SQLException {
        this.connection = DriverManager.getConnection("jdbc:duckdb:");
    }

    void execute(String sql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(sql);
        }
    }

    /** {@code COPY (query) TO file (FORMAT parquet, ROW_GROUP_SIZE rowGroupSize)}. */
    void writeParquet(String query, Path file, int rowGroupSize) throws SQLException {
        execute("COPY (" + query + ") TO '" + file + "' (FORMAT parquet, ROW_GROUP_SIZE " + rowGroupSize + ")");
    }

    /** The rows of a query, values normalized with {@link #normalize}. */
    List<List<Object>> query(String sql) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>(columns);
                for (int c = 1; c <= columns; c++) {
                    row.add(normalize(rs.getObject(c)));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Our rows, normalized the same way. */
    static List<List<Object>> rows(List<Row> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (Row r : rows) {
            List<Object> row = new ArrayList<>(r.size());
            for (int c = 0; c < r.size(); c++) {
                row.add(normalize(r.get(c)));
            }
            out.add(row);
        }
        return out;
    }

    static List<List<Object>> rows(Row[] rows) {
        return rows(Arrays.asList(rows));
    }

    /**
     * Exact numbers become BigDecimal without trailing zeros, doubles stay doubles, dates LocalDate,
     * timestamps Instant; everything else as is.
     */
    static Object normalize(Object v) {
        return switch (v) {
            case null -> null;
            case Integer i -> BigDecimal.valueOf(i);
            case Long l -> BigDecimal.valueOf(l);
            case Short s -> BigDecimal.valueOf(s);
            case BigInteger i -> new BigDecimal(i);
            case BigDecimal d -> d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
            case Float f -> f.doubleValue();
            case java.sql.Date d -> d.toLocalDate();
            case LocalDate d -> d;
            case Timestamp t -> t.toInstant();
            default -> v;
        };
    }

    /** Same rows in the same order; doubles equal within a relative 1e-9. */
    static void assertSameRows(List<List<Object>> actual, List<List<Object>> expected) {
        assertThat(actual).as("row count").hasSize(expected.size());
        for (int r = 0; r < expected.size(); r++) {
            List<Object> a = actual.get(r);
            List<Object> e = expected.get(r);
            assertThat(a).as("row %d width", r).hasSize(e.size());
            for (int c = 0; c < e.size(); c++) {
                Object av = a.get(c);
                Object ev = e.get(c);
                if (av instanceof Double ad && ev instanceof Number en) {
                    double ed = en.doubleValue();
                    assertThat(ad).as("row %d column %d: %s vs %s", r, c, a, e)
                            .isCloseTo(ed, within(Math.max(1e-9, Math.abs(ed) * 1e-9)));
                } else if (av instanceof Number an && ev instanceof Double ed) {
                    assertThat(an.doubleValue()).as("row %d column %d: %s vs %s", r, c, a, e)
                            .isCloseTo(ed, within(Math.max(1e-9, Math.abs(ed) * 1e-9)));
                } else {
                    assertThat(av).as("row %d column %d: %s vs %s", r, c, a, e).isEqualTo(ev);
                }
            }
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
