package io.updraft.planner.analysis;

import io.updraft.core.expr.ArithmeticOp;
import io.updraft.core.expr.CompareOp;
import io.updraft.planner.resolved.expr.ArithmeticExpression;
import io.updraft.planner.resolved.expr.CastExpression;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.IntegralDivideExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.TimestampType;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * Spark's implicit type coercion without ANSI mode (TypeCoercion, DecimalPrecision): casts inserted so
 * both sides of an arithmetic or comparison fit, and the result types of decimal arithmetic.
 * Stateless.
 */
public final class TypeCoercion {
    /** Spark's DecimalType.IntDecimal: an int as a decimal. */
    public static final DecimalType INT_DECIMAL = new DecimalType(10, 0);
    /** Spark's DecimalType.LongDecimal: a bigint as a decimal. */
    public static final DecimalType LONG_DECIMAL = new DecimalType(20, 0);
    private static final int MINIMUM_ADJUSTED_SCALE = 6;
    private static final String NUMERIC_OR_INTERVAL =
            "(\"NUMERIC\" or \"INTERVAL DAY TO SECOND\" or \"INTERVAL YEAR TO MONTH\" or \"INTERVAL\")";

    private TypeCoercion() {
    }

    /** Wraps {@code e} in an implicit cast unless it already has {@code target} type. */
    public static ResolvedExpression cast(ResolvedExpression e, DataType target) {
        return e.dataType().equals(target) ? e : new CastExpression(e, target, false);
    }

    /** The decimal type that holds every value of an integral type. */
    public static DecimalType decimalOf(DataType integral) {
        return integral instanceof LongType ? LONG_DECIMAL : INT_DECIMAL;
    }

    /** Spark's DecimalType.fromLiteral: the smallest decimal holding an integral literal's value. */
    public static DecimalType decimalOfLiteral(ConstantExpression literal) {
        Object v = literal.value();
        if (v == null) {
            return decimalOf(literal.dataType());
        }
        BigDecimal d = BigDecimal.valueOf(((Number) v).longValue());
        return new DecimalType(Math.max(d.precision(), 1), 0);
    }

    /** Spark's widerDecimalType, capped at 38 digits (DecimalType.bounded in Spark's sense). */
    public static DecimalType widerDecimal(DecimalType a, DecimalType b) {
        int scale = Math.max(a.scale(), b.scale());
        int range = Math.max(a.precision() - a.scale(), b.precision() - b.scale());
        int precision = Math.min(range + scale, DecimalType.MAX_PRECISION);
        return new DecimalType(precision, Math.min(scale, precision));
    }

    /** Result type of {@code a op b} on decimals, as Spark with precision loss allowed. */
    public static DecimalType decimalResult(ArithmeticOp op, DecimalType a, DecimalType b) {
        int p1 = a.precision();
        int s1 = a.scale();
        int p2 = b.precision();
        int s2 = b.scale();
        return switch (op) {
            case ADD, SUBTRACT -> {
                int scale = Math.max(s1, s2);
                yield DecimalType.bounded(Math.max(p1 - s1, p2 - s2) + scale + 1, scale);
            }
            case MULTIPLY -> DecimalType.bounded(p1 + p2 + 1, s1 + s2);
            case DIVIDE -> {
                int scale = Math.max(MINIMUM_ADJUSTED_SCALE, s1 + p2 + 1);
                yield DecimalType.bounded(p1 - s1 + s2 + scale, scale);
            }
            case MOD -> {
                int scale = Math.max(s1, s2);
                yield DecimalType.bounded(Math.min(p1 - s1, p2 - s2) + scale, scale);
            }
        };
    }

