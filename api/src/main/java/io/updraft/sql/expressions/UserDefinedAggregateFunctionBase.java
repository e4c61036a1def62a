package io.updraft.sql.expressions;

import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.sql.Column;

/**
 * The half of {@link UserDefinedAggregateFunction} whose signatures name the api and the planner ({@link #apply},
 * {@link #definition()}): a non-serializable superclass, so that a worker (which has neither) can read a user's
 * UDAF with Java serialization — see {@link AggregatorBase} for why (and why it is public). Only
 * {@link UserDefinedAggregateFunction} extends it (sealed).
 */
public abstract sealed class UserDefinedAggregateFunctionBase permits UserDefinedAggregateFunction {
    /** For {@link UserDefinedAggregateFunction}; protected, as Java serialization calls this constructor. */
    protected UserDefinedAggregateFunctionBase() {
    }

    /** The aggregate over {@code exprs}. */
    public Column apply(Column... exprs) {
        return UserDefinedAggregates.apply((UserDefinedAggregateFunction) this, false, exprs);
    }

    /** The aggregate over the distinct values of {@code exprs} (Spark's {@code udaf.distinct(cols)}). */
    public Column distinct(Column... exprs) {
        return UserDefinedAggregates.apply((UserDefinedAggregateFunction) this, true, exprs);
    }

    /** What the planner resolves: named by the class's simple name (lower-cased) until registered. */
    public final UserFunctionDefinition definition() {
        return UserDefinedAggregates.definition((UserDefinedAggregateFunction) this);
    }
}
