package io.updraft.engine.expr.user;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.UserFunction;
import io.updraft.core.typed.ScalarUserFunction;
import io.updraft.core.typed.UserCode;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Batch;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A user-defined scalar function ({@link UserFunction}): per row, the arguments as Spark's Java values (a null as
 * null), the user's {@code call}, the result written back. Row by row through boxed values by nature — user code
 * is a black box. A throwing function fails the task with Spark's {@code [FAILED_EXECUTE_UDF]} (USER), the cause kept.
 * Never constant (the user's code may not be deterministic). Not thread-safe.
 */
public final class UserFunctionExpression extends VectorExpression {
    private final UserFunction call;
    private final ScalarUserFunction function;
    private final List<VectorExpression> arguments;

    public UserFunctionExpression(UserFunction call, List<VectorExpression> arguments, BufferAllocator allocator) {
        super(call.dataType(), allocator);
        this.call = call;
        this.arguments = List.copyOf(arguments);
        this.function = UserCode.deserialize(call.function(), ScalarUserFunction.class);
        if (function.arity() != arguments.size()) {
            throw new UpdraftException(ErrorType.INTERNAL, "UDF " + call.name() + " takes " + function.arity()
                    + " arguments, the plan passes " + arguments.size());
        }
    }

    @Override
    public List<VectorExpression> children() {
        return arguments;
    }

    @Override
    public boolean isConstant() {
        return false;
    }

    @Override
    public FieldVector evaluate(Batch batch) {
        int n = batch.rowCount();
        FieldVector[] values = new FieldVector[arguments.size()];
        try {
            for (int a = 0; a < values.length; a++) {
                values[a] = arguments.get(a).evaluate(batch);
            }
            List<Object> results = new ArrayList<>(n);
            Object[] row = new Object[values.length];
            for (int r = 0; r < n; r++) {
                for (int a = 0; a < values.length; a++) {
                    row[a] = ArrowRows.value(values[a], arguments.get(a).type(), r);
                }
                results.add(invoke(row));
            }
            try {
                return ArrowRows.vector("", type, results, allocator);
            } catch (RuntimeException e) {
                throw failed(new IllegalArgumentException("the value returned does not fit the declared type "
                        + type.simpleString() + ": " + e.getMessage(), e));
            }
        } finally {
            for (int a = 0; a < values.length; a++) {
                release(arguments.get(a), values[a]);
            }
        }
    }

    private Object invoke(Object[] row) {
        try {
            return function.call(row.clone());
        } catch (Exception | Error e) {
            if (e instanceof VirtualMachineError vm) {
                throw vm;
            }
            throw failed(e);
        }
    }

    /**
     * Spark 4.2's {@code [FAILED_EXECUTE_UDF]}: the function's name and class, its signature, then the user's
     * exception ({@code User defined function (`plusOne (Job$$Lambda/0x...)`: (int) => int) failed due to: ...}).
     */
    private UpdraftException failed(Throwable cause) {
        String signature = arguments.stream().map(a -> a.type().simpleString()).collect(Collectors.joining(", "));
        return new UpdraftException(ErrorType.USER, "FAILED_EXECUTE_UDF", "39000", "User defined function (`"
                + call.name() + " (" + function.udf().getClass().getName() + ")`: (" + signature + ") => "
                + type.simpleString() + ") failed due to: " + cause + ".", cause);
    }
}
