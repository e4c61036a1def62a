package io.updraft.core.typed;

import io.updraft.sql.Row;
import io.updraft.sql.expressions.MutableAggregationBuffer;

import java.util.Objects;

/**
 * An untyped {@link UntypedAggregator} ({@code UserDefinedAggregateFunction}): the buffer is a
 * {@link MutableAggregationBuffer} of its {@code bufferSchema}, travelling as a struct of that schema; the input Row
 * has the {@code inputSchema} (the analyzer casts the arguments to its types, as Spark). Immutable.
 */
public final class UntypedAggregation implements UserAggregation {
    private static final long serialVersionUID = 1L;

    private final UntypedAggregator function;

    public UntypedAggregation(UntypedAggregator function) {
        this.function = Objects.requireNonNull(function, "function is null");
    }

    @Override
    public Object zero() {
        MutableAggregationBuffer buffer = new MutableAggregationBuffer(function.bufferSchema());
        function.initialize(buffer);
        return buffer;
    }

    @Override
    public Object update(Object buffer, Row input) {
        function.update((MutableAggregationBuffer) buffer, Row.withSchema(function.inputSchema(), values(input)));
        return buffer;
    }

    @Override
    public Object merge(Object buffer, Object other) {
        MutableAggregationBuffer b = (MutableAggregationBuffer) buffer;
        function.merge(b, ((MutableAggregationBuffer) other).toImmutableRow());
        return b;
    }

    @Override
    public Object result(Object buffer) {
        return function.evaluate(((MutableAggregationBuffer) buffer).toImmutableRow());
    }

    @Override
    public Object toState(Object buffer) {
        return ((MutableAggregationBuffer) buffer).toImmutableRow();
    }

    @Override
    public Object fromState(Object state) {
        return new MutableAggregationBuffer(function.bufferSchema(), values((Row) state));
    }

    private static Object[] values(Row row) {
        Object[] values = new Object[row.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.get(i);
        }
        return values;
    }
}
