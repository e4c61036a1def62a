package io.updraft.sql;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileFormat;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Loads files into a DataFrame, as Spark's {@code DataFrameReader}: {@code session.read().format("csv")
 * .option("header", true).schema("a INT, b STRING").load(paths)}, or the shortcuts {@code parquet}, {@code csv},
 * {@code json}, {@code text}. Option keys are case-insensitive (the last value set for a key wins), as Spark's; the
 * {@code path} option is a path like the arguments. Without a schema, Parquet's comes from the footers, CSV's and
 * JSON's are inferred by reading the files (see the engine README), text's is {@code value string}. Paths are read
 * when the DataFrame is made (listing, footers, inference), so a missing path fails here with {@code
 * [PATH_NOT_FOUND]}. Not thread-safe (a builder).
 */
public final class DataFrameReader {
    private static final List<String> FORMATS = List.of("parquet", "csv", "json", "text");

    private final UpdraftSession session;
    private String format = "parquet";
    private final Map<String, String> options = new LinkedHashMap<>();
    private StructType userSchema;

    DataFrameReader(UpdraftSession session) {
        this.session = session;
    }

    /** The source format: parquet (the default), csv, json or text; case-insensitive. */
    public DataFrameReader format(String source) {
        String name = Objects.requireNonNull(source, "source is null").toLowerCase(Locale.ROOT);
        if (name.startsWith("org.apache.spark.sql.execution.datasources.")) {
            name = name.substring(name.lastIndexOf('.') + 1).replace("fileformat", "");
        }
        this.format = name;
        return this;
    }

    /** Sets an option (key case-insensitive: a later {@code option("HEADER", ...)} replaces {@code header}). */
    public DataFrameReader option(String key, String value) {
        String lower = Objects.requireNonNull(key, "key is null").toLowerCase(Locale.ROOT);
        options.put(lower, value);
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

    /** The schema to read with instead of inferring one (CSV columns by position, JSON fields and Parquet columns by name). */
    public DataFrameReader schema(StructType schema) {
        this.userSchema = Objects.requireNonNull(schema, "schema is null");
        return this;
    }

    /** The schema as a DDL string, e.g. {@code "a INT, b STRING"} (Spark's {@code StructType.fromDDL}). */
    public DataFrameReader schema(String schemaString) {
        return schema(StructType.fromDDL(Objects.requireNonNull(schemaString, "schemaString is null")));
    }

    /**
     * Parquet files or folders of them (recursively; names starting with "_" or "." are skipped), as local
     * paths, {@code file:} URIs or {@code s3://} URIs, globs allowed. All files must share one schema. A missing path
     * fails here with "[PATH_NOT_FOUND] Path does not exist: ...", an unreadable footer names the file.
     */
    public Dataset<Row> parquet(String... paths) {
        return load("parquet", paths);
    }

    /** CSV files or folders of them (every non-hidden file below a folder). */
    public Dataset<Row> csv(String... paths) {
        return load("csv", paths);
    }

    /** JSON lines files (or, with {@code multiLine}, one JSON document per file). */
    public Dataset<Row> json(String... paths) {
        return load("json", paths);
    }

    /** Text files: one row per line in the string column {@code value} ({@code wholetext}: one row per file). */
    public Dataset<Row> text(String... paths) {
        return load("text", paths);
    }

    /** Text files as a {@code Dataset<String>} of their lines (Spark's {@code textFile}: {@code text(...)} as strings). */
    public Dataset<String> textFile(String... paths) {
        return text(paths).as(Encoders.STRING());
    }

    /** Loads with the format set by {@link #format}; the paths, or the {@code path} option when none are given. */
    public Dataset<Row> load(String... paths) {
        return load(format, paths);
    }

    /** The temporary view {@code name}, as {@code session.table(name)}. */
    public Dataset<Row> table(String name) {
        return session.table(name);
    }

    private Dataset<Row> load(String formatName, String... paths) {
        if (!FORMATS.contains(formatName)) {
            throw UpdraftException.user("DATA_SOURCE_NOT_FOUND", "42K02", "Failed to find the data source: "
                    + formatName + ". Updraft reads " + String.join(", ", FORMATS) + ".");
        }
        List<String> all = new ArrayList<>(List.of(paths));
        String pathOption = options.get("path");
        if (pathOption != null) {
            all.add(0, pathOption);
        }
        if (all.isEmpty()) {
            throw UpdraftException.user("UNABLE_TO_INFER_SCHEMA", "42KD9", "No path given to read " + formatName
                    + ": pass one to load(...) or set the 'path' option.");
        }
        Map<String, String> formatOptions = new LinkedHashMap<>(options);
        formatOptions.remove("path");
        return session.read(new FileFormat(formatName, formatOptions), all, userSchema);
    }
}
