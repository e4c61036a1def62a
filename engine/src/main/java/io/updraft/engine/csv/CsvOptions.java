package io.updraft.engine.csv;

import io.updraft.core.error.UpdraftException;
import io.updraft.engine.file.ParseMode;
import io.updraft.engine.file.ReaderOptions;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.QuoteMode;

import java.util.Map;

/**
 * Spark's CSV data source options (keys case-insensitive) and their mapping onto Apache Commons CSV, the one place
 * both the CSV reader and the CSV writer take them from. Defaults are Spark 4's: {@code sep} ",", {@code quote}
 * '"', {@code escape} '\', {@code header} false, {@code nullValue} "", {@code emptyValue} "" (reading), {@code
 * nanValue} "NaN", {@code positiveInf} "Inf", {@code negativeInf} "-Inf", {@code inferSchema} false, {@code mode}
 * PERMISSIVE, {@code columnNameOfCorruptRecord} "_corrupt_record", {@code multiLine} false, {@code dateFormat}
 * and {@code timestampFormat} unset (Spark's default parsing: ISO-like, see {@code core.value.DateTimes}), {@code
 * comment} none, {@code encoding} UTF-8 (the only one supported), {@code preferDate} true; writing only: {@code
 * quoteAll} false, {@code escapeQuotes} true, {@code charToEscapeQuoteEscaping} the escape character when it is not
 * the quote character, {@code lineSep} "\n". Immutable.
 */
