package io.updraft.engine.write;

import io.updraft.core.error.UpdraftException;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The options every file format's writer reads (keys case-insensitive, as Spark's): {@code compression} (alias
 * {@code codec}; for Parquet also the session's {@code spark.sql.parquet.compression.codec}, default snappy; for
 * the text formats default none), {@code maxRecordsPerFile} (or {@code spark.sql.files.maxRecordsPerFile}; 0 =
 * unlimited) and, for Parquet, {@code spark.sql.parquet.outputTimestampType} (INT96, TIMESTAMP_MICROS,
 * TIMESTAMP_MILLIS; default INT96 as Spark).
 */
record WriteOptions(String format, Map<String, String> all, String compression, long maxRecordsPerFile,
                    ParquetSchemas.TimestampOutput timestamps) {
    static WriteOptions of(String format, Map<String, String> options) {
        Map<String, String> o = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        o.putAll(options);
        String defaultCodec = format.equals("parquet")
                ? o.getOrDefault("spark.sql.parquet.compression.codec", "snappy") : "none";
        String compression = o.getOrDefault("compression", o.getOrDefault("codec", defaultCodec))
                .trim().toLowerCase(Locale.ROOT);
        String max = o.getOrDefault("maxRecordsPerFile", o.getOrDefault("spark.sql.files.maxRecordsPerFile", "0"));
        long maxRecords;
        try {
            maxRecords = Long.parseLong(max.trim());
        } catch (NumberFormatException e) {
            throw UpdraftException.user("Option maxRecordsPerFile must be a number, was '" + max + "'");
        }
        String ts = o.getOrDefault("spark.sql.parquet.outputTimestampType", "INT96").trim().toUpperCase(Locale.ROOT);
        ParquetSchemas.TimestampOutput timestamps;
        try {
            timestamps = ParquetSchemas.TimestampOutput.valueOf(ts);
        } catch (IllegalArgumentException e) {
            throw UpdraftException.user("spark.sql.parquet.outputTimestampType must be INT96, TIMESTAMP_MICROS or "
                    + "TIMESTAMP_MILLIS, was '" + ts + "'");
        }
        return new WriteOptions(format, o, compression, maxRecords, timestamps);
    }
}
