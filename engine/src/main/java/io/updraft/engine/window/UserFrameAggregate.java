package io.updraft.engine.window;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.WindowCall;
import io.updraft.core.typed.UserAggregation;
import io.updraft.core.typed.UserCode;
import io.updraft.engine.ArrowRows;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;

/**
 * A user-defined aggregate over each row's frame [lo, hi), as Spark's window frames evaluate an aggregate: while a
 * row's frame starts where the previous one did and ends no earlier (a growing frame: UNBOUNDED PRECEDING to the
 * current row, or the whole partition) the one buffer keeps reducing the new rows and is finished again for each
 * row (Spark's {@code UnboundedPrecedingWindowFunctionFrame}); otherwise the frame is reduced anew from the zero
 * buffer (a sliding frame, Spark's {@code SlidingWindowFunctionFrame} recomputes too). A null argument struct is a
 * row its FILTER left out. A failure in the user's code is Spark's {@code [FAILED_EXECUTE_UDF]} USER error.
 * Stateless.
 */
final class UserFrameAggregate {
    private UserFrameAggregate() {
    }

    static FieldVector evaluate(WindowCall call, int n, int[] lo, int[] hi, FieldVector argument,
                                BufferAllocator allocator) {
        UserAggregation function = UserCode.deserialize(call.userAggregate().function(), UserAggregation.class);
        DataType type = call.arguments().get(0).dataType();
        List<Object> results = new ArrayList<>(n);
        Object buffer = null;
        int reducedTo = -1;
        for (int i = 0; i < n; i++) {
            boolean grows = i > 0 && lo[i] == lo[i - 1] && hi[i] >= reducedTo;
            int from = grows ? reducedTo : lo[i];
            if (!grows) {
                buffer = user(call, function::zero);
            }
            for (int r = from; r < hi[i]; r++) {
                Object value = ArrowRows.value(argument, type, r);
                if (value == null) {
                    continue;
                }
                Row input = value instanceof Row row ? row : Row.of(value);
                Object current = buffer;
                buffer = user(call, () -> function.update(current, input));
            }
            reducedTo = Math.max(from, hi[i]);
            Object current = buffer;
            results.add(user(call, () -> function.result(current)));
        }
        try {
            return ArrowRows.vector("", call.dataType(), results, allocator);
        } catch (RuntimeException e) {
            throw failed(call, new IllegalArgumentException("a value does not fit "
                    + call.dataType().simpleString() + ": " + e.getMessage(), e));
        }
    }

    private interface UserStep {
        Object run() throws Exception;
    }

    private static Object user(WindowCall call, UserStep step) {
        try {
            return step.run();
        } catch (UpdraftException e) {
            throw e;
        } catch (Exception | LinkageError | AssertionError e) {
            throw failed(call, e);
        }
    }

    private static UpdraftException failed(WindowCall call, Throwable cause) {
        return new UpdraftException(ErrorType.USER, "FAILED_EXECUTE_UDF", "39000", "User defined aggregate function (`"
                + call.userAggregate().name() + "`) failed due to: " + cause + ".", cause);
    }
}