    /** Coerces and types {@code left op right}. */
    public static ResolvedExpression arithmetic(ArithmeticOp op, ResolvedExpression left, ResolvedExpression right) {
        String sql = "(" + ExpressionPrinter.pretty(left) + " " + op.symbol() + " " + ExpressionPrinter.pretty(right) + ")";
        DataType lt = left.dataType();
        DataType rt = right.dataType();
        if (lt instanceof DateType && rt.isIntegral() && (op == ArithmeticOp.ADD || op == ArithmeticOp.SUBTRACT)) {
            return dateArithmetic(op, left, right);
        }
        if (rt instanceof DateType && lt.isIntegral() && op == ArithmeticOp.ADD) {
            return dateArithmetic(op, right, left);
        }
        // Spark 4 (ANSI mode, its default) casts a string next to an integral operand to bigint; otherwise to double
        if (lt instanceof StringType && (rt.isNumeric() || rt instanceof StringType || rt instanceof NullType)) {
            left = cast(left, rt.isIntegral() ? DataTypes.LongType : DataTypes.DoubleType);
        }
        if (rt instanceof StringType && (lt.isNumeric() || lt instanceof StringType || lt instanceof NullType)) {
            right = cast(right, lt.isIntegral() ? DataTypes.LongType : DataTypes.DoubleType);
        }
        lt = left.dataType();
        rt = right.dataType();
        if (lt instanceof NullType && rt instanceof NullType) {
            left = cast(left, DataTypes.DoubleType);
            right = cast(right, DataTypes.DoubleType);
        } else if (lt instanceof NullType && rt.isNumeric()) {
            left = cast(left, rt);
        } else if (rt instanceof NullType && lt.isNumeric()) {
            right = cast(right, lt);
        }
        lt = left.dataType();
        rt = right.dataType();
        if (!lt.isNumeric() || !rt.isNumeric()) {
            if (lt.equals(rt)) {
                throw AnalysisErrors.dataTypeMismatch("BINARY_OP_WRONG_TYPE", sql,
                        "the binary operator requires the input type " + NUMERIC_OR_INTERVAL + ", not "
                                + AnalysisErrors.quoteType(lt));
            }
            throw AnalysisErrors.binaryOpDiffTypes(sql, left.dataType(), right.dataType());
        }
        if (lt instanceof DecimalType || rt instanceof DecimalType) {
            ResolvedExpression[] sides = decimalOperands(left, right);
            left = sides[0];
            right = sides[1];
            if (left.dataType() instanceof DecimalType ld && right.dataType() instanceof DecimalType rd) {
                return new ArithmeticExpression(op, left, right, decimalResult(op, ld, rd));
            }
            return new ArithmeticExpression(op, left, right, DataTypes.DoubleType);
        }
        if (op == ArithmeticOp.DIVIDE) {
            return new ArithmeticExpression(op, cast(left, DataTypes.DoubleType), cast(right, DataTypes.DoubleType),
                    DataTypes.DoubleType);
        }
        DataType wider = widerNumeric(lt, rt);
        ArithmeticExpression computed = new ArithmeticExpression(op, cast(left, wider), cast(right, wider), wider);
        boolean floats = lt instanceof io.updraft.sql.types.FloatType || rt instanceof io.updraft.sql.types.FloatType;
        // float op float/integral is a float in Spark: computed in double, then rounded (exact for + - *)
        return floats && !(lt instanceof DoubleType) && !(rt instanceof DoubleType)
                ? cast(computed, DataTypes.FloatType) : computed;
    }

