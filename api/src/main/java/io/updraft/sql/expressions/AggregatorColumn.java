package io.updraft.sql.expressions;

import io.updraft.core.typed.AggregatorAggregation;
import io.updraft.core.typed.UserCode;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.expr.UserFunctionCall;
import io.updraft.sql.Column;
import io.updraft.sql.Encoder;
import io.updraft.sql.TypedColumn;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link Aggregator#toColumn()}: a typed column that rebinds to the Dataset it is used on
 * ({@link #withInput}): the aggregator's input is then decoded by that Dataset's encoder from its columns, as
 * Spark's {@code TypedColumn.withInputType}. Unbound, it reads every column as a Row. Immutable.
 */
final class AggregatorColumn<IN, OUT> extends TypedColumn<IN, OUT> {
    private final Aggregator<?, ?, OUT> aggregator;

    private AggregatorColumn(Expression expr, Encoder<OUT> encoder, Aggregator<?, ?, OUT> aggregator) {
        super(expr, encoder);
        this.aggregator = aggregator;
    }

    /** Declared as a TypedColumn so that verifying Aggregator loads no api class (a worker has none). */
    static <IN, OUT> TypedColumn<IN, OUT> of(Aggregator<?, ?, OUT> aggregator, Encoder<?> input) {
        return of(aggregator, input, List.of(new Column(new UnresolvedStar(null))), null);
    }

    private static <IN, OUT> AggregatorColumn<IN, OUT> of(Aggregator<?, ?, OUT> aggregator, Encoder<?> input,
                                                          List<Column> columns, String alias) {
        List<Expression> args = new ArrayList<>();
        for (Column c : columns) {
            args.add(c.expr());
        }
        String payload = UserCode.serialize(new AggregatorAggregation(aggregator, input));
        Expression call = new UserFunctionCall(new UserFunctionDefinition(UserFunctionDefinition.Kind.AGGREGATE,
                aggregator.getClass().getSimpleName() + "(" + input.clsTag().getName() + ")", payload, AggregatorAggregation.resultType(aggregator), true, true,
                -1, null, AggregatorAggregation.stateType(aggregator)), args);
        Expression expr = alias == null ? call : new io.updraft.planner.expr.Alias(call, alias);
        return new AggregatorColumn<>(expr, Aggregator.outputOf(aggregator), aggregator);
    }

    @Override
    protected TypedColumn<IN, OUT> withInput(Encoder<?> inputEncoder, List<Column> inputColumns) {
        String alias = expr() instanceof io.updraft.planner.expr.Alias a ? a.name() : null;
        return of(aggregator, inputEncoder, inputColumns, alias);
    }

    @Override
    public TypedColumn<IN, OUT> name(String alias) {
        UserFunctionCall call = (UserFunctionCall) (expr() instanceof io.updraft.planner.expr.Alias a ? a.child()
                : expr());
        return new AggregatorColumn<>(new io.updraft.planner.expr.Alias(call, alias), encoder(), aggregator);
    }
}
