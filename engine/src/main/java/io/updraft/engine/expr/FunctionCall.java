package io.updraft.engine.expr;

import io.updraft.core.error.UpdraftException;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.BufferAllocator;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * One function call being compiled: its lower-case name, compiled arguments and result type, with helpers
 * that coerce an argument to the type a kernel needs (a no-op when the planner already cast it) and check
 * the argument count. Used only while compiling.
 */
public final class FunctionCall {
    private final String name;
    private final List<VectorExpression> arguments;
    private final DataType resultType;
    private final ExpressionCompiler compiler;
    private final List<VectorExpression> built;
    private final BufferAllocator allocator;

    public FunctionCall(String name, List<VectorExpression> arguments, DataType resultType, ExpressionCompiler compiler,
                 List<VectorExpression> built, BufferAllocator allocator) {
        this.name = name;
        this.arguments = List.copyOf(arguments);
        this.resultType = resultType;
        this.compiler = compiler;
        this.built = built;
        this.allocator = allocator;
    }

    public String name() {
        return name;
    }

    public DataType resultType() {
        return resultType;
    }

    public BufferAllocator allocator() {
        return allocator;
    }

    /** The session time zone. */
    public ZoneId zone() {
        return compiler.zone();
    }

    public int size() {
        return arguments.size();
    }

    /** USER error unless there are between {@code min} and {@code max} arguments. */
    public FunctionCall arity(int min, int max) {
        int n = arguments.size();
        if (n < min || n > max) {
            String expected = min == max ? String.valueOf(min)
                    : max == Integer.MAX_VALUE ? "at least " + min : min + " to " + max;
            throw UpdraftException.user("Function " + name + " takes " + expected + " arguments but got " + n);
        }
        return this;
    }

    public VectorExpression argument(int i) {
        return arguments.get(i);
    }

    /** Argument {@code i} converted to {@code type} with Spark's cast. */
    public VectorExpression as(int i, DataType type) {
        return compiler.cast(arguments.get(i), type, built);
    }

    public VectorExpression string(int i) {
        return as(i, DataTypes.StringType);
    }

    public VectorExpression integer(int i) {
        return as(i, DataTypes.IntegerType);
    }

    public VectorExpression doubles(int i) {
        return as(i, DataTypes.DoubleType);
    }

    public VectorExpression date(int i) {
        return as(i, DataTypes.DateType);
    }

    public VectorExpression timestamp(int i) {
        return as(i, DataTypes.TimestampType);
    }

    /** Arguments from {@code from} on, each converted to {@code type}. */
    public List<VectorExpression> allAs(int from, DataType type) {
        List<VectorExpression> cast = new ArrayList<>();
        for (int i = from; i < arguments.size(); i++) {
            cast.add(as(i, type));
        }
        return cast;
    }

    /** A literal node for a defaulted argument (closed with the kernel that takes it). */
    public VectorExpression literal(DataType type, Object value) {
        LiteralExpression literal = new LiteralExpression(type, value, allocator);
        built.add(literal);
        return literal;
    }

    /** The value of {@code node}, which must be constant: a USER error naming {@code what} otherwise. */
    public Object constant(VectorExpression node, String what) {
        if (!node.isConstant()) {
            throw UpdraftException.user("The " + what + " of " + name + " must be a constant");
        }
        return Constants.value(node);
    }
}
