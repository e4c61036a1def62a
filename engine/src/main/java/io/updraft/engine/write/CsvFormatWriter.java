package io.updraft.engine.write;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.engine.csv.CsvOptions;
import io.updraft.engine.csv.CsvRecordWriter;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructType;

import java.io.IOException;
import java.io.Writer;
import java.time.ZoneId;

/**
 * One CSV file as Spark writes it, through the project's CSV writer ({@link CsvRecordWriter}): the header line when
 * {@code header} is true, a null as {@code nullValue} and an empty string as {@code emptyValue} (both written as
 * given, unquoted), strings trimmed unless {@code ignoreLeading/TrailingWhiteSpace} is false, dates and
 * timestamps by {@code dateFormat} / {@code timestampFormat}. Arrays, structs and maps cannot be written (Spark's error class).
 */
final class CsvFormatWriter implements FormatWriter {
    private final Writer out;
    private final StructType schema;
    private final int[] columns;
    private final CsvRecordWriter records;
    private final TextValues values;

    CsvFormatWriter(Writer out, StructType schema, int[] columns, CsvOptions options, ZoneId zone) {
        for (int c = 0; c < schema.size(); c++) {
            DataType a = schema.get(c).dataType();
            if (a instanceof ArrayType || a instanceof StructType || a instanceof MapType) {
                throw UpdraftException.user("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE", "0A000",
                        "The CSV datasource doesn't support the column `" + schema.get(c).name()
                                + "` of the type \"" + a.simpleString().toUpperCase(java.util.Locale.ROOT) + "\".");
            }
        }
        this.out = out;
        this.schema = schema;
        this.columns = columns;
        this.records = new CsvRecordWriter(out, options);
        this.values = new TextValues(options.writeDateFormat(), options.writeTimestampFormat(), zone);
        if (options.header()) {
            try {
                for (int c = 0; c < schema.size(); c++) {
                    records.field(schema.get(c).name(), false);
                }
                records.endRecord();
            } catch (IOException e) {
                throw failure(e);
            }
        }
    }

    @Override
    public void write(Batch batch, int[] rows, int from, int count) {
        try {
            for (int i = from; i < from + count; i++) {
                int r = rows == null ? i : rows[i];
                for (int c = 0; c < schema.size(); c++) {
                    Object value = CellValues.internal(batch.vector(columns[c]), schema.get(c).dataType(), r);
                    boolean string = schema.get(c).dataType() instanceof StringType;
                    records.field(value == null ? null : string ? (String) value
                            : values.text(value, schema.get(c).dataType()), string);
                }
                records.endRecord();
            }
        } catch (IOException e) {
            throw failure(e);
        }
    }

    @Override
    public void finish() {
        try {
            out.close();
        } catch (IOException e) {
            throw failure(e);
        }
    }

    private static UpdraftException failure(IOException e) {
        return new UpdraftException(ErrorType.TRANSIENT, "Cannot write CSV output: " + e.getMessage(), e);
    }
}
