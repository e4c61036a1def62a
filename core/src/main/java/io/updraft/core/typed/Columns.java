package io.updraft.core.typed;

import io.updraft.sql.Row;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.List;

/** Column ranges of the rows typed operations pass between their steps. Stateless. */
final class Columns {
    private Columns() {
    }

    static StructType slice(StructType schema, int from, int to) {
        List<StructField> fields = schema.fieldList().subList(from, to);
        return new StructType(fields);
    }

    /** The key columns of a grouping's rows, named as the key encoder names them (without the key prefix). */
    static StructType keys(StructType schema, int keyColumns) {
        List<StructField> fields = new java.util.ArrayList<>();
        for (StructField f : schema.fieldList().subList(0, keyColumns)) {
            String name = f.name().startsWith(KeyFunction.KEY_PREFIX)
                    ? f.name().substring(KeyFunction.KEY_PREFIX.length()) : f.name();
            fields.add(new StructField(name, f.dataType(), f.nullable()));
        }
        return new StructType(fields);
    }

    static Row slice(Row row, StructType sliced, int from) {
        Object[] values = new Object[sliced.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.get(from + i);
        }
        return Row.withSchema(sliced, values);
    }

    /** {@code a}'s values then {@code b}'s, as a row of {@code schema}. */
    static Row concat(StructType schema, Object[] a, Object[] b) {
        Object[] values = new Object[a.length + b.length];
        System.arraycopy(a, 0, values, 0, a.length);
        System.arraycopy(b, 0, values, a.length, b.length);
        return Row.withSchema(schema, values);
    }
}
