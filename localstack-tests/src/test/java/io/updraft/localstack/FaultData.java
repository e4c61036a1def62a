package io.updraft.localstack;

import io.updraft.sql.Row;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The data of the fault and accounting tests, written by DuckDB under target/ and uploaded to the stack's S3
 * once per run; DuckDB on the same files is the oracle.
 * <ul>
 *   <li>{@code kv}: {@value #KV_FILES} Parquet files of (k BIGINT, v BIGINT), k = 0..39999 — a scan of
 *   {@value #KV_FILES} tasks, so a shuffle after it is {@value #KV_FILES}×R.</li>
 *   <li>{@code heavy}: one file of (k BIGINT, g BIGINT), k = 0..{@value #HEAVY_ROWS}-1, g = k % {@value #HEAVY_GROUPS}:
 *   its self-join on g makes HEAVY_ROWS²/HEAVY_GROUPS rows, a task that takes seconds — a genuinely slow
 *   task for the kill and timeout tests.</li>
 * </ul>
 */
final class FaultData {
    static final int KV_FILES = 4;
    static final int KV_ROWS = 40_000;
    static final int HEAVY_ROWS = 8_000;
    static final int HEAVY_GROUPS = 6;

    /** Aggregation after a KV_FILES × R hash shuffle (R = spark.sql.shuffle.partitions). */
    static final String SHUFFLE_SQL = "SELECT k % 10 AS g, count(*) AS n, sum(v) AS s FROM kv GROUP BY k % 10";
    /** The heavy self-join, reduced to one row. */
    static final String HEAVY_SQL = "SELECT count(*) AS n, sum(a.k - b.k + a.g) AS s FROM heavy a JOIN heavy b"
            + " ON a.g = b.g";
    /** A three-way self-join (HEAVY_ROWS³/HEAVY_GROUPS² rows): a task that runs far longer than any test waits. */
    static final String ENDLESS_SQL = "SELECT count(*) AS n FROM heavy a JOIN heavy b ON a.g = b.g JOIN heavy c"
            + " ON b.g = c.g";

    private static Path local;

    private FaultData() {
    }

    /** The local folder with kv/ and heavy/, written once. */
    static synchronized Path local() {
        if (local != null) {
            return local;
        }
        Path dir = Path.of("target", "fault-data-" + KV_ROWS + "-" + HEAVY_ROWS).toAbsolutePath();
        try {
            if (!Files.isRegularFile(dir.resolve("_DONE"))) {
                Files.createDirectories(dir.resolve("kv"));
                Files.createDirectories(dir.resolve("heavy"));
                try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
                    for (int f = 0; f < KV_FILES; f++) {
                        s.execute("COPY (SELECT i::BIGINT AS k, (i * 7 % 1000)::BIGINT AS v FROM range(0, " + KV_ROWS
                                + ") t(i) WHERE i % " + KV_FILES + " = " + f + ") TO '"
                                + dir.resolve("kv/part-" + f + ".parquet") + "' (FORMAT PARQUET)");
                    }
                    s.execute("COPY (SELECT i::BIGINT AS k, (i % " + HEAVY_GROUPS + ")::BIGINT AS g FROM range(0, "
                            + HEAVY_ROWS + ") t(i)) TO '" + dir.resolve("heavy/part-0.parquet")
                            + "' (FORMAT PARQUET)");
                }
                Files.writeString(dir.resolve("_DONE"), "");
            }
        } catch (IOException | SQLException e) {
            throw new IllegalStateException("cannot write the fault-test data with DuckDB: " + e.getMessage(), e);
        }
        local = dir;
        return dir;
    }

    /** Uploads kv/ and heavy/ to the stack (once) and returns their s3:// root. */
    static String upload(LambdaStack stack) throws IOException {
        Path dir = local();
        String kv = stack.upload(dir.resolve("kv"), "fault-data/kv");
        stack.upload(dir.resolve("heavy"), "fault-data/heavy");
        return kv.substring(0, kv.length() - "/kv".length());
    }

    /** DuckDB's answer to {@code sql} over the local copies of the tables, as rows of Java values. */
    static List<List<Object>> duckdb(String sql) {
        Path dir = local();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("CREATE VIEW kv AS SELECT * FROM read_parquet('" + dir.resolve("kv/*.parquet") + "')");
            s.execute("CREATE VIEW heavy AS SELECT * FROM read_parquet('" + dir.resolve("heavy/*.parquet") + "')");
            List<List<Object>> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>(n);
                    for (int i = 1; i <= n; i++) {
                        Object v = rs.getObject(i);
                        row.add(v instanceof Number num ? num.longValue() : v);
                    }
                    rows.add(row);
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Rows of a result as lists of values (numbers as long), for comparison with {@link #duckdb}. */
    static List<List<Object>> values(List<Row> rows) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (Row r : rows) {
            List<Object> row = new ArrayList<>(r.length());
            for (int i = 0; i < r.length(); i++) {
                Object v = r.get(i);
                row.add(v instanceof Number num ? num.longValue() : v);
            }
            out.add(row);
        }
        return out;
    }
}
