package io.updraft.engine.expr;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.And;
import io.updraft.core.expr.Arithmetic;
import io.updraft.core.expr.CaseWhen;
import io.updraft.core.expr.Cast;
import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Expr;
import io.updraft.core.expr.In;
import io.updraft.core.expr.IsNotNull;
import io.updraft.core.expr.IsNull;
import io.updraft.core.expr.Literal;
import io.updraft.core.expr.Negate;
import io.updraft.core.expr.Not;
import io.updraft.core.expr.Or;
import io.updraft.core.expr.ScalarFunction;
import io.updraft.core.expr.UserFunction;
import io.updraft.engine.expr.user.UserFunctionExpression;
import io.updraft.engine.expr.cast.CastExpression;
import io.updraft.engine.expr.conditional.CaseWhenExpression;
import io.updraft.engine.expr.math.ArithmeticExpression;
import io.updraft.engine.expr.math.DecimalArithmeticExpression;
import io.updraft.engine.expr.math.NegateExpression;
import io.updraft.engine.expr.predicate.ComparisonExpression;
import io.updraft.engine.expr.predicate.InListExpression;
import io.updraft.engine.expr.predicate.IsNullExpression;
import io.updraft.engine.expr.predicate.LogicalExpression;
import io.updraft.engine.expr.predicate.NotExpression;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;
import org.apache.arrow.memory.BufferAllocator;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/** Turns an {@link Expr} tree into {@link VectorExpression} kernels, inserting casts where operand types differ. */
final class ExpressionCompiler {
    private final BufferAllocator allocator;
    private final ZoneId zone;

    ExpressionCompiler(BufferAllocator allocator, ZoneId zone) {
        this.allocator = allocator;
        this.zone = zone;
    }

    /** The session time zone timestamps are read and shown in. */
    ZoneId zone() {
        return zone;
    }

    VectorExpression compile(Expr expr) {
        List<VectorExpression> built = new ArrayList<>();
        try {
            return build(expr, built);
        } catch (RuntimeException e) {
            for (VectorExpression v : built) {
                v.close();
            }
            throw e;
        }
    }

    /** Builds a node; every node built is remembered in {@code built} so a failure can close them. */
    private VectorExpression build(Expr expr, List<VectorExpression> built) {
        VectorExpression node = switch (expr) {
            case ColumnRef c -> new ColumnExpression(c.index(), c.dataType(), allocator);
            case Literal l -> new LiteralExpression(l.dataType(), l.value(), allocator);
            case Arithmetic a -> arithmetic(a, built);
            case Comparison c -> comparison(c.op(), c.left(), c.right(), built);
            case And a -> new LogicalExpression(true, build(a.left(), built), build(a.right(), built), allocator);
            case Or o -> new LogicalExpression(false, build(o.left(), built), build(o.right(), built), allocator);
            case Not n -> new NotExpression(build(n.child(), built), allocator);
            case IsNull n -> new IsNullExpression(build(n.child(), built), false, allocator);
            case IsNotNull n -> new IsNullExpression(build(n.child(), built), true, allocator);
            case Negate n -> n.child().dataType() instanceof NullType ? nullLiteral(n.dataType())
                    : new NegateExpression(build(n.child(), built), allocator);
            case Cast c -> cast(build(c.child(), built), c.dataType(), built);
            case In in -> in(in, built);
            case CaseWhen cw -> caseWhen(cw, built);
            case ScalarFunction f -> function(f, built);
            case UserFunction u -> {
                List<VectorExpression> arguments = new ArrayList<>();
                for (Expr a : u.arguments()) {
                    arguments.add(build(a, built));
                }
                yield new UserFunctionExpression(u, arguments, allocator);
            }
        };
        built.add(node);
        return node;
    }

    private VectorExpression nullLiteral(DataType type) {
        return new LiteralExpression(type, null, allocator);
    }

    /** {@code node} converted to {@code target} (no-op when it already has that type). */
    VectorExpression cast(VectorExpression node, DataType target, List<VectorExpression> built) {
        if (node.type().equals(target)) {
            return node;
        }
        if (node.type() instanceof NullType) {
            VectorExpression literal = nullLiteral(target);
            built.add(literal);
            return literal;
        }
        CastExpression.checkSupported(node.type(), target);
        VectorExpression cast = new CastExpression(node, target, zone, allocator);
        built.add(cast);
        return cast;
    }

    private VectorExpression arithmetic(Arithmetic a, List<VectorExpression> built) {
        DataType result = a.dataType();
        if (a.left().dataType() instanceof NullType || a.right().dataType() instanceof NullType) {
            return nullLiteral(result);
        }
        if (result instanceof DecimalType decimal) {
            VectorExpression left = toDecimal(build(a.left(), built), built);
            VectorExpression right = toDecimal(build(a.right(), built), built);
            return new DecimalArithmeticExpression(a.op(), left, right, decimal, allocator);
        }
        if (!result.isNumeric()) {
            throw new UpdraftException(ErrorType.INTERNAL, "arithmetic " + a.op().symbol() + " with result type "
                    + result.simpleString() + " is not supported");
        }
        VectorExpression left = cast(build(a.left(), built), result, built);
        VectorExpression right = cast(build(a.right(), built), result, built);
        return new ArithmeticExpression(a.op(), left, right, allocator);
    }

