package io.updraft.engine.csv;

import io.updraft.engine.file.ParseMode;
import io.updraft.engine.file.SplitLineReader;
import io.updraft.engine.file.TextInputs;
import io.updraft.engine.file.TextValueParser;
import io.updraft.engine.file.RecordSource;
import io.updraft.sql.types.StructType;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.Iterator;

/**
 * The records of one CSV split as Spark's CSV reader makes them: line mode reads the split's lines (blank lines
 * and comment lines skipped; with {@code header}, the first such line of a file is the header and is skipped),
 * multi-line mode parses the whole file. Fields are matched to the data schema's columns by position, the
 * corrupt-record column (a string column named {@code columnNameOfCorruptRecord}) left out. A record is
 * malformed when it has more or fewer fields than those columns or a field does not convert to its column's type
 * ({@link TextValueParser}); then the parse mode decides: PERMISSIVE keeps it with the fields that did not
 * convert as null and its text in the corrupt-record column, DROPMALFORMED drops it, FAILFAST fails naming the
 * file and line. Not thread-safe.
 */
public final class CsvRecordSource implements RecordSource {
    private final TextInputs.Opened input;
    private final String path;
    private final CsvOptions options;
    private final CsvTokenizer tokenizer;
    private final TextValueParser values;
    private final StructType dataSchema;
    private final boolean[] required;
    private final int corruptIndex;
    private final int[] tokenColumns;
    private final SplitLineReader lines;
    private final CSVParser multiLineParser;
    private final Iterator<CSVRecord> multiLineRecords;
    private final long splitStart;
    private boolean headerPending;

    public CsvRecordSource(TextInputs.Opened input, String path, long splitStart, CsvOptions options,
                           StructType dataSchema, boolean[] required, ZoneId zone) throws IOException {
        this.input = input;
        this.path = path;
        this.options = options;
        this.splitStart = splitStart;
        this.tokenizer = new CsvTokenizer(options);
        this.values = new TextValueParser(options.nanValue(), options.positiveInf(), options.negativeInf(),
                options.dateFormat(), options.timestampFormat(), zone);
        this.dataSchema = dataSchema;
        this.required = required.clone();
        this.corruptIndex = corruptIndex(dataSchema, options.corruptColumn());
        this.tokenColumns = new int[dataSchema.size() - (corruptIndex >= 0 ? 1 : 0)];
        for (int i = 0, t = 0; i < dataSchema.size(); i++) {
            if (i != corruptIndex) {
                tokenColumns[t++] = i;
            }
        }
        this.headerPending = options.header() && (input.wholeFile() || splitStart == 0);
        if (options.multiLine()) {
            this.lines = null;
            this.multiLineParser = tokenizer.multiLine(new InputStreamReader(input.stream(), StandardCharsets.UTF_8));
            this.multiLineRecords = multiLineParser.iterator();
        } else {
            this.lines = new SplitLineReader(input.stream(), input.wholeFile() ? 0 : splitStart, input.end());
            this.multiLineParser = null;
            this.multiLineRecords = null;
        }
    }

    /** The index of the corrupt-record column in {@code schema} (a string column of that name), or -1. */
    public static int corruptIndex(StructType schema, String name) {
        int i = schema.indexOf(name);
        return i >= 0 && schema.get(i).dataType() instanceof io.updraft.sql.types.StringType ? i : -1;
    }

    @Override
    public boolean next(Object[] row) throws IOException {
        while (true) {
            String[] tokens;
            String text;
            if (lines != null) {
                text = lines.next();
                if (text == null) {
                    return false;
                }
                if (text.isBlank() || (options.comment() != '\u0000' && text.charAt(0) == options.comment())) {
                    continue;
                }
                if (headerPending) {
                    headerPending = false;
                    continue;
                }
                tokens = tokenize(text);
                if (tokens == null) {
                    continue;
                }
            } else {
                CSVRecord record = nextMultiLine();
                if (record == null) {
                    return false;
                }
                tokens = record.values();
                if (headerPending) {
                    headerPending = false;
                    continue;
                }
                text = String.join(options.delimiter(), java.util.Arrays.stream(tokens)
                        .map(t -> t == null ? "" : t).toList());
            }
            if (convert(tokens, row, text)) {
                return true;
            }
        }
    }

    private String[] tokenize(String line) {
        try {
            return tokenizer.line(line);
        } catch (UncheckedIOException | IllegalStateException e) {
            return new String[] {line};
        }
    }

    private CSVRecord nextMultiLine() {
        try {
            return multiLineRecords.hasNext() ? multiLineRecords.next() : null;
        } catch (UncheckedIOException | IllegalStateException e) {
            throw TextInputs.unreadable(path, e);
        }
    }

    /** Converts into {@code row}; false when the record is dropped. */
    private boolean convert(String[] tokens, Object[] row, String text) {
        boolean malformed = tokens.length != tokenColumns.length;
        for (int t = 0; t < tokenColumns.length; t++) {
            int column = tokenColumns[t];
            if (!required[column]) {
                continue;
            }
            String field = t < tokens.length ? options.fieldText(tokens[t]) : null;
            if (field == null) {
                row[column] = null;
                continue;
            }
            Object value = values.parse(field, dataSchema.get(column).dataType());
            if (value == TextValueParser.MALFORMED) {
                row[column] = null;
                malformed = true;
            } else {
                row[column] = value;
            }
        }
        if (corruptIndex >= 0) {
            row[corruptIndex] = malformed ? text : null;
        }
        if (!malformed) {
            return true;
        }
        return switch (options.mode()) {
            case PERMISSIVE -> true;
            case DROPMALFORMED -> false;
            case FAILFAST -> throw ParseMode.failFast(path, where(), text, null);
        };
    }

    private String where() {
        if (lines == null) {
            return "";
        }
        return splitStart == 0 || input.wholeFile() ? "line " + lines.lineNumber()
                : "line " + lines.lineNumber() + " of the split starting at byte " + splitStart;
    }

    @Override
    public void close() throws IOException {
        try {
            if (multiLineParser != null) {
                multiLineParser.close();
            }
        } finally {
            input.close();
        }
    }
}
