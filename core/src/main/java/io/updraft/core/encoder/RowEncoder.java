package io.updraft.core.encoder;

import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.util.function.Function;

/**
 * Rows as they are: {@code Dataset<Row>} is the DataFrame. {@code schema} is the declared layout
 * ({@code Encoders.row(schema)}, for typed operations that return rows) or null (a DataFrame's rows carry their
 * own). Immutable.
 */
public record RowEncoder(StructType declaredSchema) implements Encoder<Row> {
    @Override
    public StructType schema() {
        if (declaredSchema == null) {
            throw new UnsupportedOperationException("Encoders.row() has no schema: use Encoders.row(schema)");
        }
        return declaredSchema;
    }

    @Override
    public Class<Row> clsTag() {
        return Row.class;
    }

    @Override
    public Function<Row, Row> reader(StructType input) {
        return row -> row;
    }

    @Override
    public Row toRow(Row value) {
        return declaredSchema == null ? value : Row.withSchema(declaredSchema, value.toList().toArray());
    }
}
