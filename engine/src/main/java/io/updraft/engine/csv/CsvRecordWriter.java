package io.updraft.engine.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;

/**
 * CSV records as Spark's CSV writer (univocity) spells them: fields separated by {@code sep}, quoted only when
 * Spark quotes them (see {@link #field}; always with {@code quoteAll}), records ended by {@code lineSep}; a null
 * field is {@code nullValue} and an empty string {@code emptyValue} (as given, unquoted; with {@code quoteAll} a
 * null is quoted too); strings are trimmed as
 * {@code ignoreLeadingWhiteSpace} / {@code ignoreTrailingWhiteSpace} say for writing. The one CSV writer of the
 * project: the engine's CSV files, the command line's {@code --format csv} and the benchmark's report. Not
 * thread-safe; the caller owns {@code out}.
 */
public final class CsvRecordWriter {
    private final Appendable out;
    private final CsvOptions options;
    private final char quote;
    private final char escape;
    private final char escapeEscape;
    private boolean newRecord = true;

    public CsvRecordWriter(Appendable out, CsvOptions options) {
        this.out = Objects.requireNonNull(out, "out is null");
        this.options = Objects.requireNonNull(options, "options is null");
        this.quote = options.quote();
        this.escape = options.escape();
        this.escapeEscape = options.escape() != options.quote() ? options.charToEscapeQuoteEscaping() : '\u0000';
    }

    /** One whole record of string fields (null fields written as {@code nullValue}). */
    public void record(List<String> fields) throws IOException {
        for (String field : fields) {
            field(field, true);
        }
        endRecord();
    }

    /**
     * The next field of the current record: {@code text} null for a null value; {@code string} whether it is a
     * string value (only strings are trimmed, as Spark trims). A field is quoted as Spark's writer quotes it: when
     * it holds the separator, a line break or a character of {@code lineSep}, the quote character (only with {@code
     * escapeQuotes}), or starts with the quote character; or always with {@code quoteAll}. Anything else is written
     * as it is (escape characters, a leading '#' or space). Inside quotes the quote character is escaped by {@code
     * escape} (doubled when they are the same) and {@code escape} by {@code charToEscapeQuoteEscaping}.
     */
    public void field(String text, boolean string) throws IOException {
        if (!newRecord) {
            out.append(options.delimiter());
        }
        newRecord = false;
        if (text == null) {
            if (options.quoteAll()) {
                quoted(options.nullValue());
            } else {
                out.append(options.nullValue());
            }
            return;
        }
        String value = string ? trim(text) : text;
        if (value.isEmpty()) {
            out.append(options.emptyValueInWrite());
        } else if (options.quoteAll() || needsQuotes(value)) {
            quoted(value);
        } else {
            out.append(value);
        }
    }

    private boolean needsQuotes(String text) {
        if (quote == '\u0000') {
            return false;
        }
        if (text.charAt(0) == quote || text.contains(options.delimiter())) {
            return true;
        }
        String lineSeparator = options.lineSeparator();
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\n' || ch == '\r' || (ch == quote && options.escapeQuotes()) || lineSeparator.indexOf(ch) >= 0) {
                return true;
            }
        }
        return false;
    }

    private void quoted(String text) throws IOException {
        out.append(quote);
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == quote && quote != '\u0000') {
                out.append(escape == '\u0000' ? quote : escape).append(ch);
            } else if (ch == escape && escapeEscape != '\u0000') {
                out.append(escapeEscape).append(ch);
            } else {
                out.append(ch);
            }
        }
        out.append(quote);
    }

    /** Ends the current record with {@code lineSep}. */
    public void endRecord() throws IOException {
        out.append(options.lineSeparator());
        newRecord = true;
    }

    /** {@link #record}, for writers into memory that cannot fail. */
    public void recordUnchecked(List<String> fields) {
        try {
            record(fields);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String trim(String s) {
        String t = s;
        if (options.ignoreLeadingWhiteSpaceInWrite()) {
            t = t.stripLeading();
        }
        if (options.ignoreTrailingWhiteSpaceInWrite()) {
            t = t.stripTrailing();
        }
        return t;
    }
}