    private VectorExpression toDecimal(VectorExpression node, List<VectorExpression> built) {
        DataType t = node.type();
        if (t instanceof DecimalType) {
            return node;
        }
        DecimalType target = switch (t) {
            case IntegerType i -> new DecimalType(10, 0);
            case LongType l -> new DecimalType(20, 0);
            default -> throw new UpdraftException(ErrorType.INTERNAL, "decimal arithmetic with a "
                    + t.simpleString() + " operand");
        };
        return cast(node, target, built);
    }

    VectorExpression comparison(CompareOp op, Expr leftExpr, Expr rightExpr, List<VectorExpression> built) {
        DataType lt = leftExpr.dataType();
        DataType rt = rightExpr.dataType();
        if (lt instanceof NullType || rt instanceof NullType) {
            if (op == CompareOp.EQUAL_NULL_SAFE) {
                VectorExpression other = build(lt instanceof NullType ? rightExpr : leftExpr, built);
                return new IsNullExpression(other, false, allocator);
            }
            return nullLiteral(DataTypes.BooleanType);
        }
        VectorExpression left = build(leftExpr, built);
        VectorExpression right = build(rightExpr, built);
        if (!(lt instanceof DecimalType && rt instanceof DecimalType) && !lt.equals(rt)) {
            DataType common = commonType(lt, rt);
            left = cast(left, common, built);
            right = cast(right, common, built);
        }
        return new ComparisonExpression(op, left, right, allocator);
    }

    private static DataType commonType(DataType a, DataType b) {
        if (a.isNumeric() && b.isNumeric()) {
            if (a instanceof DoubleType || b instanceof DoubleType) {
                return DataTypes.DoubleType;
            }
            if (a instanceof DecimalType || b instanceof DecimalType) {
                DecimalType da = a instanceof DecimalType d ? d : integralDecimal(a);
                DecimalType db = b instanceof DecimalType d ? d : integralDecimal(b);
                int scale = Math.max(da.scale(), db.scale());
                int intDigits = Math.max(da.precision() - da.scale(), db.precision() - db.scale());
                return DecimalType.bounded(intDigits + scale, scale);
            }
            return DataTypes.LongType;
        }
        if ((a instanceof DateType || a instanceof TimestampType)
                && (b instanceof DateType || b instanceof TimestampType)) {
            return DataTypes.TimestampType;
        }
        throw new UpdraftException(ErrorType.INTERNAL, "cannot compare " + a.simpleString() + " with "
                + b.simpleString());
    }

    private static DecimalType integralDecimal(DataType t) {
        return t instanceof LongType ? new DecimalType(20, 0) : new DecimalType(10, 0);
    }

    /** value IN (a, b, ...) is value = a OR value = b OR ...: the same three-valued result. */
    private VectorExpression in(In in, List<VectorExpression> built) {
        if (in.list().isEmpty()) {
            return new LiteralExpression(DataTypes.BooleanType, false, allocator);
        }
        List<String> strings = stringLiterals(in);
        if (strings != null) {
            return new InListExpression(build(in.value(), built), strings, allocator);
        }
        VectorExpression result = null;
        for (Expr item : in.list()) {
            VectorExpression eq = comparison(CompareOp.EQUAL, in.value(), item, built);
            if (result == null) {
                result = eq;
            } else {
                built.add(eq);
                built.add(result);
                result = new LogicalExpression(false, result, eq, allocator);
            }
        }
        return result;
    }

    /** The list's values when {@code in} tests a string against string (or null) literals only, else null. */
    private static List<String> stringLiterals(In in) {
        if (!(in.value().dataType() instanceof StringType)) {
            return null;
        }
        List<String> values = new ArrayList<>(in.list().size());
        for (Expr item : in.list()) {
            if (!(item instanceof Literal l)
                    || !(l.dataType() instanceof StringType || l.dataType() instanceof NullType)
                    || !(l.value() == null || l.value() instanceof String)) {
                return null;
            }
            values.add((String) l.value());
        }
        return values;
    }

    private VectorExpression caseWhen(CaseWhen cw, List<VectorExpression> built) {
        List<VectorExpression> conditions = new ArrayList<>();
        List<VectorExpression> values = new ArrayList<>();
        for (int i = 0; i < cw.conditions().size(); i++) {
            conditions.add(build(cw.conditions().get(i), built));
            values.add(cast(build(cw.values().get(i), built), cw.dataType(), built));
        }
        VectorExpression elseValue = cw.elseValue() == null ? null
                : cast(build(cw.elseValue(), built), cw.dataType(), built);
        return new CaseWhenExpression(conditions, values, elseValue, cw.dataType(), allocator);
    }

    private VectorExpression function(ScalarFunction f, List<VectorExpression> built) {
        Expr rewritten = FunctionRegistry.rewrite(f);
        if (rewritten != null) {
            return build(rewritten, built);
        }
        List<VectorExpression> args = new ArrayList<>();
        for (Expr arg : f.arguments()) {
            args.add(build(arg, built));
        }
        return FunctionRegistry.create(f.name(), args, f.dataType(), this, built, allocator);
    }
}
