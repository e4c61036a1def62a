package io.updraft.sql;

import io.updraft.planner.expr.Expression;

import java.util.Objects;

/**
 * A column with an encoder for its values, as Spark's {@code TypedColumn<T, U>}: what {@code Column.as(Encoder)}
 * gives, used by {@code Dataset.select(TypedColumn...)} and {@code KeyValueGroupedDataset.agg}. Immutable.
 */
public class TypedColumn<T, U> extends Column {
    private final Encoder<U> encoder;

    public TypedColumn(Expression expr, Encoder<U> encoder) {
        super(expr);
        this.encoder = Objects.requireNonNull(encoder, "encoder is null");
    }

    public Encoder<U> encoder() {
        return encoder;
    }

    /**
     * This column over the objects of a typed Dataset: {@code inputColumns} read by {@code inputEncoder} (the
     * Dataset's, or a {@code groupByKey}'s values). Only an {@code Aggregator}'s column depends on its input (Spark's
     * {@code withInputType}); others return themselves.
     */
    protected TypedColumn<T, U> withInput(Encoder<?> inputEncoder, java.util.List<Column> inputColumns) {
        return this;
    }

    /** The same column, named {@code alias}, still typed. */
    public TypedColumn<T, U> name(String alias) {
        return new TypedColumn<>(super.name(alias).expr(), encoder);
    }
}
