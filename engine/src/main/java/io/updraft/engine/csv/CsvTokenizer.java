package io.updraft.engine.csv;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.Iterator;

/**
 * Splits CSV text into raw fields with Commons CSV ({@link CsvOptions#readFormat}): a null field is an unquoted
 * empty one, "" a quoted empty one. In line mode (Spark's default, {@code multiLine} false) every line is a record
 * of its own, so a quoted line break ends the record as in Spark; in multi-line mode one parser reads the whole
 * file. Not thread-safe.
 */
final class CsvTokenizer {
    private final CSVFormat format;

    CsvTokenizer(CsvOptions options) {
        this.format = options.readFormat();
    }

    /** The fields of one line, or null for a line with no record (blank, or a comment). */
    String[] line(String line) {
        try (CSVParser parser = CSVParser.builder().setReader(new StringReader(line)).setFormat(format).get()) {
            Iterator<CSVRecord> records = parser.iterator();
            return records.hasNext() ? records.next().values() : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A parser of a whole multi-line input; the caller closes it. */
    CSVParser multiLine(Reader reader) throws IOException {
        return CSVParser.builder().setReader(reader).setFormat(format).get();
    }
}
