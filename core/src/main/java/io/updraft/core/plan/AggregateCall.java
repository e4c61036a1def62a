package io.updraft.core.plan;

import io.updraft.core.expr.Expr;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;

import java.util.List;
import java.util.Objects;

/**
 * One aggregate: function, argument (null only for count(*)), result type and, for FIRST/LAST,
 * whether nulls are skipped. {@link #stateTypes()} is the layout of its partial state, shared by
 * planner and engine:
 * COUNT → [bigint]; SUM → [result type]; AVG → [sum, bigint count] where sum is double for
 * non-decimal input and decimal(min(38, p+10), s) for decimal(p,s); MIN/MAX → [result type];
 * STDDEV_SAMP/STDDEV_POP/VAR_SAMP/VAR_POP → [double n, double mean, double m2] (merged with the
 * parallel algorithm of Chan et al.); FIRST/LAST → [result type value, boolean set].
 */
public record AggregateCall(AggregateFunction function, Expr argument, boolean distinct, DataType dataType,
                            boolean ignoreNulls) {
    public AggregateCall {
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(dataType, "dataType is null");
        if (argument == null && function != AggregateFunction.COUNT) {
            throw new IllegalArgumentException(function + " needs an argument");
        }
        if (distinct) {
            throw new IllegalArgumentException("DISTINCT aggregates are not supported yet");
        }
        if (ignoreNulls && function != AggregateFunction.FIRST && function != AggregateFunction.LAST) {
            throw new IllegalArgumentException("ignoreNulls applies to FIRST and LAST only, not " + function);
        }
        if (function.isMoment() && argument != null && !argument.dataType().isNumeric()) {
            throw new IllegalArgumentException(function + " needs a numeric argument, got "
                    + argument.dataType().simpleString());
        }
    }

    /** An aggregate that does not skip nulls specially (every function but FIRST/LAST ignoring nulls). */
    public AggregateCall(AggregateFunction function, Expr argument, boolean distinct, DataType dataType) {
        this(function, argument, distinct, dataType, false);
    }

    /** Spark's result type of {@code function(input)}. */
    public static DataType resultType(AggregateFunction function, DataType input) {
        return switch (function) {
            case COUNT -> DataTypes.LongType;
            case MIN, MAX, FIRST, LAST -> input;
            case SUM -> input instanceof DecimalType d ? DecimalType.bounded(d.precision() + 10, d.scale())
                    : input.isIntegral() ? DataTypes.LongType : DataTypes.DoubleType;
            case AVG -> input instanceof DecimalType d ? DecimalType.bounded(d.precision() + 4, d.scale() + 4)
                    : DataTypes.DoubleType;
            case STDDEV_SAMP, STDDEV_POP, VAR_SAMP, VAR_POP -> DataTypes.DoubleType;
        };
    }

    public List<DataType> stateTypes() {
        return switch (function) {
            case COUNT -> List.of(DataTypes.LongType);
            case SUM, MIN, MAX -> List.of(dataType);
            case AVG -> List.of(argument.dataType() instanceof DecimalType d
                    ? DecimalType.bounded(d.precision() + 10, d.scale()) : DataTypes.DoubleType, DataTypes.LongType);
            case STDDEV_SAMP, STDDEV_POP, VAR_SAMP, VAR_POP ->
                    List.of(DataTypes.DoubleType, DataTypes.DoubleType, DataTypes.DoubleType);
            case FIRST, LAST -> List.of(dataType, DataTypes.BooleanType);
        };
    }
}
