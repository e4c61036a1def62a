package io.updraft.sql;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Loads data into a DataFrame, as Spark's {@code DataFrameReader}: {@code session.read().parquet(paths)}.
 * Parquet only for now; the schema comes from the files' footers. Not thread-safe (a builder).
 */
public final class DataFrameReader {
    private final UpdraftSession session;
    private String format = "parquet";
    private final Map<String, String> options = new HashMap<>();

    DataFrameReader(UpdraftSession session) {
        this.session = session;
    }

    /** The source format; only "parquet" is supported yet. */
    public DataFrameReader format(String source) {
        this.format = Objects.requireNonNull(source, "source is null").toLowerCase(Locale.ROOT);
        return this;
    }

    /** Records an option; Parquet reading has none that change results yet. */
    public DataFrameReader option(String key, String value) {
        options.put(Objects.requireNonNull(key, "key is null"), value);
        return this;
    }

    public DataFrameReader option(String key, boolean value) {
        return option(key, Boolean.toString(value));
    }

    public DataFrameReader option(String key, long value) {
        return option(key, Long.toString(value));
    }

    public DataFrameReader option(String key, double value) {
        return option(key, Double.toString(value));
    }

    public DataFrameReader options(Map<String, String> values) {
        values.forEach(this::option);
        return this;
    }

    /**
     * Parquet files or folders of them (recursively; names starting with "_" or "." are skipped), as local
     * paths or {@code file:} URIs. All files must share one schema. A missing path fails here with
     * "[PATH_NOT_FOUND] Path does not exist: ...", an unreadable footer names the file.
     */
    public Dataset<Row> parquet(String... paths) {
        return session.parquet(List.of(paths));
    }

    /** Loads with the format set by {@link #format}. */
    public Dataset<Row> load(String... paths) {
        if (!format.equals("parquet")) {
            throw new UnsupportedOperationException("The data source '" + format + "' is not supported yet; "
                    + "supported: parquet");
        }
        return parquet(paths);
    }

    /** The temporary view {@code name}, as {@code session.table(name)}. */
    public Dataset<Row> table(String name) {
        return session.table(name);
    }
}
