package io.updraft.engine.aggregate;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.typed.UserAggregation;
import io.updraft.core.typed.UserCode;
import io.updraft.engine.ArrowRows;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A user-defined aggregate ({@code Aggregator}, {@code UserDefinedAggregateFunction}): one buffer object per group,
 * {@link UserAggregation#zero()} when the group appears, then the user's reduce/update per input row (the argument
 * struct as a Row) or merge per partial state. The partial state is the buffer through its encoder (one column of
 * the call's state type), so the aggregation splits into partial and final steps around a shuffle as the built-in
 * ones do. The argument struct is never null for a row the aggregate sees, so a null struct is a row left out — by
 * {@code FILTER (WHERE ...)} (planned as {@code CASE WHEN filter THEN struct END}) or by the DISTINCT rewrite's
 * expand — and never reaches the user's update, as Spark never passes such rows. An exception in the user's code fails the task as a USER error naming the aggregate. Not thread-safe.
 */
final class UserAggregateAccumulator extends Accumulator {
    /** A guess at a buffer's heap size (user objects cannot be measured); it only drives spilling. */
    private static final long BUFFER_BYTES = 64;

    private final AggregateCall call;
    private final UserAggregation function;
    private final DataType stateType;
    private Object[] buffers = new Object[0];
    private int groups;

    UserAggregateAccumulator(AggregateCall call) {
        this.call = call;
        this.function = UserCode.deserialize(call.userAggregate().function(), UserAggregation.class);
        this.stateType = call.userAggregate().stateType();
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(stateType);
    }

    @Override
    public void ensureGroups(int groupCount) {
        if (groupCount > buffers.length) {
            buffers = Arrays.copyOf(buffers, grow(buffers.length, groupCount));
        }
        while (groups < groupCount) {
            buffers[groups++] = user(() -> function.zero());
        }
    }

    @Override
    public long heapBytes() {
        return groups * BUFFER_BYTES;
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        DataType type = call.argument().dataType();
        for (int i = 0; i < n; i++) {
            Object value = ArrowRows.value(argument, type, i);
            if (value == null) {
                continue;
            }
            Row input = value instanceof Row row ? row : Row.of(value);
            int g = groupIds[i];
            Object buffer = buffers[g];
            buffers[g] = user(() -> function.update(buffer, input));
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        for (int i = 0; i < n; i++) {
            Object partial = ArrowRows.value(state[0], stateType, i);
            int g = groupIds[i];
            Object buffer = buffers[g];
            buffers[g] = user(() -> function.merge(buffer, function.fromState(partial)));
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        List<Object> values = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Object buffer = buffers[from + i];
            values.add(user(() -> function.toState(buffer)));
        }
        copy(values, stateType, out[0]);
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        List<Object> values = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Object buffer = buffers[from + i];
            values.add(user(() -> function.result(buffer)));
        }
        copy(values, call.dataType(), out);
    }

    /** Writes Java values into {@code out} at 0..n-1 (through a vector of their own: any type, nested too). */
    private void copy(List<Object> values, DataType type, FieldVector out) {
        FieldVector written;
        try {
            written = ArrowRows.vector("", type, values, out.getAllocator());
        } catch (RuntimeException e) {
            throw failed(new IllegalArgumentException("a value does not fit " + type.simpleString() + ": "
                    + e.getMessage(), e));
        }
        try (written) {
            for (int i = 0; i < values.size(); i++) {
                out.copyFromSafe(i, i, written);
            }
        }
    }

    private interface UserStep {
        Object run() throws Exception;
    }

    private Object user(UserStep step) {
        try {
            return step.run();
        } catch (UpdraftException e) {
            throw e;
        } catch (Exception | LinkageError | AssertionError e) {
            throw failed(e);
        }
    }

    private UpdraftException failed(Throwable cause) {
        return new UpdraftException(ErrorType.USER, "FAILED_EXECUTE_UDF", "39000", "User defined aggregate function (`"
                + call.userAggregate().name() + "`) failed due to: " + cause + ".", cause);
    }
}
