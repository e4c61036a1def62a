package io.updraft.engine.expr;

import io.updraft.engine.expr.string.Utf8;
import org.apache.arrow.memory.ArrowBuf;

import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * The compiled form of a string argument — a LIKE pattern, a regex, a datetime format, a unit name. A
 * constant argument is compiled once when the operator is built (so a bad constant fails at once); a
 * per-row one is recompiled only when its value differs from the previous row's. Not thread-safe.
 */
public final class CompiledArgument<T> {
    private final Function<String, T> compiler;
    private final boolean constant;
    private final T fixed;
    private byte[] lastBytes = new byte[16];
    private int lastLength = -1;
    private T last;

    private CompiledArgument(Function<String, T> compiler, boolean constant, T fixed) {
        this.compiler = compiler;
        this.constant = constant;
        this.fixed = fixed;
    }

    /** For argument {@code argument} (a string-typed node); compiles it now when it is constant and not null. */
    public static <T> CompiledArgument<T> of(VectorExpression argument, Function<String, T> compiler) {
        if (!argument.isConstant()) {
            return new CompiledArgument<>(compiler, false, null);
        }
        Object value = Constants.value(argument);
        return new CompiledArgument<>(compiler, true, value == null ? null : compiler.apply((String) value));
    }

    public boolean isConstant() {
        return constant;
    }

    /** The compiled constant (null when the constant is null); only when {@link #isConstant()}. */
    public T constant() {
        return fixed;
    }

    /** The compiled value of the string data[start, end). */
    public T get(ArrowBuf data, int start, int end) {
        if (constant) {
            return fixed;
        }
        int length = end - start;
        if (length == lastLength && Utf8.regionEquals(data, start, lastBytes, length)) {
            return last;
        }
        lastLength = -1;
        lastBytes = Utf8.copy(data, start, end, lastBytes);
        last = compiler.apply(new String(lastBytes, 0, length, StandardCharsets.UTF_8));
        lastLength = length;
        return last;
    }
}
