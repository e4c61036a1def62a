package io.updraft.engine.file;

import io.updraft.core.error.UpdraftException;

import java.util.Locale;

/**
 * What a CSV or JSON reader does with a malformed record, as Spark's {@code mode} option: PERMISSIVE (the default)
 * keeps the record with the fields it could not read as null and the record's text in the corrupt-record column
 * when the schema has one; DROPMALFORMED drops it; FAILFAST fails the read naming the file and the record.
 */
public enum ParseMode {
    PERMISSIVE, DROPMALFORMED, FAILFAST;

    /** Spark's {@code spark.sql.columnNameOfCorruptRecord} default. */
    public static final String DEFAULT_CORRUPT_COLUMN = "_corrupt_record";

    /** The mode an option value names (case-insensitive); Spark falls back to PERMISSIVE for unknown names. */
    public static ParseMode of(String text) {
        if (text == null) {
            return PERMISSIVE;
        }
        return switch (text.toUpperCase(Locale.ROOT)) {
            case "DROPMALFORMED" -> DROPMALFORMED;
            case "FAILFAST" -> FAILFAST;
            default -> PERMISSIVE;
        };
    }

    /** The FAILFAST error for a malformed record of {@code path}: Spark's error classes, the record's text. */
    public static UpdraftException failFast(String path, String where, String record, Throwable cause) {
        String shown = record.length() > 200 ? record.substring(0, 200) + "..." : record;
        return new UpdraftException(io.updraft.core.error.ErrorType.USER, "FAILED_READ_FILE.NO_HINT", "KD001",
                "Encountered error while reading file " + path + (where.isEmpty() ? "" : " (" + where + ")") + ". "
                        + UpdraftException.compose("MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION", "22023",
                        "Malformed records are detected in record parsing: " + shown + ". Parse Mode: FAILFAST. To "
                                + "process malformed records as null result, try setting the option 'mode' as "
                                + "'PERMISSIVE'."), cause);
    }
}
