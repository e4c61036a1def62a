package io.updraft.core.typed;

import io.updraft.core.encoder.ValueEncoder;
import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructType;

import java.util.Objects;
import java.util.function.Function;

/**
 * A typed {@link TypedAggregator} over inputs decoded by {@code inputEncoder} from the call's argument struct (the
 * Dataset's columns for {@code toColumn()}, the call's columns for {@code functions.udaf}). The state is the buffer
 * through {@code bufferEncoder} (a struct of its schema), the result the output through {@code outputEncoder}: its
 * value for a single-value encoder, else a struct, as Spark's {@code TypedAggregateExpression}. Immutable once the
 * readers are cached.
 */
public final class AggregatorAggregation implements UserAggregation {
    private static final long serialVersionUID = 1L;

    private final TypedAggregator<Object, Object, Object> aggregator;
    private final Encoder<Object> inputEncoder;
    private transient Function<Row, Object> inputReader;
    private transient StructType inputReaderSchema;
    private transient Function<Row, Object> bufferReader;

    @SuppressWarnings("unchecked")
    public AggregatorAggregation(TypedAggregator<?, ?, ?> aggregator, Encoder<?> inputEncoder) {
        this.aggregator = (TypedAggregator<Object, Object, Object>) Objects.requireNonNull(aggregator,
                "aggregator is null");
        this.inputEncoder = (Encoder<Object>) Objects.requireNonNull(inputEncoder, "inputEncoder is null");
    }

    /** The state column's type: the buffer encoder's schema. */
    public static DataType stateType(TypedAggregator<?, ?, ?> aggregator) {
        return aggregator.bufferEncoder().schema();
    }

    /** The result type: a single-value output encoder's value type, else its schema as a struct. */
    public static DataType resultType(TypedAggregator<?, ?, ?> aggregator) {
        Encoder<?> out = aggregator.outputEncoder();
        return out instanceof ValueEncoder<?> v ? v.type() : out.schema();
    }

    @Override
    public Object zero() {
        return aggregator.zero();
    }

    @Override
    public Object update(Object buffer, Row input) {
        StructType schema = input.schema();
        if (inputReader == null || !Objects.equals(schema, inputReaderSchema)) {
            inputReader = inputEncoder.reader(schema);
            inputReaderSchema = schema;
        }
        return aggregator.reduce(buffer, inputReader.apply(input));
    }

    @Override
    public Object merge(Object buffer, Object other) {
        return aggregator.merge(buffer, other);
    }

    @Override
    public Object result(Object buffer) {
        Object out = aggregator.finish(buffer);
        if (out == null) {
            return null;
        }
        Row row = aggregator.outputEncoder().toRow(out);
        return aggregator.outputEncoder() instanceof ValueEncoder<?> ? row.get(0) : row;
    }

    @Override
    public Object toState(Object buffer) {
        return buffer == null ? null : aggregator.bufferEncoder().toRow(buffer);
    }

    @Override
    public Object fromState(Object state) {
        if (state == null) {
            return null;
        }
        if (bufferReader == null) {
            bufferReader = aggregator.bufferEncoder().reader(aggregator.bufferEncoder().schema());
        }
        return bufferReader.apply((Row) state);
    }
}
