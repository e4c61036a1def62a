package io.updraft.core.plan;

import io.updraft.core.expr.Expr;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;

import java.util.List;
import java.util.Objects;

/**
 * One aggregate: function, argument (null only for count(*)) and result type. {@link #stateTypes()}
 * is the layout of its partial state, shared by planner and engine:
 * COUNT → [bigint]; SUM → [result type]; AVG → [sum, bigint count] where sum is double for
 * non-decimal input and decimal(min(38, p+10), s) for decimal(p,s); MIN/MAX → [result type].
 */
public record AggregateCall(AggregateFunction function, Expr argument, boolean distinct, DataType dataType) {
    public AggregateCall {
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(dataType, "dataType is null");
        if (argument == null && function != AggregateFunction.COUNT) {
            throw new IllegalArgumentException(function + " needs an argument");
        }
        if (distinct) {
            throw new IllegalArgumentException("DISTINCT aggregates are not supported yet");
        }
    }

    /** Spark's result type of {@code function(input)}. */
    public static DataType resultType(AggregateFunction function, DataType input) {
        return switch (function) {
            case COUNT -> DataTypes.LongType;
            case MIN, MAX -> input;
            case SUM -> input instanceof DecimalType d ? DecimalType.bounded(d.precision() + 10, d.scale())
                    : input.isIntegral() ? DataTypes.LongType : DataTypes.DoubleType;
            case AVG -> input instanceof DecimalType d ? DecimalType.bounded(d.precision() + 4, d.scale() + 4)
                    : DataTypes.DoubleType;
        };
    }

    public List<DataType> stateTypes() {
        return switch (function) {
            case COUNT -> List.of(DataTypes.LongType);
            case SUM, MIN, MAX -> List.of(dataType);
            case AVG -> List.of(argument.dataType() instanceof DecimalType d
                    ? DecimalType.bounded(d.precision() + 10, d.scale()) : DataTypes.DoubleType, DataTypes.LongType);
        };
    }
}
