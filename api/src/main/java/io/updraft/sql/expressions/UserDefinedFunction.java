package io.updraft.sql.expressions;

import io.updraft.core.typed.AggregatorAggregation;
import io.updraft.core.typed.ScalarUserFunction;
import io.updraft.core.typed.UserCode;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.UserFunctionCall;
import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.sql.Column;
import io.updraft.sql.Encoder;
import io.updraft.sql.types.DataType;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A user-defined function, as Spark's {@code UserDefinedFunction}: what {@code functions.udf(UDFn, DataType)} and
 * {@code functions.udaf(Aggregator, Encoder)} return. {@link #apply} calls it over columns; {@link #withName},
 * {@link #asNonNullable}, {@link #asNondeterministic} return changed copies. The user's function is serialized when
 * this is made (so a function capturing something not serializable fails here, naming it) and travels inside each
 * task that evaluates it. Immutable, thread-safe.
 */
public final class UserDefinedFunction {
    /** Spark's name of a UDF the user did not name. */
    static final String UNNAMED = "UDF";

    private final UserFunctionDefinition definition;

    private UserDefinedFunction(UserFunctionDefinition definition) {
        this.definition = Objects.requireNonNull(definition, "definition is null");
    }

    /** A scalar UDF of {@code arity} arguments (one of {@code UDF0}..{@code UDF22}) returning {@code returnType}. */
    public static UserDefinedFunction scalar(Serializable udf, DataType returnType) {
        Objects.requireNonNull(udf, "udf is null");
        Objects.requireNonNull(returnType, "returnType is null");
        int arity = ScalarUserFunction.arityOf(udf);
        String payload = UserCode.serialize(new ScalarUserFunction(udf, arity));
        return new UserDefinedFunction(new UserFunctionDefinition(UserFunctionDefinition.Kind.SCALAR, UNNAMED,
                payload, returnType, true, true, arity, null, null));
    }

    /** A typed {@code Aggregator} over arguments read by {@code inputEncoder} (Spark's {@code functions.udaf}). */
    public static UserDefinedFunction aggregator(Aggregator<?, ?, ?> aggregator, Encoder<?> inputEncoder) {
        Objects.requireNonNull(aggregator, "aggregator is null");
        Objects.requireNonNull(inputEncoder, "inputEncoder is null");
        String payload = UserCode.serialize(new AggregatorAggregation(aggregator, inputEncoder));
        return new UserDefinedFunction(new UserFunctionDefinition(UserFunctionDefinition.Kind.AGGREGATE,
                Aggregator.displayName(aggregator), payload, AggregatorAggregation.resultType(aggregator), true, true,
                inputEncoder.schema().size(), inputEncoder.schema(), AggregatorAggregation.stateType(aggregator)));
    }

    /** The function over {@code exprs}. */
    public Column apply(Column... exprs) {
        List<Expression> args = new ArrayList<>(exprs.length);
        for (Column c : exprs) {
            args.add(c.expr());
        }
        return new Column(new UserFunctionCall(definition, args));
    }

    /** The same function under {@code name} (the column names and error messages show it). */
    public UserDefinedFunction withName(String name) {
        return new UserDefinedFunction(definition.withName(Objects.requireNonNull(name, "name is null")));
    }

    /** The same function, its result declared never null. */
    public UserDefinedFunction asNonNullable() {
        return new UserDefinedFunction(definition.withNullable(false));
    }

    /**
     * The same function, declared nondeterministic: the optimizer then never evaluates it twice for a row (a filter on
     * its result stays above it).
     */
    public UserDefinedFunction asNondeterministic() {
        return new UserDefinedFunction(definition.withDeterministic(false));
    }

    public boolean nullable() {
        return definition.nullable();
    }

    public boolean deterministic() {
        return definition.deterministic();
    }

    /** The function's name ({@code UDF} until {@link #withName} or registration names it). */
    public String name() {
        return definition.name();
    }

    /** The definition the planner resolves (for the api's registration). */
    public UserFunctionDefinition definition() {
        return definition;
    }
}
