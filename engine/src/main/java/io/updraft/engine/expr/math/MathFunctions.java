package io.updraft.engine.expr.math;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.function.ResultType;
import io.updraft.engine.expr.FunctionCall;
import io.updraft.engine.expr.FunctionRegistry.Factory;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.expr.math.DoubleMathFunction.Op;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;

import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.updraft.engine.expr.FunctionRegistry.add;

/** Factories of the math functions; result types come from the call (the planner's typing). */
public final class MathFunctions {
    private MathFunctions() {
    }

    public static void register(Map<String, Factory> map) {
        add(map, c -> new AbsFunction(c.arity(1, 1).as(0, c.resultType()), c.allocator()), "abs");
        add(map, c -> round(c, RoundingMode.HALF_UP), "round");
        add(map, c -> round(c, RoundingMode.HALF_EVEN), "bround");
        add(map, c -> ceilFloor(c, true), "ceil");
        add(map, c -> ceilFloor(c, false), "floor");
        add(map, c -> unary(c, Op.SQRT), "sqrt");
        add(map, c -> unary(c, Op.EXP), "exp");
        add(map, c -> unary(c, Op.SIGN), "sign");
        add(map, c -> unary(c, Op.LN), "ln");
        add(map, c -> unary(c, Op.LOG10), "log10");
        add(map, c -> unary(c, Op.LOG2), "log2");
        add(map, c -> c.arity(1, 2).size() == 1 ? unary(c, Op.LN)
                : new DoubleMathFunction(Op.LOG, List.of(c.doubles(0), c.doubles(1)), c.allocator()), "log");
        add(map, c -> new DoubleMathFunction(Op.POW, List.of(c.arity(2, 2).doubles(0), c.doubles(1)), c.allocator()),
                "pow");
        add(map, c -> greatestLeast(c, true), "greatest");
        add(map, c -> greatestLeast(c, false), "least");
        add(map, MathFunctions::pmod, "pmod");
    }

    private static VectorExpression unary(FunctionCall c, Op op) {
        return new DoubleMathFunction(op, List.of(c.arity(1, 1).doubles(0)), c.allocator());
    }

    /** round / bround(x[, scale]): the scale must be a constant int; a null scale gives null. */
    private static VectorExpression round(FunctionCall c, RoundingMode mode) {
        c.arity(1, 2);
        VectorExpression x = c.argument(0).type().isNumeric() ? c.argument(0) : c.doubles(0);
        if (c.size() == 1) {
            return new RoundFunction(x, 0, mode, c.resultType(), c.allocator());
        }
        Object scale = c.constant(c.argument(1), "scale");
        if (scale == null) {
            return c.literal(c.resultType(), null);
        }
        if (!(scale instanceof Integer || scale instanceof Long)) {
            throw UpdraftException.user("The scale of " + c.name() + " must be an integer, got " + scale);
        }
        return new RoundFunction(x, ((Number) scale).intValue(), mode, c.resultType(), c.allocator());
    }

    /** ceil / floor: bigint for double and integral input, decimal(p-s+1, 0) for decimal(p, s). */
    private static VectorExpression ceilFloor(FunctionCall c, boolean ceil) {
        c.arity(1, 1);
        DataType in = c.argument(0).type();
        VectorExpression x = in instanceof DecimalType || in instanceof DoubleType || in instanceof LongType
                ? c.argument(0)
                : in instanceof IntegerType ? c.as(0, DataTypes.LongType) : c.doubles(0);
        DataType result = !(x.type() instanceof DecimalType) ? DataTypes.LongType
                : c.resultType() instanceof DecimalType ? c.resultType() : ResultType.ceilFloor(x.type());
        return new CeilFloorFunction(x, ceil, result, c.allocator());
    }

    private static VectorExpression greatestLeast(FunctionCall c, boolean greatest) {
        c.arity(2, Integer.MAX_VALUE);
        if (c.resultType() instanceof NullType) {
            return c.literal(DataTypes.NullType, null);
        }
        return new GreatestLeastFunction(c.allAs(0, c.resultType()), greatest, c.resultType(), c.allocator());
    }

    /** pmod(a, n) in the result type; decimal operands keep their own scale (integral ones become decimals). */
    private static VectorExpression pmod(FunctionCall c) {
        c.arity(2, 2);
        DataType result = c.resultType();
        if (!result.isNumeric()) {
            throw UpdraftException.user("pmod needs numeric arguments, got result type " + result.simpleString());
        }
        List<VectorExpression> operands = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            DataType t = c.argument(i).type();
            operands.add(!(result instanceof DecimalType) ? c.as(i, result)
                    : t instanceof DecimalType ? c.argument(i)
                    : c.as(i, t instanceof LongType ? new DecimalType(20, 0) : new DecimalType(10, 0)));
        }
        return new PmodFunction(operands.get(0), operands.get(1), result, c.allocator());
    }
}
