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

/** {@code KeyValueGroupedDataset.mapValues}: the key columns kept, the value mapped to the new encoder's columns. */
public record MapValuesFunction(MapFunction<Object, Object> function, Encoder<?> value, Encoder<Object> output,
                                int keyColumns) implements PartitionFunction {

    public StructType outputSchema(StructType inputSchema) {
        List<StructField> fields = new ArrayList<>(inputSchema.fieldList().subList(0, keyColumns));
        fields.addAll(output.schema().fieldList());
        return new StructType(fields);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        StructType valueSchema = Columns.slice(inputSchema, keyColumns, inputSchema.size());
        Function<Row, Object> read = (Function<Row, Object>) value.reader(valueSchema);
        StructType out = outputSchema(inputSchema);
        return ObjectsFunction.map(input, row -> {
            Object mapped = UserCalls.call(() -> function.call(read.apply(Columns.slice(row, valueSchema,
                    keyColumns))));
            Object[] keys = new Object[keyColumns];
            for (int i = 0; i < keyColumns; i++) {
                keys[i] = row.get(i);
            }
            return Columns.concat(out, keys, output.toRow(mapped).toList().toArray());
        });
    }
}
