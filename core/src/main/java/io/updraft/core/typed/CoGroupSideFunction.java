package io.updraft.core.typed;

import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * One side of a {@code cogroup}, made fit for a union with the other: the key columns, the side number
 * ({@value #SIDE}: 0 left, 1 right), null columns for the left side's values when this is the right side, the
 * values, then null columns for the right side's values when this is the left side. Lazy.
 */
public record CoGroupSideFunction(int keyColumns, int side, List<StructField> otherSide) implements PartitionFunction {
    /** The side column's name. */
    public static final String SIDE = "__side";

    public CoGroupSideFunction {
        otherSide = List.copyOf(otherSide);
    }

    /** The output rows' schema over a keyed input of {@code inputSchema}. */
    public StructType outputSchema(StructType inputSchema) {
        List<StructField> fields = new ArrayList<>(inputSchema.fieldList().subList(0, keyColumns));
        fields.add(new StructField(SIDE, DataTypes.IntegerType, false));
        List<StructField> values = new ArrayList<>();
        for (StructField f : inputSchema.fieldList().subList(keyColumns, inputSchema.size())) {
            values.add(new StructField(f.name(), f.dataType(), true));
        }
        List<StructField> other = new ArrayList<>();
        for (StructField f : otherSide) {
            other.add(new StructField(f.name(), f.dataType(), true));
        }
        fields.addAll(side == 0 ? values : other);
        fields.addAll(side == 0 ? other : values);
        return new StructType(fields);
    }

    @Override
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        StructType out = outputSchema(inputSchema);
        int values = inputSchema.size() - keyColumns;
        int valuesFrom = keyColumns + 1 + (side == 0 ? 0 : otherSide.size());
        return ObjectsFunction.map(input, row -> {
            Object[] v = new Object[out.size()];
            for (int i = 0; i < keyColumns; i++) {
                v[i] = row.get(i);
            }
            v[keyColumns] = side;
            for (int i = 0; i < values; i++) {
                v[valuesFrom + i] = row.get(keyColumns + i);
            }
            return Row.withSchema(out, v);
        });
    }
}
