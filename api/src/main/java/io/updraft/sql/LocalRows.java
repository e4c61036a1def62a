package io.updraft.sql;

import io.updraft.core.encoder.BeanEncoder;
import io.updraft.engine.ArrowRows;
import io.updraft.planner.logical.LocalRelation;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;

/**
 * The Datasets a session builds from Java objects ({@code createDataset}, {@code createDataFrame},
 * {@code emptyDataFrame}, {@code emptyDataset}): the rows encoded once as an Arrow IPC stream in a
 * {@link LocalRelation}, shipped inside the tasks that read them. Stateless.
 */
final class LocalRows {
    private LocalRows() {
    }

    static LocalRelation relation(List<Row> rows, StructType schema) {
        for (Row r : rows) {
            if (r.size() != schema.size()) {
                throw new IllegalArgumentException("a row of " + r.size() + " values for the schema "
                        + schema.simpleString() + ": " + r);
            }
        }
        List<String> streams = rows.isEmpty() ? List.of() : List.of(ArrowRows.encode(rows, schema));
        return new LocalRelation(schema, streams, rows.size());
    }

    static <T> Dataset<T> dataset(UpdraftSession session, List<T> data, Encoder<T> encoder) {
        List<Row> rows = new ArrayList<>(data.size());
        for (T value : data) {
            rows.add(encoder.toRow(value));
        }
        return new Dataset<>(session, relation(rows, encoder.schema()), encoder);
    }

    static Dataset<Row> beans(UpdraftSession session, List<?> data, Class<?> beanClass) {
        @SuppressWarnings("unchecked")
        Encoder<Object> encoder = (Encoder<Object>) new BeanEncoder<>(beanClass);
        List<Row> rows = new ArrayList<>(data.size());
        for (Object value : data) {
            rows.add(encoder.toRow(value));
        }
        return new Dataset<>(session, relation(rows, encoder.schema()), Encoders.row());
    }
}
