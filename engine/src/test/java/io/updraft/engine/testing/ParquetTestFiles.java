package io.updraft.engine.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes Parquet files with DuckDB (the same writer our users' data often comes from) and queries them as
 * an oracle. DuckDB cuts row groups at multiples of its 2048-row vectors, so ROW_GROUP_SIZE below 2048
 * still yields 2048-row groups.
 */
public final class ParquetTestFiles {
    private ParquetTestFiles() {
    }

    /** {@code COPY (select) TO file (FORMAT parquet, ROW_GROUP_SIZE rowGroupSize)}; returns the file. */
    public static Path write(Path file, String select, int rowGroupSize) {
        return write(file, select, "ROW_GROUP_SIZE " + rowGroupSize);
    }

    public static Path write(Path file, String select, String options) {
        execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet, " + options + ")");
        return file;
    }

    /** Runs one statement on a fresh single-threaded DuckDB (so row groups and row order are deterministic). */
    public static void execute(String sql) {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("SET threads TO 1");
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    /** Rows of a DuckDB query as lists of JDBC objects. */
    public static List<List<Object>> query(String sql) {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            List<List<Object>> rows = new ArrayList<>();
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    row.add(rs.getObject(i));
                }
                rows.add(row);
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }
}
