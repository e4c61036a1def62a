package io.updraft.engine.file;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The records of a text split as Spark's text source makes them: one row per line of the split (line breaks
 * removed), the line in column 0; with {@code wholetext} the whole file as one row. Not thread-safe.
 */
public final class TextRecordSource implements RecordSource {
    private final TextInputs.Opened input;
    private final SplitLineReader lines;
    private boolean wholeDone;

    public TextRecordSource(TextInputs.Opened input, long splitStart, boolean wholeText) throws IOException {
        this.input = input;
        this.lines = wholeText ? null
                : new SplitLineReader(input.stream(), input.wholeFile() ? 0 : splitStart, input.end());
    }

    @Override
    public boolean next(Object[] row) throws IOException {
        if (lines == null) {
            if (wholeDone) {
                return false;
            }
            wholeDone = true;
            row[0] = new String(input.stream().readAllBytes(), StandardCharsets.UTF_8);
            return true;
        }
        String line = lines.next();
        if (line == null) {
            return false;
        }
        row[0] = line;
        return true;
    }

    @Override
    public void close() throws IOException {
        input.close();
    }
}
