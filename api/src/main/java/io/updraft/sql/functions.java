package io.updraft.sql;

import io.updraft.planner.expr.CaseWhenExpr;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.LogicalNot;
import io.updraft.planner.expr.UnresolvedStar;

import java.util.List;

/**
 * Column functions, as Spark's {@code org.apache.spark.sql.functions}: use with
 * {@code import static io.updraft.sql.functions.*;}. Aggregates (sum, avg, count, min, max) are valid
 * in {@code agg(...)}; their default names are Spark's ("sum(x)", "avg(x)", "count(1)").
 */
@SuppressWarnings("checkstyle:TypeName")
public final class functions {
    private functions() {
    }

    /** The column named {@code name} ("a", "t.a", "`a.b`", "*"). */
    public static Column col(String name) {
        return new Column(name);
    }

    public static Column column(String name) {
        return new Column(name);
    }

    /** A literal; a Column is returned as is. See {@link Column} for the Java types accepted. */
    public static Column lit(Object value) {
        return Column.lit(value);
    }

    public static Column sum(Column e) {
        return call("sum", e);
    }

    public static Column sum(String columnName) {
        return sum(col(columnName));
    }

    public static Column avg(Column e) {
        return call("avg", e);
    }

    public static Column avg(String columnName) {
        return avg(col(columnName));
    }

    /** Same as {@link #avg(Column)}; the column is named "avg(x)", as in Spark. */
    public static Column mean(Column e) {
        return avg(e);
    }

    public static Column mean(String columnName) {
        return avg(columnName);
    }

    /** count of non-null values; {@code count(col("*"))} counts rows and is named "count(1)". */
    public static Column count(Column e) {
        return call("count", e);
    }

    /** {@code count("*")} counts rows, {@code count("x")} counts non-null x. */
    public static Column count(String columnName) {
        return count(col(columnName));
    }

    public static Column min(Column e) {
        return call("min", e);
    }

    public static Column min(String columnName) {
        return min(col(columnName));
    }

    public static Column max(Column e) {
        return call("max", e);
    }

    public static Column max(String columnName) {
        return max(col(columnName));
    }

    public static Column not(Column e) {
        return new Column(new LogicalNot(e.expr()));
    }

    /** Starts a CASE WHEN; continue with {@link Column#when} and {@link Column#otherwise}. */
    public static Column when(Column condition, Object value) {
        return new Column(new CaseWhenExpr(List.of(condition.expr()), List.of(Column.exprOf(value)), null));
    }

    public static Column asc(String columnName) {
        return col(columnName).asc();
    }

    public static Column asc_nulls_first(String columnName) {
        return col(columnName).asc_nulls_first();
    }

    public static Column asc_nulls_last(String columnName) {
        return col(columnName).asc_nulls_last();
    }

    public static Column desc(String columnName) {
        return col(columnName).desc();
    }

    public static Column desc_nulls_first(String columnName) {
        return col(columnName).desc_nulls_first();
    }

    public static Column desc_nulls_last(String columnName) {
        return col(columnName).desc_nulls_last();
    }

    /** Parses a SQL expression. Not available yet: it comes with the SQL issue. */
    public static Column expr(String expr) {
        throw new UnsupportedOperationException("functions.expr(\"" + expr + "\") is not supported yet: "
                + "parsing SQL expressions in the Dataset API comes with the SQL issue; build the expression "
                + "with Column methods or use session.sql(...)");
    }

    private static Column call(String name, Column argument) {
        Expression arg = argument.expr();
        if (name.equals("count") && arg instanceof UnresolvedStar star && star.qualifier() == null) {
            return new Column(new FunctionCall("count", List.of(arg), false));
        }
        return new Column(new FunctionCall(name, List.of(arg), false));
    }
}
