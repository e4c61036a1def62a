package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.expr.CompareOp;
import io.updraft.planner.analysis.FunctionRegistry;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.BinaryArithmetic;
import io.updraft.planner.expr.BinaryComparison;
import io.updraft.planner.expr.CaseWhenExpr;
import io.updraft.planner.expr.CastExpr;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.UnaryMinus;
import io.updraft.planner.expr.UnresolvedExpressions;
import io.updraft.planner.expr.UnresolvedStar;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code groupBy(...).pivot(column, values).agg(...)} as conditional aggregation, the way Spark's analyzer plans a
 * pivot it cannot do with PivotFirst: for every value v and aggregate, the aggregate's arguments become
 * {@code CASE WHEN column <=> v THEN argument END} (count(*) counts {@code 1}; first/last skip nulls), named
 * {@code v} (one aggregate) or {@code v_name} (several, name = the aggregate's alias or Spark's name for it).
 * Immutable.
 */
record Pivot(Expression column, List<Object> values) {
    private static final String MAX_VALUES = RuntimeConfig.PIVOT_MAX_VALUES;
    private static final String PIVOT_VALUE = "__pivot_value";

    Pivot {
        values = java.util.Collections.unmodifiableList(new ArrayList<>(values));
    }

    /** Spark's pivot without values: the distinct values, sorted ascending (nulls first), found by a query now. */
    static List<Object> distinctValues(Dataset<Row> df, Column column) {
        int max = df.sparkSession().conf().pivotMaxValues();
        List<Row> rows = df.select(column.as(PIVOT_VALUE)).distinct().orderBy(new Column(PIVOT_VALUE))
                .limit(max + 1).collectAsList();
        if (rows.size() > max) {
            throw new AnalysisException("The pivot column " + column + " has more than " + max + " distinct values, "
                    + "this could indicate an error. If this was intended, set " + MAX_VALUES
                    + " to at least the number of distinct values of the pivot column.");
        }
        List<Object> values = new ArrayList<>(rows.size());
        rows.forEach(r -> values.add(r.get(0)));
        return values;
    }

    /** The output columns: per value, per aggregate (whose default names are {@code names}). */
    List<Expression> aggregates(List<Expression> aggregates, List<String> names, java.time.ZoneId zone) {
        List<Expression> out = new ArrayList<>(values.size() * aggregates.size());
        for (Object value : values) {
            Expression matches = new BinaryComparison(CompareOp.EQUAL_NULL_SAFE, column, Column.exprOf(value));
            String valueName = valueName(value, zone);
            for (int i = 0; i < aggregates.size(); i++) {
                Expression aggregate = aggregates.get(i) instanceof Alias a ? a.child() : aggregates.get(i);
                String name = aggregates.size() == 1 ? valueName : valueName + "_" + names.get(i);
                out.add(new Alias(filtered(aggregate, matches), name));
            }
        }
        return out;
    }

    /** Spark's string cast of the value; null is "null". */
    private static String valueName(Object value, java.time.ZoneId zone) {
        if (value == null) {
            return "null";
        }
        return ShowString.cell(value, Literals.of(value).dataType(), zone);
    }

    /** The expression with every aggregate call reading only the rows where {@code matches}. */
    private static Expression filtered(Expression e, Expression matches) {
        return switch (e) {
            case FunctionCall f when FunctionRegistry.isAggregate(f.name()) -> aggregate(f, matches);
            case FunctionCall f -> new FunctionCall(f.name(), each(f.arguments(), matches), f.distinct(), f.filter());
            case Alias a -> new Alias(filtered(a.child(), matches), a.name());
            case BinaryArithmetic b -> new BinaryArithmetic(b.op(), filtered(b.left(), matches),
                    filtered(b.right(), matches));
            case UnaryMinus m -> new UnaryMinus(filtered(m.child(), matches));
            case CastExpr c -> new CastExpr(filtered(c.child(), matches), c.type());
            case CaseWhenExpr c -> new CaseWhenExpr(each(c.conditions(), matches), each(c.values(), matches),
                    c.elseValue() == null ? null : filtered(c.elseValue(), matches));
            default -> {
                if (UnresolvedExpressions.children(e).stream().anyMatch(Pivot::hasAggregate)) {
                    throw new AnalysisException("pivot cannot compute " + e.sql() + ": aggregates must be function "
                            + "calls, possibly within arithmetic, casts or CASE");
                }
                yield e;
            }
        };
    }

    private static List<Expression> each(List<Expression> list, Expression matches) {
        List<Expression> out = new ArrayList<>(list.size());
        list.forEach(x -> out.add(filtered(x, matches)));
        return out;
    }

    private static boolean hasAggregate(Expression e) {
        return UnresolvedExpressions.anyMatch(e,
                x -> x instanceof FunctionCall f && FunctionRegistry.isAggregate(f.name()));
    }

    private static Expression aggregate(FunctionCall f, Expression matches) {
        List<Expression> args = new ArrayList<>();
        boolean firstOrLast = f.name().equals("first") || f.name().equals("last");
        for (int i = 0; i < f.arguments().size(); i++) {
            Expression a = f.arguments().get(i);
            if (firstOrLast && i == 1) {
                continue;
            }
            if (a instanceof UnresolvedStar s && s.qualifier() == null) {
                a = new LiteralValue(io.updraft.core.expr.Literal.of(1));
            }
            args.add(new CaseWhenExpr(List.of(matches), List.of(a), null));
        }
        if (firstOrLast) {
            args.add(new LiteralValue(io.updraft.core.expr.Literal.of(true)));
        }
        return new FunctionCall(f.name(), args, f.distinct(), f.filter());
    }
}
