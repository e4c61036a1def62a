package io.updraft.engine.expr.array;

import io.updraft.core.error.UpdraftException;
import io.updraft.engine.expr.FunctionCall;
import io.updraft.engine.expr.FunctionRegistry.Factory;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataTypes;

import java.util.Map;

import static io.updraft.engine.expr.FunctionRegistry.add;

/** Factories of the array functions: split (string → array&lt;string&gt;), size/cardinality, array_contains. */
public final class ArrayFunctions {
    private ArrayFunctions() {
    }

    public static void register(Map<String, Factory> map) {
        add(map, c -> new SplitFunction(c.arity(2, 3).string(0), c.string(1),
                c.size() == 3 ? c.integer(2) : c.literal(DataTypes.IntegerType, -1), c.allocator()), "split");
        add(map, c -> new SizeFunction(array(c.arity(1, 1), 0), c.allocator()), "size");
        add(map, c -> {
            VectorExpression array = array(c.arity(2, 2), 0);
            return new ArrayContainsFunction(array, c.as(1, ((ArrayType) array.type()).elementType()), c.allocator());
        }, "array_contains");
    }

    private static VectorExpression array(FunctionCall c, int i) {
        VectorExpression a = c.argument(i);
        if (!(a.type() instanceof ArrayType)) {
            throw UpdraftException.user("Argument " + (i + 1) + " of " + c.name() + " must be an array, not "
                    + a.type().simpleString());
        }
        return a;
    }
}
