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
 * The first step of {@code groupByKey}: each row gets its key's columns in front ({@code keyNames}, the key
 * encoder's layout) and, for one side of a {@code cogroup}, a side number and null columns for the other side
 * ({@code sideColumns} before or after its own). Lazy.
 */
public record KeyFunction(MapFunction<Object, Object> function, Encoder<?> value, Encoder<Object> key,
                          List<String> keyNames, int side, List<StructField> before, List<StructField> after)
        implements PartitionFunction {
    /** The side column's name in a cogroup's rows. */
    public static final String SIDE = "__side";

    public KeyFunction {
        keyNames = List.copyOf(keyNames);
        before = List.copyOf(before);
        after = List.copyOf(after);
    }

    /** The output rows' schema over an input of {@code inputSchema}. */
    public StructType outputSchema(StructType inputSchema, boolean cogroup) {
        List<StructField> fields = new ArrayList<>();
        StructType keySchema = key.schema();
        for (int i = 0; i < keySchema.size(); i++) {
            fields.add(new StructField(keyNames.get(i), keySchema.get(i).dataType(), keySchema.get(i).nullable()));
        }
        if (cogroup) {
            fields.add(new StructField(SIDE, io.updraft.sql.types.DataTypes.IntegerType, false));
        }
        fields.addAll(before);
        for (StructField f : inputSchema.fields()) {
            fields.add(before.isEmpty() && after.isEmpty() ? f : new StructField(f.name(), f.dataType(), true));
        }
        fields.addAll(after);
        return new StructType(fields);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        Function<Row, Object> read = (Function<Row, Object>) value.reader(inputSchema);
        boolean cogroup = side >= 0;
        StructType out = outputSchema(inputSchema, cogroup);
        return ObjectsFunction.map(input, row -> {
            Object k = UserCalls.call(() -> function.call(read.apply(row)));
            Object[] keyValues = key.toRow(k).toList().toArray();
            Object[] rest = new Object[(cogroup ? 1 : 0) + before.size() + row.size() + after.size()];
            int i = 0;
            if (cogroup) {
                rest[i++] = side;
            }
            i += before.size();
            for (int c = 0; c < row.size(); c++) {
                rest[i++] = row.get(c);
            }
            return Columns.concat(out, keyValues, rest);
        });
    }
}
