package io.updraft.core.plan;

import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.IntegerType;

import java.util.List;
import java.util.Objects;

/**
 * One window function call. Arguments by function: ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK: none;
 * NTILE: [int literal buckets &gt; 0]; LAG/LEAD: [input, optional int literal offset (default 1), optional
 * default value of the input's type (an expression evaluated at the current row; default null)];
 * FIRST/LAST, SUM, AVG, MIN, MAX: [input]; COUNT: [] for count(*) or [input]. {@code ignoreNulls} applies
 * to FIRST, LAST, LAG and LEAD. {@code frame} null means Spark's default (see {@link WindowFrame}); the
 * {@link Window} fills it in. {@code dataType} must be {@link #resultType}; USER_DEFINED: [the struct of the
 * call's arguments], {@code userAggregate} its user code (null otherwise; absent in older JSON) and {@code dataType}
 * the user's result type.
 */
public record WindowCall(WindowFunction function, List<Expr> arguments, boolean ignoreNulls, WindowFrame frame,
                         DataType dataType, UserAggregate userAggregate) {
    public WindowCall {
        Objects.requireNonNull(function, "function is null");
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(dataType, "dataType is null");
        int n = arguments.size();
        boolean ok = switch (function) {
            case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK -> n == 0;
            case NTILE -> n == 1 && arguments.get(0) instanceof Literal l && l.dataType() instanceof IntegerType
                    && l.value() != null && (Integer) l.value() > 0;
            case LAG, LEAD -> n >= 1 && n <= 3 && (n < 2 || arguments.get(1) instanceof Literal l
                    && l.dataType() instanceof IntegerType && l.value() != null)
                    && (n < 3 || arguments.get(2).dataType().equals(arguments.get(0).dataType()));
            case COUNT -> n <= 1;
            case FIRST, LAST, SUM, AVG, MIN, MAX, USER_DEFINED -> n == 1;
        };
        if ((function == WindowFunction.USER_DEFINED) != (userAggregate != null)) {
            throw new IllegalArgumentException(function == WindowFunction.USER_DEFINED
                    ? "USER_DEFINED needs its user code" : "user code applies to USER_DEFINED only, not " + function);
        }
        if (!ok) {
            throw new IllegalArgumentException("invalid arguments for window function " + function + ": "
                    + arguments);
        }
        if ((function == WindowFunction.SUM || function == WindowFunction.AVG)
                && !arguments.get(0).dataType().isNumeric()) {
            throw new IllegalArgumentException(function + " needs a numeric argument, got "
                    + arguments.get(0).dataType().simpleString());
        }
        if (ignoreNulls && function != WindowFunction.FIRST && function != WindowFunction.LAST
                && function != WindowFunction.LAG && function != WindowFunction.LEAD) {
            throw new IllegalArgumentException("ignoreNulls applies to FIRST, LAST, LAG and LEAD only, not "
                    + function);
        }
        DataType expected = function == WindowFunction.USER_DEFINED ? dataType : resultType(function, arguments);
        if (!expected.equals(dataType)) {
            throw new IllegalArgumentException(function + " over " + arguments + " has type "
                    + expected.simpleString() + ", not " + dataType.simpleString());
        }
    }

    public WindowCall(WindowFunction function, List<Expr> arguments, boolean ignoreNulls, WindowFrame frame,
                      DataType dataType) {
        this(function, arguments, ignoreNulls, frame, dataType, null);
    }

    /** A user-defined aggregate over {@code argument} (the struct of its arguments) returning {@code dataType}. */
    public static WindowCall userDefined(UserAggregate userAggregate, Expr argument, WindowFrame frame,
                                         DataType dataType) {
        return new WindowCall(WindowFunction.USER_DEFINED, List.of(argument), false, frame, dataType, userAggregate);
    }

    /** A call with Spark's default frame and the right result type. */
    public static WindowCall of(WindowFunction function, List<Expr> arguments) {
        return new WindowCall(function, arguments, false, null, resultType(function, arguments));
    }

    /** Spark's result type: int for ranks and NTILE, double for PERCENT_RANK, the aggregate types otherwise. */
    public static DataType resultType(WindowFunction function, List<Expr> arguments) {
        return switch (function) {
            case ROW_NUMBER, RANK, DENSE_RANK, NTILE -> DataTypes.IntegerType;
            case PERCENT_RANK -> DataTypes.DoubleType;
            case LAG, LEAD, FIRST, LAST -> arguments.get(0).dataType();
            case COUNT -> DataTypes.LongType;
            case SUM -> AggregateCall.resultType(AggregateFunction.SUM, arguments.get(0).dataType());
            case AVG -> AggregateCall.resultType(AggregateFunction.AVG, arguments.get(0).dataType());
            case MIN -> arguments.get(0).dataType();
            case MAX -> arguments.get(0).dataType();
            case USER_DEFINED -> throw new IllegalArgumentException("a user-defined aggregate's result type is the"
                    + " user's");
        };
    }

    /** Whether the result can be null (COUNT and the ranking functions never are). */
    public boolean nullable() {
        return switch (function) {
            case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, NTILE, COUNT -> false;
            default -> true;
        };
    }

    WindowCall withFrame(WindowFrame newFrame) {
        return new WindowCall(function, arguments, ignoreNulls, newFrame, dataType, userAggregate);
    }
}