public record CsvOptions(boolean header, String delimiter, char quote, char escape, String nullValue,
                         String emptyValue, String nanValue, String positiveInf, String negativeInf,
                         boolean inferSchema, String dateFormat, String timestampFormat, ParseMode mode,
                         String corruptColumn, boolean multiLine, char comment, boolean ignoreLeadingWhiteSpace,
                         boolean ignoreTrailingWhiteSpace, boolean preferDate, boolean enforceSchema,
                         String emptyValueInWrite, boolean quoteAll, String lineSeparator,
                         boolean ignoreLeadingWhiteSpaceInWrite, boolean ignoreTrailingWhiteSpaceInWrite,
                         boolean escapeQuotes, char charToEscapeQuoteEscaping) {
    /** Spark's default {@code timestampFormat} when writing (also JSON's). */
    public static final String DEFAULT_TIMESTAMP_FORMAT = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX";
    private static final String DEFAULT_DATE_FORMAT = "yyyy-MM-dd";

    /**
     * The options of {@code given} (keys case-insensitive), checked as Spark checks them. As Spark's
     * {@code CSVOptions}, one option can have a reading and a writing default: {@code emptyValue} ("" / {@code ""}
     * quoted), {@code ignoreLeadingWhiteSpace} and {@code ignoreTrailingWhiteSpace} (false / true).
     */
    public static CsvOptions of(Map<String, String> given) {
        Map<String, String> options = new java.util.HashMap<>();
        given.forEach((k, v) -> options.put(k.toLowerCase(java.util.Locale.ROOT), v));
        String sep = ReaderOptions.unescape(ReaderOptions.string(options, "sep",
                ReaderOptions.string(options, "delimiter", ",")));
        if (sep.isEmpty()) {
            throw UpdraftException.user("INVALID_OPTION_VALUE", "42K06", "Delimiter cannot be empty string.");
        }
        String encoding = ReaderOptions.string(options, "encoding", ReaderOptions.string(options, "charset", "UTF-8"));
        if (!encoding.equalsIgnoreCase("UTF-8") && !encoding.equalsIgnoreCase("UTF8")) {
            throw UpdraftException.user("UNSUPPORTED_FEATURE", "0A000", "The CSV encoding " + encoding
                    + " is not supported: Updraft reads UTF-8.");
        }
        return new CsvOptions(
                ReaderOptions.bool(options, "header", false),
                sep,
                ReaderOptions.character(options, "quote", '"'),
                ReaderOptions.character(options, "escape", '\\'),
                ReaderOptions.string(options, "nullValue", ""),
                ReaderOptions.string(options, "emptyValue", ""),
                ReaderOptions.string(options, "nanValue", "NaN"),
                ReaderOptions.string(options, "positiveInf", "Inf"),
                ReaderOptions.string(options, "negativeInf", "-Inf"),
                ReaderOptions.bool(options, "inferSchema", false),
                options.get("dateformat"),
                options.get("timestampformat"),
                ParseMode.of(options.get("mode")),
                ReaderOptions.string(options, "columnNameOfCorruptRecord", ParseMode.DEFAULT_CORRUPT_COLUMN),
                ReaderOptions.bool(options, "multiLine", false),
                ReaderOptions.character(options, "comment", '\u0000'),
                ReaderOptions.bool(options, "ignoreLeadingWhiteSpace", false),
                ReaderOptions.bool(options, "ignoreTrailingWhiteSpace", false),
                ReaderOptions.bool(options, "preferDate", true),
                ReaderOptions.bool(options, "enforceSchema", true),
                ReaderOptions.string(options, "emptyValue", "\"\""),
                ReaderOptions.bool(options, "quoteAll", false),
                ReaderOptions.string(options, "lineSep", "\n"),
                ReaderOptions.bool(options, "ignoreLeadingWhiteSpace", true),
                ReaderOptions.bool(options, "ignoreTrailingWhiteSpace", true),
                ReaderOptions.bool(options, "escapeQuotes", true),
                charToEscapeQuoteEscaping(options, ReaderOptions.character(options, "quote", '"'),
                        ReaderOptions.character(options, "escape", '\\')));
    }

    /** Spark's default: the escape character when it differs from the quote character, else none ('\u0000'). */
    private static char charToEscapeQuoteEscaping(Map<String, String> options, char quote, char escape) {
        return ReaderOptions.character(options, "charToEscapeQuoteEscaping", escape != quote ? escape : '\u0000');
    }

    /** {@code dateFormat} when writing: the option, else Spark's yyyy-MM-dd. */
    public String writeDateFormat() {
        return dateFormat != null ? dateFormat : DEFAULT_DATE_FORMAT;
    }

    /** {@code timestampFormat} when writing: the option, else {@link #DEFAULT_TIMESTAMP_FORMAT}. */
    public String writeTimestampFormat() {
        return timestampFormat != null ? timestampFormat : DEFAULT_TIMESTAMP_FORMAT;
    }

    /**
     * The Commons CSV format for reading: the delimiter, quote and escape ('\u0000' = none), no header handling
     * (the reader drops the header line itself), empty lines skipped, and {@link QuoteMode#ALL_NON_NULL} with no
     * null string, so an unquoted empty field reads as null and a quoted one ({@code ""}) as "" — what the reader
     * needs to apply {@code nullValue} and {@code emptyValue} as Spark does.
     */
    public CSVFormat readFormat() {
        return CSVFormat.Builder.create()
                .setDelimiter(delimiter)
                .setQuote(quote == '\u0000' ? null : quote)
                .setEscape(escape == '\u0000' || escape == quote ? null : escape)
                .setQuoteMode(QuoteMode.ALL_NON_NULL)
                .setNullString(null)
                .setCommentMarker(comment == '\u0000' ? null : comment)
                .setIgnoreEmptyLines(true)
                .setIgnoreSurroundingSpaces(false)
                .setTrim(false)
                .setAllowMissingColumnNames(true)
                .setLenientEof(true)
                .setTrailingData(true)
                .get();
    }

    /**
     * The text of one field as Spark's reader sees it, from what {@link #readFormat} parsed: null (an unquoted empty
     * field) stays null, "" (a quoted empty field) becomes {@code emptyValue}, and a text equal to {@code nullValue}
     * becomes null.
     */
    public String fieldText(String raw) {
        if (raw == null) {
            return null;
        }
        String text = raw.isEmpty() ? emptyValue : raw;
        if (ignoreLeadingWhiteSpace) {
            text = text.stripLeading();
        }
        if (ignoreTrailingWhiteSpace) {
            text = text.stripTrailing();
        }
        return text.equals(nullValue) ? null : text;
    }

    /** The name of the {@code i}-th column when the file has no header (or an empty header name): _c0, _c1, ... */
    public static String defaultColumnName(int i) {
        return "_c" + i;
    }
}
