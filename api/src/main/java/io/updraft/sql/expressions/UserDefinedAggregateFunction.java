package io.updraft.sql.expressions;

import io.updraft.core.typed.UntypedAggregator;
import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.sql.Column;

/**
 * Spark's untyped (deprecated since Spark 3.0, still what the guide shows) {@code UserDefinedAggregateFunction}:
 * subclass it with {@code inputSchema}, {@code bufferSchema}, {@code dataType}, {@code deterministic},
 * {@code initialize}, {@code update}, {@code merge} and {@code evaluate}; call it with {@link #apply} or register it
 * ({@code session.udf().register(name, udaf)}) for SQL. The arguments are cast to the input schema's types; the
 * buffer is a {@link MutableAggregationBuffer} of the buffer schema, written into the shuffle between the partial
 * and the final aggregation. Subclasses must be serializable (their fields too). The workers load this class (a
 * user's subclass extends it) but none of the api: its methods only call {@link UserDefinedAggregates}.
 */
public abstract class UserDefinedAggregateFunction implements UntypedAggregator {
    private static final long serialVersionUID = 1L;

    /** The aggregate over {@code exprs}. */
    public Column apply(Column... exprs) {
        return UserDefinedAggregates.apply(this, exprs);
    }

    /** What the planner resolves: named by the class's simple name (lower-cased) until registered. */
    public final UserFunctionDefinition definition() {
        return UserDefinedAggregates.definition(this);
    }
}
