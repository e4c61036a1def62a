package io.updraft.engine.csv;

import io.updraft.engine.file.SplitLineReader;
import io.updraft.engine.file.TextInputs;
import io.updraft.sql.types.StructType;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/**
 * The schema of CSV files as Spark infers it when none is given ({@code TextInputCSVDataSource.inferSchema}):
 * the first record of the first file (blank and comment lines skipped) gives the column count and, with {@code
 * header}, the names; every record of every file (lines equal to the header line skipped) feeds {@link
 * CsvSchemaInference} when {@code inferSchema} is on. Files are read whole, through the same inputs as the scan.
 * No records at all gives an empty schema. Stateless.
 */
public final class CsvFiles {
    private CsvFiles() {
    }

    public static StructType inferSchema(List<String> files, CsvOptions options, Map<String, String> settings,
                                         ZoneId zone) {
        CsvSchemaInference inference = new CsvSchemaInference(options, zone);
        CsvTokenizer tokenizer = new CsvTokenizer(options);
        String[] first = null;
        String headerLine = null;
        for (String file : files) {
            try (InputStream in = TextInputs.openWhole(file, settings)) {
                if (options.multiLine()) {
                    try (CSVParser parser = tokenizer.multiLine(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                        boolean firstOfFile = true;
                        for (CSVRecord record : parser) {
                            String[] tokens = record.values();
                            if (first == null) {
                                first = tokens;
                                firstOfFile = false;
                                if (options.header()) {
                                    continue;
                                }
                            } else if (firstOfFile && options.header()) {
                                firstOfFile = false;
                                continue;
                            }
                            firstOfFile = false;
                            inference.add(tokens);
                        }
                    }
                    continue;
                }
                SplitLineReader lines = new SplitLineReader(in, 0, Long.MAX_VALUE);
                for (String line = lines.next(); line != null; line = lines.next()) {
                    if (line.isBlank() || (options.comment() != '\u0000' && line.charAt(0) == options.comment())) {
                        continue;
                    }
                    String[] tokens;
                    try {
                        tokens = tokenizer.line(line);
                    } catch (UncheckedIOException | IllegalStateException e) {
                        tokens = new String[] {line};
                    }
                    if (tokens == null) {
                        continue;
                    }
                    if (first == null) {
                        first = tokens;
                        headerLine = line;
                        if (options.header()) {
                            continue;
                        }
                    } else if (options.header() && line.equals(headerLine)) {
                        continue;
                    }
                    inference.add(tokens);
                }
            } catch (IOException | UncheckedIOException e) {
                throw TextInputs.unreadable(file, e instanceof UncheckedIOException u ? u.getCause() : e);
            }
        }
        if (first == null) {
            return new StructType(List.of());
        }
        return inference.schema(options.header() ? headerNames(first) : null, first.length);
    }

    private static String[] headerNames(String[] tokens) {
        String[] names = new String[tokens.length];
        for (int i = 0; i < tokens.length; i++) {
            names[i] = tokens[i];
        }
        return names;
    }
}
