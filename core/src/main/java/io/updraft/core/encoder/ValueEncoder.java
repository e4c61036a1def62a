package io.updraft.core.encoder;

import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.function.Function;

/**
 * One value per row in a column named {@code value}, as Spark's {@code Encoders.STRING()}, {@code INT()}, ...: the
 * input must have exactly one column (Spark's {@code FIELD_NUMBER_MISMATCH} otherwise) of a type that up-casts to
 * {@code type}. Immutable.
 */
public record ValueEncoder<T>(Class<T> clsTag, DataType type) implements Encoder<T> {
    @Override
    public StructType schema() {
        return new StructType(List.of(new StructField("value", type, true)));
    }

    @Override
    public Function<Row, T> reader(StructType input) {
        if (input.size() != 1) {
            throw EncoderErrors.fieldNumberMismatch(input, 1);
        }
        DataType from = input.get(0).dataType();
        UpCast.check(input.get(0).name(), from, type, List.of("- root class: \"" + clsTag.getName() + "\""));
        boolean asStored = from.equals(type) && clsTag != java.time.LocalDate.class
                && clsTag != java.time.Instant.class && clsTag != java.math.BigDecimal.class;
        if (asStored) {
            return row -> clsTag.cast(row.get(0));
        }
        return row -> clsTag.cast(JavaTypes.fromRowValue(row.get(0), from, type, clsTag));
    }

    @Override
    public Row toRow(T value) {
        return Row.withSchema(schema(), new Object[] {JavaTypes.toRowValue(value, type)});
    }
}
