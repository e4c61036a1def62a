package io.updraft.core.rows;

import io.updraft.core.typed.PartitionFunction;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.time.ZoneId;
import java.util.Iterator;
import java.util.List;

/** {@code Dataset.toJSON}: each row becomes its {@link JsonLines} text, one column {@code value}. Lazy; immutable. */
public record ToJsonFunction(String timeZone) implements PartitionFunction {
    /** The output: Spark's {@code value string}. */
    public static final StructType SCHEMA = new StructType(List.of(new StructField("value", DataTypes.StringType,
            true)));

    @Override
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        ZoneId zone = ZoneId.of(timeZone);
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return input.hasNext();
            }

            @Override
            public Row next() {
                return Row.withSchema(SCHEMA, new Object[] {JsonLines.line(input.next(), inputSchema, zone)});
            }
        };
    }
}
