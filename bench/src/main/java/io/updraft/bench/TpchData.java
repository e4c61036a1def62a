package io.updraft.bench;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import io.updraft.core.error.UpdraftException;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * Generates the eight TPC-H tables with the {@code io.trino.tpch} generator and writes them as Parquet
 * through DuckDB (Appender, then {@code COPY ... TO}), since DuckDB's own TPC-H extension cannot be
 * downloaded on these machines.
 *
 * <p>Layout: {@code <dir>/<table>/part-NNNNN.parquet}; the big tables are split into several files (one
 * per ~{@value #ROWS_PER_FILE} rows, at least two) so a scan makes several tasks. A {@code _SUCCESS} file
 * written last marks a complete folder; a complete folder is reused as is (a cache). Generation happens
 * in a sibling temporary folder renamed into place, so readers never see half a data set.
 *
 * <p>Types: keys BIGINT, counts and sizes INTEGER, money and quantities DECIMAL(15,2) (converted exactly
 * from the generator's cents), dates DATE, text VARCHAR; column names as in the TPC-H specification.
 * Thread-safe: concurrent calls on the same folder both end with the same complete folder.
 */
public final class TpchData {
    /** Name of the marker written last into a complete data folder. */
    public static final String SUCCESS_MARKER = "_SUCCESS";
    /** Target rows per Parquet file for the big tables. */
    public static final long ROWS_PER_FILE = 150_000;

    private static final List<String> BIG_TABLES = List.of("lineitem", "orders", "partsupp", "part", "customer");

    private TpchData() {
    }

    /** What {@link #generate} did: the folder, whether it was reused from an earlier run, and how long it took. */
    public record Result(Path dir, double scale, boolean reused, Duration elapsed, Map<String, Long> rowCounts) {
    }

    /** The TPC-H table names, in the generator's order. */
    public static List<String> tableNames() {
        return TpchTable.getTables().stream().map(TpchTable::getTableName).toList();
    }

    /** True when {@code dir} holds a complete data set (its {@code _SUCCESS} marker exists). */
    public static boolean isComplete(Path dir) {
        return Files.isRegularFile(dir.resolve(SUCCESS_MARKER));
    }

    /**
     * Makes sure {@code dir} holds TPC-H at scale factor {@code scale}: reuses a complete folder made at the
     * same scale, otherwise generates it.
     *
     * @throws UpdraftException (USER) when the scale is not positive, or when {@code dir} exists and is not a
     *                          complete TPC-H folder of this scale (it is never deleted)
     */
    public static Result generate(double scale, Path dir) {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw UpdraftException.user("TPC-H scale factor must be a positive number, was " + scale);
        }
        Path target = dir.toAbsolutePath().normalize();
        long start = System.nanoTime();
        Result existing = reuse(scale, target, start);
        if (existing != null) {
            return existing;
        }
        if (Files.exists(target) && !isEmptyDirectory(target)) {
            throw UpdraftException.user("Data folder " + target + " exists but is not a complete TPC-H data set (no "
                    + SUCCESS_MARKER + "); delete it or choose another folder");
        }
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(System.nanoTime()));
        try {
            Map<String, Long> rows = writeAll(scale, tmp);
            writeMarker(tmp, scale, rows);
            if (!moveIntoPlace(tmp, target)) {
                Result raced = reuse(scale, target, start);
                if (raced != null) {
                    return raced;
                }
                throw UpdraftException.user("Data folder " + target + " appeared while generating and is not a "
                        + "complete TPC-H data set of scale " + scale);
            }
            return new Result(target, scale, false, Duration.ofNanos(System.nanoTime() - start), rows);
        } finally {
            deleteRecursively(tmp);
        }
    }

    /** Number of Parquet files for {@code table} at {@code scale}: several for the big tables, one otherwise. */
    static int fileCount(String table, double scale) {
        if (!BIG_TABLES.contains(table)) {
            return 1;
        }
        long rows = approximateRows(table, scale);
        return (int) Math.max(2, Math.round((double) rows / ROWS_PER_FILE));
    }

    /** Rows of {@code table} at {@code scale} as the specification gives them (lineitem is approximate). */
    static long approximateRows(String table, double scale) {
        long perScaleOne = switch (table) {
            case "lineitem" -> 6_001_215L;
            case "orders" -> 1_500_000L;
            case "partsupp" -> 800_000L;
            case "part" -> 200_000L;
            case "customer" -> 150_000L;
            case "supplier" -> 10_000L;
            case "nation" -> 25L;
            case "region" -> 5L;
            default -> throw new IllegalArgumentException("not a TPC-H table: " + table);
        };
        return table.equals("nation") || table.equals("region") ? perScaleOne : (long) Math.ceil(perScaleOne * scale);
    }

    /** The CREATE TABLE statement for {@code table} with the standard TPC-H column types. */
    static String createTableSql(TpchTable<?> table, String name) {
        StringBuilder sql = new StringBuilder("CREATE TABLE ").append(name).append(" (");
        List<? extends TpchColumn<?>> columns = table.getColumns();
        for (int i = 0; i < columns.size(); i++) {
            TpchColumn<?> column = columns.get(i);
            sql.append(i == 0 ? "" : ", ").append(column.getColumnName()).append(' ').append(sqlType(column));
        }
        return sql.append(')').toString();
    }

    private static String sqlType(TpchColumn<?> column) {
        return switch (column.getType().getBase()) {
            case IDENTIFIER -> "BIGINT";
            case INTEGER -> "INTEGER";
            case DATE -> "DATE";
            case DOUBLE -> "DECIMAL(15,2)";
            case VARCHAR -> "VARCHAR";
        };
    }

    private static Result reuse(double scale, Path target, long start) {
        if (!isComplete(target)) {
            return null;
        }
        Map<String, String> marker = readMarker(target);
        String madeAt = marker.get("scale");
        if (madeAt == null || Double.parseDouble(madeAt) != scale) {
            throw UpdraftException.user("Data folder " + target + " holds TPC-H at scale " + madeAt + ", not " + scale
                    + "; choose another folder");
        }
        Map<String, Long> rows = new TreeMap<>();
        marker.forEach((key, value) -> {
            if (key.startsWith("rows.")) {
                rows.put(key.substring(5), Long.parseLong(value));
            }
        });
        return new Result(target, scale, true, Duration.ofNanos(System.nanoTime() - start), rows);
    }

    private static Map<String, Long> writeAll(double scale, Path tmp) {
        List<Part> parts = new ArrayList<>();
        for (TpchTable<?> table : TpchTable.getTables()) {
            int files = fileCount(table.getTableName(), scale);
            for (int part = 1; part <= files; part++) {
                parts.add(new Part(table, part, files));
            }
        }
        Map<String, Long> rows = new TreeMap<>();
        int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), parts.size()));
        try (DuckDBConnection duck = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:")) {
            ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
                Thread thread = new Thread(runnable, "tpch-generator");
                thread.setDaemon(true);
                return thread;
            });
            try {
                List<Future<Long>> results = new ArrayList<>();
                for (Part part : parts) {
                    results.add(pool.submit(() -> writePart(duck, scale, tmp, part)));
                }
                for (int i = 0; i < parts.size(); i++) {
                    rows.merge(parts.get(i).table().getTableName(), results.get(i).get(), Long::sum);
                }
            } finally {
                pool.shutdownNow();
            }
        } catch (SQLException e) {
            throw UpdraftException.internal("DuckDB failed while writing TPC-H Parquet files into " + tmp, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw UpdraftException.internal("TPC-H generation failed: " + cause, cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UpdraftException.internal("TPC-H generation interrupted", e);
        }
        return rows;
    }

    private record Part(TpchTable<?> table, int part, int partCount) {
    }

    /** Generates one part of one table into its own DuckDB table, copies it to Parquet, drops the table. */
    private static long writePart(DuckDBConnection shared, double scale, Path tmp, Part part) throws SQLException,
            IOException {
        String tableName = part.table().getTableName();
        Path folder = tmp.resolve(tableName);
        Files.createDirectories(folder);
        Path file = folder.resolve(String.format(Locale.ROOT, "part-%05d.parquet", part.part() - 1));
        String staging = tableName + "_part_" + part.part();
        try (DuckDBConnection duck = (DuckDBConnection) shared.duplicate(); Statement statement = duck.createStatement()) {
            statement.execute(createTableSql(part.table(), staging));
            long rows = appendRows(duck, staging, part.table(), scale, part.part(), part.partCount());
            statement.execute("COPY " + staging + " TO '" + file.toString().replace("'", "''")
                    + "' (FORMAT parquet)");
            statement.execute("DROP TABLE " + staging);
            return rows;
        }
    }

    private static <E extends TpchEntity> long appendRows(DuckDBConnection duck, String staging, TpchTable<E> table,
                                                          double scale, int part, int partCount) throws SQLException {
        List<TpchColumn<E>> columns = table.getColumns();
        long rows = 0;
        try (DuckDBAppender appender = duck.createAppender(DuckDBConnection.DEFAULT_SCHEMA, staging)) {
            for (E entity : table.createGenerator(scale, part, partCount)) {
                appender.beginRow();
                for (TpchColumn<E> column : columns) {
                    switch (column.getType().getBase()) {
                        case IDENTIFIER -> appender.append(column.getIdentifier(entity));
                        case INTEGER -> appender.append(column.getInteger(entity));
                        case DATE -> appender.appendEpochDays(column.getDate(entity));
                        // The generator holds money as whole cents; its double is cents / 100, so rounding
                        // back to cents is exact (|cents| < 2^53). appendDecimal takes the unscaled value.
                        case DOUBLE -> appender.appendDecimal(Math.round(column.getDouble(entity) * 100.0));
                        case VARCHAR -> appender.append(column.getString(entity));
                    }
                }
                appender.endRow();
                rows++;
            }
        }
        return rows;
    }

    private static void writeMarker(Path tmp, double scale, Map<String, Long> rows) {
        StringBuilder text = new StringBuilder("scale=").append(scale).append('\n');
        rows.forEach((table, count) -> text.append("rows.").append(table).append('=').append(count).append('\n'));
        try {
            Files.writeString(tmp.resolve(SUCCESS_MARKER), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + tmp.resolve(SUCCESS_MARKER), e);
        }
    }

    private static Map<String, String> readMarker(Path dir) {
        Map<String, String> values = new TreeMap<>();
        try {
            for (String line : Files.readAllLines(dir.resolve(SUCCESS_MARKER), StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    values.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
                }
            }
        } catch (IOException e) {
            throw UpdraftException.user("Cannot read " + dir.resolve(SUCCESS_MARKER) + ": " + e.getMessage(), e);
        }
        return values;
    }

    /** Renames {@code tmp} to {@code target}; false when {@code target} already exists (another writer won). */
    private static boolean moveIntoPlace(Path tmp, Path target) {
        try {
            Files.createDirectories(target.getParent());
            if (Files.isDirectory(target) && isEmptyDirectory(target)) {
                Files.delete(target);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target);
            }
            return true;
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            return false;
        } catch (IOException e) {
            throw UpdraftException.user("Cannot create data folder " + target + ": " + e, e);
        }
    }

    private static boolean isEmptyDirectory(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // best effort: a leftover temporary folder is harmless and named as such
        }
    }
}
