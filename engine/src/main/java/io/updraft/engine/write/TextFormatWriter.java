package io.updraft.engine.write;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.VarCharVector;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * One text file as Spark writes it: the one string column's UTF-8 bytes then {@code lineSep} (default "\n") per
 * row, a null as an empty line. Any other schema is Spark's error: the text data source supports a single
 * string column.
 */
final class TextFormatWriter implements FormatWriter {
    private final OutputStream out;
    private final int column;
    private final byte[] lineSeparator;

    TextFormatWriter(OutputStream out, StructType schema, int[] columns, String lineSeparator) {
        if (schema.size() != 1) {
            throw UpdraftException.user("Text data source supports only a single column, and you have "
                    + schema.size() + " columns.");
        }
        if (!(schema.get(0).dataType() instanceof StringType)) {
            throw UpdraftException.user("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE", "0A000",
                    "The Text datasource doesn't support the column `" + schema.get(0).name() + "` of the type \""
                            + schema.get(0).dataType().simpleString().toUpperCase(java.util.Locale.ROOT) + "\".");
        }
        this.out = out;
        this.column = columns[0];
        this.lineSeparator = lineSeparator.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void write(Batch batch, int[] rows, int from, int count) {
        VarCharVector v = (VarCharVector) batch.vector(column);
        try {
            for (int i = from; i < from + count; i++) {
                int r = rows == null ? i : rows[i];
                if (!v.isNull(r)) {
                    out.write(v.get(r));
                }
                out.write(lineSeparator);
            }
        } catch (IOException e) {
            throw new UpdraftException(ErrorType.TRANSIENT, "Cannot write text output: " + e.getMessage(), e);
        }
    }

    @Override
    public void finish() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UpdraftException(ErrorType.TRANSIENT, "Cannot write text output: " + e.getMessage(), e);
        }
    }
}
