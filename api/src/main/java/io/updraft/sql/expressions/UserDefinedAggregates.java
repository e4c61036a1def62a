package io.updraft.sql.expressions;

import io.updraft.core.typed.UntypedAggregation;
import io.updraft.core.typed.UserCode;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.UserFunctionCall;
import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.sql.Column;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The driver-side half of {@link UserDefinedAggregateFunction} (kept out of the class the workers load). */
final class UserDefinedAggregates {
    private UserDefinedAggregates() {
    }

    /** The aggregate over {@code exprs}; {@code distinct}: over their distinct values. */
    static Column apply(UserDefinedAggregateFunction function, boolean distinct, Column... exprs) {
        List<Expression> args = new ArrayList<>(exprs.length);
        for (Column c : exprs) {
            args.add(c.expr());
        }
        return new Column(new UserFunctionCall(definition(function), args, distinct));
    }

    static UserFunctionDefinition definition(UserDefinedAggregateFunction function) {
        String name = function.getClass().getSimpleName().toLowerCase(Locale.ROOT);
        return new UserFunctionDefinition(UserFunctionDefinition.Kind.AGGREGATE, name.isEmpty() ? "udaf" : name,
                UserCode.serialize(new UntypedAggregation(function)), function.dataType(), true,
                function.deterministic(), function.inputSchema().size(), function.inputSchema(),
                function.bufferSchema());
    }
}
