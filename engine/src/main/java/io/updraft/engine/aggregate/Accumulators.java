package io.updraft.engine.aggregate;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.AggregateCall;
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
            case STDDEV_SAMP, STDDEV_POP, VAR_SAMP, VAR_POP -> new MomentsAccumulator(call.function());
            case FIRST -> new FirstLastAccumulator(result, false, call.ignoreNulls());
            case LAST -> new FirstLastAccumulator(result, true, call.ignoreNulls());
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
