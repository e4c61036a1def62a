package io.updraft.engine.aggregate;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.LongType;

/** Picks the accumulator for an aggregate call; its state layout matches {@link AggregateCall#stateTypes()}. */
public final class Accumulators {
    private Accumulators() {
    }

    public static Accumulator create(AggregateCall call) {
        DataType result = call.dataType();
        if (result instanceof ArrayType && call.function() != AggregateFunction.USER_DEFINED
                && call.function() != AggregateFunction.COLLECT_LIST
                && call.function() != AggregateFunction.COLLECT_SET && !call.function().isPercentile()) {
            throw UpdraftException.user(call.function().name().toLowerCase(java.util.Locale.ROOT)
                    + " of an array column is not supported yet");
        }
        Accumulator accumulator = switch (call.function()) {
            case COUNT -> new CountAccumulator();
            case SUM -> switch (result) {
                case DecimalType d -> new DecimalSumAccumulator(d);
                case LongType l -> new LongSumAccumulator();
                case DoubleType d -> new DoubleSumAccumulator();
                default -> throw unsupported(call);
            };
            case AVG -> {
                DataType sumType = call.stateTypes().get(0);
                Accumulator sum = sumType instanceof DecimalType d ? new DecimalSumAccumulator(d)
                        : new DoubleSumAccumulator();
                yield new AverageAccumulator(sum, result);
            }
            case MIN -> new MinMaxAccumulator(result, false);
            case MAX -> new MinMaxAccumulator(result, true);
            case STDDEV_SAMP, STDDEV_POP, VAR_SAMP, VAR_POP, SKEWNESS, KURTOSIS ->
                    new MomentsAccumulator(call.function());
            case FIRST -> new FirstLastAccumulator(result, false, call.ignoreNulls());
            case LAST -> new FirstLastAccumulator(result, true, call.ignoreNulls());
            case COLLECT_LIST -> new CollectAccumulator((ArrayType) result, false);
            case COLLECT_SET -> new CollectAccumulator((ArrayType) result, true);
            case APPROX_COUNT_DISTINCT -> new ApproxCountDistinctAccumulator(call.argument().dataType(),
                    call.hllPrecision());
            case PERCENTILE -> new PercentileAccumulator(call.percentiles());
            case PERCENTILE_APPROX -> new ApproxPercentileAccumulator(call.percentiles());
            case MODE -> new ModeAccumulator(result);
            case MAX_BY -> new MaxMinByAccumulator(result, call.secondArgument().dataType(), true);
            case MIN_BY -> new MaxMinByAccumulator(result, call.secondArgument().dataType(), false);
            case CORR, COVAR_POP, COVAR_SAMP -> new CovarianceAccumulator(call.function());
            case USER_DEFINED -> new UserAggregateAccumulator(call);
        };
        if (!accumulator.stateTypes().equals(call.stateTypes())) {
            throw new UpdraftException(ErrorType.INTERNAL, "accumulator state " + accumulator.stateTypes()
                    + " does not match the plan's state layout " + call.stateTypes() + " for " + call);
        }
        return accumulator;
    }

    private static UpdraftException unsupported(AggregateCall call) {
        return new UpdraftException(ErrorType.INTERNAL, call.function() + " with result type "
                + call.dataType().simpleString() + " is not supported");
    }
}
