package io.updraft.bench;

import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One writer case of {@link SparkWriterCasesTest}: a SELECT both engines understand (the DataFrame written), a format,
 * the writer's options, the partition columns and, optionally, how DuckDB reads the written folder ("DIR" stands for
 * it; null = not read by DuckDB beyond what the test always does). Immutable.
 */
record SparkWriterCase(String name, String format, String select, Map<String, String> options,
                       List<String> partitionBy, String duckDbRead, StructType schema, List<Row> rows) {
    SparkWriterCase {
        Objects.requireNonNull(name, "name is null");
        rows = rows == null ? null : List.copyOf(rows);
        options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
        partitionBy = List.copyOf(partitionBy);
    }

    boolean header() {
        return "true".equalsIgnoreCase(options.get("header"));
    }

    /** With rows (and their schema) Updraft writes {@code createDataFrame(rows, schema)}, the same data as the SELECT. */
    SparkWriterCase withRows(StructType schema, List<Row> rows) {
        return new SparkWriterCase(name, format, select, options, partitionBy, duckDbRead, schema, rows);
    }

    /** The regex the files' lines are split by. */
    String lineSeparator() {
        return Pattern.quote(options.getOrDefault("lineSep", "\n"));
    }

    /** Every atomic type but binary; nulls, negatives, extremes. */
    static final String SCALARS = """
            SELECT 1 AS id, CAST(1 AS TINYINT) AS t, CAST(2 AS SMALLINT) AS sm, 30000 AS i, CAST(4000000000 AS BIGINT) AS l, \
            CAST(1.5 AS FLOAT) AS f, CAST(2.25 AS DOUBLE) AS d, CAST(12.34 AS DECIMAL(7,2)) AS m, \
            CAST('-1234567890123456789012345.12345' AS DECIMAL(30,5)) AS m3, 'héllo' AS s, true AS b, \
            CAST('2024-02-29' AS DATE) AS dt, CAST('2024-03-10 02:30:00.123456' AS TIMESTAMP) AS ts \
            UNION ALL SELECT 2, CAST(NULL AS TINYINT), CAST(NULL AS SMALLINT), CAST(NULL AS INT), CAST(NULL AS BIGINT), \
            CAST(NULL AS FLOAT), CAST(NULL AS DOUBLE), CAST(NULL AS DECIMAL(7,2)), CAST(NULL AS DECIMAL(30,5)), \
            CAST(NULL AS STRING), CAST(NULL AS BOOLEAN), CAST(NULL AS DATE), CAST(NULL AS TIMESTAMP) \
            UNION ALL SELECT 3, CAST(-128 AS TINYINT), CAST(-32768 AS SMALLINT), -7, CAST(-9223372036854775807 AS BIGINT), \
            CAST(-0.25 AS FLOAT), CAST(1e300 AS DOUBLE), CAST(-0.01 AS DECIMAL(7,2)), CAST('0.00001' AS DECIMAL(30,5)), \
            '', false, CAST('1969-12-31' AS DATE), CAST('1969-12-31 23:59:59' AS TIMESTAMP) \
            UNION ALL SELECT 4, CAST(127 AS TINYINT), CAST(0 AS SMALLINT), 2147483647, CAST(0 AS BIGINT), \
            CAST(3.4e38 AS FLOAT), CAST(-0.000001 AS DOUBLE), CAST(0 AS DECIMAL(7,2)), CAST(0 AS DECIMAL(30,5)), \
            'x', true, CAST('0001-01-01' AS DATE), CAST('2024-01-01 00:00:00' AS TIMESTAMP)""";

    /** Strings that need quoting or escaping in CSV and JSON. */
    static final String STRINGS = """
            SELECT 1 AS id, 'plain' AS s UNION ALL SELECT 2, 'a,b' UNION ALL SELECT 3, 'say "hi"' \
            UNION ALL SELECT 4, 'back\\\\slash' UNION ALL SELECT 5, ' padded ' UNION ALL SELECT 6, '' \
            UNION ALL SELECT 7, CAST(NULL AS STRING) UNION ALL SELECT 8, 'semi;colon|pipe' UNION ALL SELECT 9, 'it\\'s' \
            UNION ALL SELECT 10, 'two\\nlines' UNION ALL SELECT 11, 'tab\\there' UNION ALL SELECT 12, '"' \
            UNION ALL SELECT 13, '#hash#' UNION ALL SELECT 14, 'ünï €'""";

    /** Arrays, structs, maps and binary. */
    static final String NESTED = """
            SELECT 1 AS id, array(1, 2) AS a, array('x', CAST(NULL AS STRING)) AS sa, \
            named_struct('x', 1, 's', 'p') AS st, map('k', 1, 'l', CAST(NULL AS INT)) AS mp, \
            array(named_struct('x', 2, 's', 'q')) AS ast, CAST('ab' AS BINARY) AS bin \
            UNION ALL SELECT 2, CAST(NULL AS ARRAY<INT>), array(), named_struct('x', CAST(NULL AS INT), 's', \
            CAST(NULL AS STRING)), map('m', 3), CAST(NULL AS ARRAY<STRUCT<x: INT, s: STRING>>), CAST('' AS BINARY) \
            UNION ALL SELECT 3, array(CAST(NULL AS INT)), CAST(NULL AS ARRAY<STRING>), \
            CAST(NULL AS STRUCT<x: INT, s: STRING>), CAST(NULL AS MAP<STRING, INT>), array(), CAST(NULL AS BINARY)""";

    private static final StructType POINT = new StructType(List.of()).add("x", DataTypes.IntegerType)
            .add("s", DataTypes.StringType);
    /** {@link #NESTED}'s schema and rows (Updraft's SQL has no array literals nor casts to nested types). */
    static final StructType NESTED_SCHEMA = new StructType(List.of()).add("id", DataTypes.IntegerType)
            .add("a", DataTypes.createArrayType(DataTypes.IntegerType))
            .add("sa", DataTypes.createArrayType(DataTypes.StringType)).add("st", POINT)
            .add("mp", DataTypes.createMapType(DataTypes.StringType, DataTypes.IntegerType))
            .add("ast", DataTypes.createArrayType(POINT)).add("bin", DataTypes.BinaryType);
    static final List<Row> NESTED_ROWS = nestedRows();

    private static List<Row> nestedRows() {
        Map<String, Integer> first = new LinkedHashMap<>();
        first.put("k", 1);
        first.put("l", null);
        return List.of(
                Row.of(1, List.of(1, 2), Arrays.asList("x", null), Row.of(1, "p"), first, List.of(Row.of(2, "q")),
                        "ab".getBytes(StandardCharsets.UTF_8)),
                Row.of(2, null, List.of(), Row.of(null, null), Map.of("m", 3), null, new byte[0]),
                Row.of(3, Arrays.asList((Integer) null), null, null, null, List.of(), null));
    }

    /** Partition keys of several types, with nulls and characters that need escaping in folder names. */
    static final String PARTITIONED = """
            SELECT 1 AS id, 'a' AS k, 2024 AS y, CAST('2024-01-02' AS DATE) AS d, 1.5 AS v \
            UNION ALL SELECT 2, 'a', 2025, CAST('2024-01-02' AS DATE), 2.5 \
            UNION ALL SELECT 3, 'b/c=d', 2024, CAST(NULL AS DATE), 3.5 \
            UNION ALL SELECT 4, CAST(NULL AS STRING), 2024, CAST('2024-01-03' AS DATE), 4.5 \
            UNION ALL SELECT 5, 'e f%', 2025, CAST('2024-01-02' AS DATE), CAST(NULL AS DOUBLE)""";

    static final String MANY = """
            SELECT 1 AS id, 'a' AS s UNION ALL SELECT 2, 'b' UNION ALL SELECT 3, 'c' UNION ALL SELECT 4, 'd' \
            UNION ALL SELECT 5, 'e'""";

    static final String LINES = """
            SELECT 'one' AS value, 'x' AS p UNION ALL SELECT '', 'x' UNION ALL SELECT CAST(NULL AS STRING), 'y' \
            UNION ALL SELECT ' two words ', 'y'""";

    private static SparkWriterCase of(String name, String format, String select, String duck, String... options) {
        return partitioned(name, format, select, List.of(), duck, options);
    }

    private static SparkWriterCase partitioned(String name, String format, String select, List<String> partitionBy,
                                               String duck, String... options) {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i < options.length; i += 2) {
            o.put(options[i], options[i + 1]);
        }
        return new SparkWriterCase(name, format, select, o, partitionBy, duck, null, null);
    }

    /** Spark's CSV defaults spelled out, as DuckDB's sniffer would guess differently from file to file. */
    private static final String CSV = "SELECT * FROM read_csv('DIR/**/part-*.csv*', all_varchar = true, header = false, "
            + "delim = ',', quote = '\"', escape = '\\', hive_partitioning = false)";
    private static final String CSV_HEADER = "SELECT * FROM read_csv('DIR/**/part-*.csv*', all_varchar = true, "
            + "header = true, delim = ',', quote = '\"', escape = '\\', hive_partitioning = true)";
    private static final String JSON = "SELECT * FROM read_json('DIR/**/part-*.json*', format = 'newline_delimited', "
            + "hive_partitioning = true)";

    static final List<SparkWriterCase> CASES = List.of(
            of("parquet_scalars", "parquet", SCALARS, null),
            of("parquet_nested_and_binary", "parquet", NESTED, null).withRows(NESTED_SCHEMA, NESTED_ROWS),
            partitioned("parquet_partition_by_string_int_date", "parquet", PARTITIONED, List.of("k", "y", "d"), null),
            of("parquet_gzip", "parquet", SCALARS, null, "compression", "gzip"),
            of("parquet_zstd", "parquet", SCALARS, null, "compression", "zstd"),
            of("parquet_uncompressed", "parquet", SCALARS, null, "compression", "none"),
            of("parquet_lz4_raw", "parquet", MANY, null, "compression", "lz4_raw"),
            of("parquet_max_records_per_file", "parquet", MANY, null, "maxRecordsPerFile", "2"),

            of("csv_defaults", "csv", SCALARS, CSV),
            of("csv_header", "csv", SCALARS, CSV_HEADER, "header", "true"),
            of("csv_strings_default_quoting", "csv", STRINGS, CSV),
            of("csv_sep", "csv", STRINGS, null, "sep", ";"),
            of("csv_quote", "csv", STRINGS, null, "quote", "'"),
            of("csv_escape", "csv", STRINGS, null, "escape", "#"),
            of("csv_null_value", "csv", STRINGS, null, "nullValue", "NA"),
            of("csv_empty_value", "csv", STRINGS, null, "emptyValue", "EMPTY"),
            of("csv_quote_all", "csv", STRINGS, null, "quoteAll", "true"),
            of("csv_escape_quotes_false", "csv", STRINGS, null, "escapeQuotes", "false"),
            of("csv_keep_whitespace", "csv", STRINGS, null, "ignoreLeadingWhiteSpace", "false",
                    "ignoreTrailingWhiteSpace", "false"),
            of("csv_line_sep", "csv", STRINGS, null, "lineSep", "|"),
            of("csv_date_format", "csv", SCALARS, null, "dateFormat", "dd/MM/yyyy"),
            of("csv_timestamp_format", "csv", SCALARS, null, "timestampFormat", "yyyy-MM-dd HH:mm:ss"),
            of("csv_gzip", "csv", SCALARS, CSV_HEADER, "compression", "gzip", "header", "true"),
            partitioned("csv_partition_by", "csv", PARTITIONED, List.of("k", "y"), CSV_HEADER, "header", "true"),
            of("csv_max_records_per_file", "csv", MANY, null, "maxRecordsPerFile", "2"),
            of("csv_binary", "csv", "SELECT 1 AS id, X'00AB61' AS bin", null).withRows(
                    new StructType(List.of()).add("id", DataTypes.IntegerType).add("bin", DataTypes.BinaryType),
                    List.of(Row.of(1, new byte[]{0, (byte) 0xab, 0x61}))),
            of("csv_array_is_an_error", "csv", "SELECT 1 AS id, array(1, 2) AS a", null).withRows(
                    new StructType(List.of()).add("id", DataTypes.IntegerType)
                            .add("a", DataTypes.createArrayType(DataTypes.IntegerType)),
                    List.of(Row.of(1, List.of(1, 2)))),
            of("csv_struct_is_an_error", "csv", "SELECT 1 AS id, named_struct('x', 1, 's', 'p') AS st", null),

            of("json_scalars", "json", SCALARS, JSON),
            of("json_nested_and_binary", "json", NESTED, JSON).withRows(NESTED_SCHEMA, NESTED_ROWS),
            of("json_strings", "json", STRINGS, JSON),
            of("json_keep_null_fields", "json", SCALARS, null, "ignoreNullFields", "false"),
            of("json_date_and_timestamp_format", "json", SCALARS, null, "dateFormat", "yyyyMMdd",
                    "timestampFormat", "yyyy-MM-dd HH:mm"),
            of("json_line_sep", "json", STRINGS, null, "lineSep", "\r\n"),
            of("json_gzip", "json", SCALARS, JSON, "compression", "gzip"),
            partitioned("json_partition_by", "json", PARTITIONED, List.of("y", "d"), JSON),

            of("text_lines", "text", "SELECT value FROM (" + LINES + ")", null),
            of("text_gzip", "text", "SELECT value FROM (" + LINES + ")", null, "compression", "gzip"),
            of("text_line_sep", "text", "SELECT value FROM (" + LINES + ")", null, "lineSep", ";"),
            partitioned("text_partition_by", "text", LINES, List.of("p"), null));
}
