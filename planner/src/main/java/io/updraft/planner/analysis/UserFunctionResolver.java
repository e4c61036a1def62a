package io.updraft.planner.analysis;

import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.UserAggregate;
import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.UserFunctionExpression;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Resolves a call of a user-defined function over resolved arguments: the argument count checked (Spark's
 * {@code [WRONG_NUM_ARGS]}), the arguments cast to the definition's input schema when it has one (Spark's
 * implicit input casts of {@code UserDefinedAggregateFunction} and {@code udaf}); a scalar function becomes a
 * {@link UserFunctionExpression}, an aggregate a USER_DEFINED {@link AggregateFunctionExpression} whose argument is
 * the struct of the arguments (named by the input schema, else as {@code struct(...)} names them), displayed as
 * Spark 4.2 displays it.
 */
final class UserFunctionResolver {
    private UserFunctionResolver() {
    }

    static ResolvedExpression resolve(UserFunctionDefinition definition, List<ResolvedExpression> arguments,
                                      boolean insideAggregate) {
        return resolve(definition, arguments, insideAggregate, false);
    }

    /** As above; {@code distinct}: an aggregate over the distinct argument values ({@code myavg(DISTINCT x)}). */
    static ResolvedExpression resolve(UserFunctionDefinition definition, List<ResolvedExpression> arguments,
                                      boolean insideAggregate, boolean distinct) {
        if (definition.arity() >= 0 && arguments.size() != definition.arity()) {
            throw AnalysisErrors.wrongNumArgs(definition.name(), String.valueOf(definition.arity()),
                    arguments.size());
        }
        List<ResolvedExpression> typed = new ArrayList<>(arguments);
        if (definition.inputSchema() != null) {
            for (int i = 0; i < typed.size(); i++) {
                typed.set(i, TypeCoercion.cast(typed.get(i), definition.inputSchema().get(i).dataType()));
            }
        }
        if (definition.kind() == UserFunctionDefinition.Kind.SCALAR) {
            return new UserFunctionExpression(definition, typed);
        }
        if (insideAggregate) {
            throw AnalysisErrors.nestedAggregate();
        }
        List<String> names = new ArrayList<>();
        List<ResolvedExpression> values = new ArrayList<>();
        for (int i = 0; i < typed.size(); i++) {
            ResolvedExpression a = typed.get(i);
            names.add(definition.inputSchema() != null ? definition.inputSchema().get(i).name()
                    : a instanceof AttributeReference r ? r.name()
                    : a instanceof AliasExpression alias ? alias.name() : "col" + (i + 1));
            values.add(a instanceof AliasExpression alias ? alias.child() : a);
        }
        ResolvedExpression struct = NestedFunctionResolver.build(names, values);
        // Spark 4.2: a registered or udaf aggregate prints lower-cased with its arguments (myaverage(salary));
        // an Aggregator's toColumn (no input schema: it reads the Dataset's objects) prints its name alone
        // (TypedAverage(com.example.Employee)).
        String display = definition.inputSchema() == null ? definition.name()
                : definition.name().toLowerCase(Locale.ROOT) + "(" + (distinct ? "DISTINCT " : "") + arguments.stream().map(ExpressionPrinter::pretty)
                .collect(Collectors.joining(", ")) + ")";
        return new AggregateFunctionExpression(AggregateFunction.USER_DEFINED, struct, distinct, definition.dataType(),
                false, null, 0, List.of(), null, display,
                new UserAggregate(display, definition.function(), definition.stateType()));
    }
}
