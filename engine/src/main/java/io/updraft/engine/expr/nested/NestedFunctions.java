package io.updraft.engine.expr.nested;

import io.updraft.core.error.UpdraftException;
import io.updraft.engine.expr.FunctionCall;
import io.updraft.engine.expr.FunctionRegistry.Factory;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.updraft.engine.expr.FunctionRegistry.add;

/**
 * Factories of the struct and map functions: named_struct (struct(...) is rewritten into it), get_struct_field
 * (field access), map, map_keys, map_values, and element_at over a map.
 */
public final class NestedFunctions {
    private NestedFunctions() {
    }

    public static void register(Map<String, Factory> map) {
        add(map, c -> new NamedStructFunction(arguments(c), resultStruct(c), c.allocator()), "named_struct");
        add(map, c -> {
            VectorExpression struct = c.arity(2, 2).argument(0);
            if (!(struct.type() instanceof StructType s)) {
                throw UpdraftException.user("get_struct_field takes a struct, not " + struct.type().simpleString());
            }
            Object ordinal = c.constant(c.argument(1), "field ordinal");
            int i = ((Number) ordinal).intValue();
            return new GetFieldFunction(struct, i, s.get(i).dataType(), c.allocator());
        }, "get_struct_field");
        add(map, c -> {
            if (!(c.resultType() instanceof MapType m)) {
                throw UpdraftException.user("map must be typed as a map, not " + c.resultType().simpleString());
            }
            List<VectorExpression> args = new ArrayList<>();
            for (int i = 0; i < c.size(); i++) {
                args.add(c.as(i, i % 2 == 0 ? m.keyType() : m.valueType()));
            }
            return new CreateMapFunction(args, m, c.allocator());
        }, "map");
        add(map, c -> {
            if (!(c.resultType() instanceof ArrayType a)) {
                throw UpdraftException.user("array must be typed as an array, not " + c.resultType().simpleString());
            }
            List<VectorExpression> args = new ArrayList<>();
            for (int i = 0; i < c.size(); i++) {
                args.add(c.as(i, a.elementType()));
            }
            return new CreateArrayFunction(args, a, c.allocator());
        }, "array");
        add(map, c -> {
            VectorExpression value = c.arity(1, 1).argument(0);
            if (!value.type().containsMap()) {
                throw UpdraftException.user("map_sort takes a map or a struct or array holding one, not "
                        + value.type().simpleString());
            }
            return new MapSortFunction(value, value.type(), c.allocator());
        }, "map_sort");
        add(map, c -> new MapPartFunction(mapArgument(c.arity(1, 1)), 0, (ArrayType) c.resultType(), c.allocator()),
                "map_keys");
        add(map, c -> new MapPartFunction(mapArgument(c.arity(1, 1)), 1, (ArrayType) c.resultType(), c.allocator()),
                "map_values");
        add(map, c -> {
            VectorExpression m = mapArgument(c.arity(2, 2));
            return new MapElementFunction(m, c.as(1, ((MapType) m.type()).keyType()), c.allocator());
        }, "element_at");
    }

    private static List<VectorExpression> arguments(FunctionCall c) {
        List<VectorExpression> args = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
            args.add(c.argument(i));
        }
        return args;
    }

    private static StructType resultStruct(FunctionCall c) {
        if (!(c.resultType() instanceof StructType s)) {
            throw UpdraftException.user("named_struct must be typed as a struct, not " + c.resultType().simpleString());
        }
        return s;
    }

    private static VectorExpression mapArgument(FunctionCall c) {
        VectorExpression m = c.argument(0);
        if (!(m.type() instanceof MapType)) {
            throw UpdraftException.user("Argument 1 of " + c.name() + " must be a map, not " + m.type().simpleString());
        }
        return m;
    }
}