    /**
     * Spark's {@code a div b} (IntegralDivide): bigint operands (integrals, doubles and strings are cast to bigint),
     * or decimal operands when either side is a decimal (an integral side becomes a decimal as in arithmetic).
     */
    public static ResolvedExpression integralDivide(ResolvedExpression left, ResolvedExpression right) {
        DataType lt = left.dataType();
        DataType rt = right.dataType();
        String sql = "(" + ExpressionPrinter.pretty(left) + " div " + ExpressionPrinter.pretty(right) + ")";
        for (DataType t : List.of(lt, rt)) {
            if (!t.isNumeric() && !(t instanceof StringType) && !(t instanceof NullType)) {
                throw AnalysisErrors.binaryOpDiffTypes(sql, lt, rt);
            }
        }
        if ((lt instanceof DecimalType || rt instanceof DecimalType) && !(lt instanceof DoubleType)
                && !(rt instanceof DoubleType) && !(lt instanceof StringType) && !(rt instanceof StringType)) {
            ResolvedExpression[] sides = decimalOperands(left, right);
            if (sides[0].dataType() instanceof NullType) {
                sides[0] = cast(sides[0], sides[1].dataType());
            }
            if (sides[1].dataType() instanceof NullType) {
                sides[1] = cast(sides[1], sides[0].dataType());
            }
            return new IntegralDivideExpression(sides[0], sides[1]);
        }
        return new IntegralDivideExpression(cast(left, DataTypes.LongType), cast(right, DataTypes.LongType));
    }

    private static ResolvedExpression dateArithmetic(ArithmeticOp op, ResolvedExpression date, ResolvedExpression days) {
        String name = op == ArithmeticOp.ADD ? "date_add" : "date_sub";
        return new ScalarFunctionExpression(name, List.of(date, cast(days, DataTypes.IntegerType)), DataTypes.DateType,
                date.nullable() || days.nullable());
    }

    /**
     * DecimalPrecision for a decimal meeting another numeric: integral literals become the smallest decimal
     * holding them, other integrals decimal(10,0)/decimal(20,0); with a double, the decimal becomes double.
     */
    private static ResolvedExpression[] decimalOperands(ResolvedExpression left, ResolvedExpression right) {
        DataType lt = left.dataType();
        DataType rt = right.dataType();
        if (lt instanceof DoubleType || rt instanceof DoubleType) {
            return new ResolvedExpression[] {cast(left, DataTypes.DoubleType), cast(right, DataTypes.DoubleType)};
        }
        if (lt.isIntegral()) {
            left = cast(left, left instanceof ConstantExpression c ? decimalOfLiteral(c) : decimalOf(lt));
        }
        if (rt.isIntegral()) {
            right = cast(right, right instanceof ConstantExpression c ? decimalOfLiteral(c) : decimalOf(rt));
        }
        return new ResolvedExpression[] {left, right};
    }

    /**
     * The wider of two numeric types; a float widens to double (Spark would keep float beside an integral: the
     * engine computes floats as doubles, see {@link #arithmetic}), never to an integral type.
     */
    private static DataType widerNumeric(DataType a, DataType b) {
        if (a instanceof DoubleType || b instanceof DoubleType
                || a instanceof io.updraft.sql.types.FloatType || b instanceof io.updraft.sql.types.FloatType) {
            return DataTypes.DoubleType;
        }
        if (a instanceof LongType || b instanceof LongType) {
            return DataTypes.LongType;
        }
        return DataTypes.IntegerType;
    }

    /** Coerces both sides of {@code left op right} to a common type, or fails naming both types. */
    public static ResolvedExpression comparison(CompareOp op, ResolvedExpression left, ResolvedExpression right) {
        String sql = ExpressionPrinter.pretty(new ComparisonExpression(op, left, right));
        DataType lt = left.dataType();
        DataType rt = right.dataType();
        if (lt.equals(rt)) {
            return new ComparisonExpression(op, left, right);
        }
        if (lt instanceof NullType) {
            return new ComparisonExpression(op, cast(left, rt), right);
        }
        if (rt instanceof NullType) {
            return new ComparisonExpression(op, left, cast(right, lt));
        }
        if (lt.isNumeric() && rt.isNumeric()) {
            if (lt instanceof DecimalType || rt instanceof DecimalType) {
                ResolvedExpression[] sides = decimalOperands(left, right);
                left = sides[0];
                right = sides[1];
                if (left.dataType() instanceof DecimalType ld && right.dataType() instanceof DecimalType rd
                        && !ld.equals(rd)) {
                    DecimalType wider = widerDecimal(ld, rd);
                    left = cast(left, wider);
                    right = cast(right, wider);
                }
                return new ComparisonExpression(op, left, right);
            }
            DataType wider = widerNumeric(lt, rt);
            return new ComparisonExpression(op, cast(left, wider), cast(right, wider));
        }
        Optional<DataType> common = comparisonType(lt, rt);
        if (common.isEmpty()) {
            throw AnalysisErrors.binaryOpDiffTypes(sql, lt, rt);
        }
        return new ComparisonExpression(op, cast(left, common.get()), cast(right, common.get()));
    }

