package io.updraft.engine.csv;

import io.updraft.core.error.UpdraftException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.QuoteMode;

import java.util.Locale;
import java.util.Map;

/**
 * Spark's CSV data source options, read once from a reader's or writer's option map (keys case-insensitive, as
 * Spark's {@code CaseInsensitiveMap}), with Spark's defaults: {@code sep}/{@code delimiter} ",", {@code quote}
 * '"', {@code escape} '\', {@code header} false, {@code nullValue} "", {@code emptyValue} (written: {@code ""}),
 * {@code quoteAll} false, {@code escapeQuotes} true, {@code dateFormat} yyyy-MM-dd, {@code timestampFormat}
 * yyyy-MM-dd'T'HH:mm:ss.SSSXXX, {@code lineSep} "\n" when writing, {@code ignoreLeadingWhiteSpace} /
 * {@code ignoreTrailingWhiteSpace} (true when writing), {@code compression}/{@code codec}. The one home of these
 * options for the CSV reader, the writer and the cli's {@code --format csv}; {@link #format()} is the
 * Commons CSV format they share. A bad value is a USER error naming the option.
 */
public record CsvWriteOptions(char delimiter, char quote, char escape, boolean header, String nullValue,
                         String emptyValueInWrite, boolean quoteAll, boolean escapeQuotes, String dateFormat,
                         String timestampFormat, String lineSeparator, boolean ignoreLeadingWhiteSpaceInWrite,
                         boolean ignoreTrailingWhiteSpaceInWrite, String compression) {
    public static final String DEFAULT_TIMESTAMP_FORMAT = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX";

    public static CsvWriteOptions defaults() {
        return of(Map.of());
    }

    public static CsvWriteOptions of(Map<String, String> options) {
        Map<String, String> o = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        o.putAll(options);
        String sep = o.getOrDefault("sep", o.getOrDefault("delimiter", ","));
        return new CsvWriteOptions(
                oneChar("sep", sep.equals("\\t") ? "\t" : sep),
                oneChar("quote", o.getOrDefault("quote", "\"")),
                oneChar("escape", o.getOrDefault("escape", "\\")),
                bool(o, "header", false),
                o.getOrDefault("nullValue", ""),
                o.getOrDefault("emptyValue", "\"\""),
                bool(o, "quoteAll", false),
                bool(o, "escapeQuotes", true),
                o.getOrDefault("dateFormat", "yyyy-MM-dd"),
                o.getOrDefault("timestampFormat", DEFAULT_TIMESTAMP_FORMAT),
                o.getOrDefault("lineSep", "\n"),
                bool(o, "ignoreLeadingWhiteSpace", true),
                bool(o, "ignoreTrailingWhiteSpace", true),
                o.getOrDefault("compression", o.getOrDefault("codec", "none")).toLowerCase(Locale.ROOT));
    }

    /** The Commons CSV format of these options (what the writer prints and the reader parses with). */
    public CSVFormat format() {
        return CSVFormat.DEFAULT.builder()
                .setDelimiter(delimiter)
                .setQuote(quote)
                .setEscape(escape == '\0' ? null : escape)
                .setQuoteMode(quoteAll ? QuoteMode.ALL : QuoteMode.MINIMAL)
                .setRecordSeparator(lineSeparator)
                .setIgnoreSurroundingSpaces(false)
                .get();
    }

    private static char oneChar(String option, String value) {
        if (value.isEmpty()) {
            return '\0';
        }
        if (value.length() != 1) {
            throw UpdraftException.user("CSV option '" + option + "' must be one character, was '" + value + "'");
        }
        return value.charAt(0);
    }

    static boolean bool(Map<String, String> o, String option, boolean defaultValue) {
        String v = o.get(option);
        if (v == null) {
            return defaultValue;
        }
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw UpdraftException.user("CSV option '" + option + "' must be true or false, was '" + v
                    + "'");
        };
    }
}
