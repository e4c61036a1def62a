package io.updraft.sql.expressions;

import io.updraft.core.typed.UntypedAggregation;
import io.updraft.core.typed.UntypedAggregator;
import io.updraft.core.typed.UserCode;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.UserFunctionCall;
import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.sql.Column;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Spark's untyped (deprecated since Spark 3.0, still what the guide shows) {@code UserDefinedAggregateFunction}:
 * subclass it with {@code inputSchema}, {@code bufferSchema}, {@code dataType}, {@code deterministic},
 * {@code initialize}, {@code update}, {@code merge} and {@code evaluate}; call it with {@link #apply} or register it
 * ({@code session.udf().register(name, udaf)}) for SQL. The arguments are cast to the input schema's types; the
 * buffer is a {@link MutableAggregationBuffer} of the buffer schema, written into the shuffle between the partial
 * and the final aggregation. Subclasses must be serializable (their fields too).
 */
public abstract class UserDefinedAggregateFunction implements UntypedAggregator {
    private static final long serialVersionUID = 1L;

    /** The aggregate over {@code exprs}. */
    public Column apply(Column... exprs) {
        List<Expression> args = new ArrayList<>(exprs.length);
        for (Column c : exprs) {
            args.add(c.expr());
        }
        return new Column(new UserFunctionCall(definition(), args));
    }

    /** What the planner resolves: named by the class's simple name (lower-cased) until registered. */
    public final UserFunctionDefinition definition() {
        String name = getClass().getSimpleName().toLowerCase(Locale.ROOT);
        return new UserFunctionDefinition(UserFunctionDefinition.Kind.AGGREGATE, name.isEmpty() ? "udaf" : name,
                UserCode.serialize(new UntypedAggregation(this)), dataType(), true, deterministic(),
                inputSchema().size(), inputSchema(), bufferSchema());
    }
}
