package io.updraft.engine.csv;

import org.apache.commons.csv.CSVFormat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;

/**
 * CSV records as Spark's CSV writer spells them, through Commons CSV with {@link CsvOptions#writeFormat()}: fields
 * separated by {@code sep}, quoted only when needed (or always with {@code quoteAll}), quotes inside escaped with
 * {@code escape} (doubled when {@code escape} is the quote character), records ended by {@code lineSep}; a null
 * field is {@code nullValue} and an empty string {@code emptyValue} (as given, unquoted); strings are trimmed as
 * {@code ignoreLeadingWhiteSpace} / {@code ignoreTrailingWhiteSpace} say for writing. The one CSV writer of the
 * project: the engine's CSV files, the command line's {@code --format csv} and the benchmark's report. Not
 * thread-safe; the caller owns {@code out}.
 */
public final class CsvRecordWriter {
    private final Appendable out;
    private final CsvOptions options;
    private final CSVFormat format;
    private boolean newRecord = true;

    public CsvRecordWriter(Appendable out, CsvOptions options) {
        this.out = Objects.requireNonNull(out, "out is null");
        this.options = Objects.requireNonNull(options, "options is null");
        this.format = options.writeFormat();
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
     * string value (only strings are trimmed, as Spark trims).
     */
    public void field(String text, boolean string) throws IOException {
        boolean first = newRecord;
        newRecord = false;
        if (text == null || text.isEmpty()) {
            if (!first) {
                out.append(options.delimiter());
            }
            out.append(text == null ? options.nullValue() : options.emptyValueInWrite());
            return;
        }
        format.print(string ? trim(text) : text, out, first);
    }

    /** Ends the current record with {@code lineSep}. */
    public void endRecord() throws IOException {
        format.println(out);
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