    /** Spark's findCommonTypeForBinaryComparison for non-numeric pairs. */
    private static Optional<DataType> comparisonType(DataType a, DataType b) {
        if (a instanceof StringType && b instanceof DateType || a instanceof DateType && b instanceof StringType) {
            return Optional.of(DataTypes.DateType);
        }
        if (a instanceof StringType && b instanceof TimestampType || a instanceof TimestampType && b instanceof StringType) {
            return Optional.of(DataTypes.TimestampType);
        }
        if (a instanceof DateType && b instanceof TimestampType || a instanceof TimestampType && b instanceof DateType) {
            return Optional.of(DataTypes.TimestampType);
        }
        if (a instanceof StringType && (b.isNumeric() || b instanceof BooleanType)) {
            return Optional.of(b);
        }
        if (b instanceof StringType && (a.isNumeric() || a instanceof BooleanType)) {
            return Optional.of(a);
        }
        return Optional.empty();
    }

    /**
     * Spark's findWiderCommonType (IN lists, CASE branches, coalesce): numeric widening, decimal
     * widening, date to timestamp, and string promotion of other atomic types except boolean.
     */
    public static Optional<DataType> widerCommonType(List<DataType> types) {
        DataType result = DataTypes.NullType;
        for (DataType t : types) {
            Optional<DataType> wider = widerType(result, t);
            if (wider.isEmpty()) {
                return Optional.empty();
            }
            result = wider.get();
        }
        return Optional.of(result);
    }

    private static Optional<DataType> widerType(DataType a, DataType b) {
        if (a.equals(b)) {
            return Optional.of(a);
        }
        if (a instanceof NullType) {
            return Optional.of(b);
        }
        if (b instanceof NullType) {
            return Optional.of(a);
        }
        if (a.isNumeric() && b.isNumeric()) {
            if (a instanceof DoubleType || b instanceof DoubleType) {
                return Optional.of(DataTypes.DoubleType);
            }
            if (a instanceof DecimalType || b instanceof DecimalType) {
                DecimalType da = a instanceof DecimalType d ? d : decimalOf(a);
                DecimalType db = b instanceof DecimalType d ? d : decimalOf(b);
                return Optional.of(widerDecimal(da, db));
            }
            return Optional.of(widerNumeric(a, b));
        }
        if (a instanceof DateType && b instanceof TimestampType || a instanceof TimestampType && b instanceof DateType) {
            return Optional.of(DataTypes.TimestampType);
        }
        if (a instanceof StringType && !(b instanceof BooleanType) || b instanceof StringType && !(a instanceof BooleanType)) {
            return Optional.of(DataTypes.StringType);
        }
        return Optional.empty();
    }

    /** Whether a value of {@code from} may be implicitly cast to {@code to} where a function expects it. */
    public static boolean canImplicitlyCast(DataType from, DataType to) {
        if (from.equals(to) || from instanceof NullType) {
            return true;
        }
        if (from instanceof io.updraft.sql.types.ArrayType || to instanceof io.updraft.sql.types.ArrayType) {
            return false;
        }
        if (to instanceof StringType) {
            return !(from instanceof BooleanType);
        }
        if (from instanceof StringType) {
            return to.isNumeric() || to instanceof DateType || to instanceof TimestampType;
        }
        if (from.isNumeric() && to.isNumeric()) {
            return true;
        }
        return from instanceof DateType && to instanceof TimestampType
                || from instanceof TimestampType && to instanceof DateType;
    }
}
