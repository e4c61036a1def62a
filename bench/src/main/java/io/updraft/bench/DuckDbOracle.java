package io.updraft.bench;

import io.updraft.core.error.UpdraftException;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs SQL in an in-memory DuckDB over the same Parquet files Updraft reads: the correctness oracle.
 * Each table folder becomes {@code CREATE VIEW <name> AS SELECT * FROM read_parquet('<folder>/*.parquet')}.
 * Results come back as {@link Row}s with Spark's Java types (BigDecimal, java.sql.Date, Long, ...), so
 * they compare directly with Updraft's rows through {@link RowComparison}. Not thread-safe: one per thread.
 */
public final class DuckDbOracle implements AutoCloseable {
    private final Connection connection;

    private DuckDbOracle(Connection connection) {
        this.connection = connection;
    }

    /** An oracle with no views; add them with {@link #registerParquet}. */
    public static DuckDbOracle inMemory() {
        try {
            return new DuckDbOracle(DriverManager.getConnection("jdbc:duckdb:"));
        } catch (SQLException e) {
            throw UpdraftException.internal("Cannot start DuckDB: " + e.getMessage(), e);
        }
    }

    /** An oracle with one view per subfolder of {@code tablesDir} (e.g. a {@link TpchData} folder). */
    public static DuckDbOracle overTables(Path tablesDir) {
        DuckDbOracle oracle = inMemory();
        try (Stream<Path> entries = Files.list(tablesDir)) {
            for (Path folder : entries.filter(Files::isDirectory).sorted().toList()) {
                oracle.registerParquet(folder.getFileName().toString(), folder);
            }
        } catch (IOException e) {
            oracle.close();
            throw UpdraftException.user("Cannot list tables in " + tablesDir + ": " + e.getMessage(), e);
        }
        return oracle;
    }

    /** Registers {@code name} as a view over a Parquet file, or over every {@code *.parquet} file in a folder. */
    public DuckDbOracle registerParquet(String name, Path path) {
        String glob = Files.isDirectory(path) ? path.resolve("*.parquet").toString() : path.toString();
        execute("CREATE OR REPLACE VIEW \"" + name.replace("\"", "\"\"") + "\" AS SELECT * FROM read_parquet('"
                + glob.replace("'", "''") + "')");
        return this;
    }

    /** Runs a statement that returns no rows. */
    public void execute(String sql) {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw UpdraftException.user("DuckDB rejected: " + sql + ": " + e.getMessage(), e);
        }
    }

    /** Runs a query and returns its rows in DuckDB's order, with a schema in Spark types. */
    public List<Row> query(String sql) {
        try (Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            int width = meta.getColumnCount();
            List<StructField> fields = new ArrayList<>(width);
            for (int i = 1; i <= width; i++) {
                fields.add(new StructField(meta.getColumnLabel(i), sparkType(meta, i), true));
            }
            StructType schema = new StructType(fields);
            List<Row> rows = new ArrayList<>();
            while (rs.next()) {
                Object[] values = new Object[width];
                for (int i = 1; i <= width; i++) {
                    values[i - 1] = sparkValue(rs, i);
                }
                rows.add(Row.withSchema(schema, values));
            }
            return rows;
        } catch (SQLException e) {
            throw UpdraftException.user("DuckDB rejected: " + sql + ": " + e.getMessage(), e);
        }
    }

    /** Runs a query returning one row of one number, e.g. {@code select count(*) ...}. */
    public long queryLong(String sql) {
        List<Row> rows = query(sql);
        if (rows.size() != 1 || rows.get(0).size() != 1) {
            throw new IllegalStateException("expected one row of one column from: " + sql);
        }
        return rows.get(0).getLong(0);
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw UpdraftException.internal("Cannot close DuckDB: " + e.getMessage(), e);
        }
    }

    private static DataType sparkType(ResultSetMetaData meta, int i) throws SQLException {
        String name = meta.getColumnTypeName(i).toUpperCase(java.util.Locale.ROOT);
        return switch (meta.getColumnType(i)) {
            case Types.BOOLEAN -> DataTypes.BooleanType;
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER -> DataTypes.IntegerType;
            case Types.BIGINT -> DataTypes.LongType;
            case Types.FLOAT, Types.REAL, Types.DOUBLE -> DataTypes.DoubleType;
            case Types.DECIMAL, Types.NUMERIC -> DataTypes.createDecimalType(
                    Math.max(1, meta.getPrecision(i)), Math.max(0, meta.getScale(i)));
            case Types.DATE -> DataTypes.DateType;
            case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> DataTypes.TimestampType;
            default -> name.equals("HUGEINT") ? DataTypes.createDecimalType(38, 0) : DataTypes.StringType;
        };
    }

    private static Object sparkValue(ResultSet rs, int i) throws SQLException {
        Object value = rs.getObject(i);
        if (value == null) {
            return null;
        }
        return switch (value) {
            case Byte b -> b.intValue();
            case Short s -> s.intValue();
            case Float f -> f.doubleValue();
            case BigInteger big -> new BigDecimal(big);
            case LocalDate date -> java.sql.Date.valueOf(date);
            case LocalDateTime dateTime -> Timestamp.valueOf(dateTime);
            case OffsetDateTime dateTime -> Timestamp.from(dateTime.toInstant());
            case java.sql.Date date -> date;
            case Timestamp timestamp -> timestamp;
            case Boolean b -> b;
            case Integer n -> n;
            case Long n -> n;
            case Double d -> d;
            case BigDecimal d -> d;
            case String s -> s;
            default -> value.toString();
        };
    }
}
