package io.updraft.core.typed;

import io.updraft.api.java.function.MapFunction;
import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

/**
 * The first step of {@code groupByKey}: each row gets its key's columns in front, named {@value #KEY_PREFIX} + the
 * key encoder's column names (so they never clash with the value's), then the row itself. Lazy.
 */
public record KeyFunction(MapFunction<Object, Object> function, Encoder<?> value, Encoder<Object> key)
        implements PartitionFunction {
    /** The prefix of key columns in the rows between a grouping's steps. */
    public static final String KEY_PREFIX = "__key_";

    /** The output rows' schema over an input of {@code inputSchema}. */
    public StructType outputSchema(StructType inputSchema) {
        List<StructField> fields = new ArrayList<>();
        for (StructField f : key.schema().fieldList()) {
            fields.add(new StructField(KEY_PREFIX + f.name(), f.dataType(), f.nullable()));
        }
        fields.addAll(inputSchema.fieldList());
        return new StructType(fields);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        Function<Row, Object> read = (Function<Row, Object>) value.reader(inputSchema);
        StructType out = outputSchema(inputSchema);
        return ObjectsFunction.map(input, row -> {
            Object k = UserCalls.call(() -> function.call(read.apply(row)));
            return Columns.concat(out, key.toRow(k).toList().toArray(), row.toList().toArray());
        });
    }
}
