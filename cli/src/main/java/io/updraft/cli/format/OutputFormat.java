package io.updraft.cli.format;

import io.updraft.sql.format.CsvFormatter;
import io.updraft.sql.format.JsonLinesFormatter;
import io.updraft.sql.format.ResultFormatter;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The values of {@code --format}: how {@code updraft sql} prints its result. */
public enum OutputFormat {
    /** Spark's {@code show()} layout, every row, no truncation. */
    TABLE(new TableFormatter()),
    /** RFC 4180 with a header line. */
    CSV(new CsvFormatter()),
    /** One JSON object per row and line, as Spark's {@code toJSON}. */
    JSON(new JsonLinesFormatter());

    private final ResultFormatter formatter;

    OutputFormat(ResultFormatter formatter) {
        this.formatter = formatter;
    }

    public ResultFormatter formatter() {
        return formatter;
    }

    /** The format named {@code text} (case-insensitive), if any. */
    public static Optional<OutputFormat> parse(String text) {
        return Arrays.stream(values()).filter(f -> f.name().equalsIgnoreCase(text)).findFirst();
    }

    /** "table|csv|json", for usage and error messages. */
    public static String choices() {
        return String.join("|", Arrays.stream(values()).map(f -> f.name().toLowerCase(Locale.ROOT)).toList());
    }
}
