package io.updraft.sql;

import io.updraft.planner.expr.CaseWhenExpr;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.IsNullExpr;
import io.updraft.planner.expr.LogicalNot;
import io.updraft.planner.logical.Hint;

import java.util.ArrayList;
import java.util.List;

/**
 * Column functions, as Spark's {@code org.apache.spark.sql.functions}: use with
 * {@code import static io.updraft.sql.functions.*;}. Every function is a call by its Spark name that the planner
 * types (its function registry is the list of what exists); columns get Spark's default names ("sum(x)",
 * "count(1)", "count(DISTINCT x)", "upper(s)"). Aggregates are valid in {@code agg(...)} and, like the ranking and
 * offset functions, with {@link Column#over(io.updraft.sql.expressions.WindowSpec)}. Stateless.
 */
@SuppressWarnings({"checkstyle:TypeName", "checkstyle:MethodName"})
public final class functions {
    private functions() {
    }

    // ---- columns and literals

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

    /**
     * A SQL expression, parsed as Spark's {@code expr}: {@code expr("price * (1 - discount) AS net")}. Subqueries
     * in it see the temporary views of the active session.
     */
    public static Column expr(String expr) {
        return new Column(SqlExpressions.parse(expr, UpdraftSession.getActiveSession()
                .toJava().map(UpdraftSession::sessionCatalog).orElse(null)));
    }

    /** Marks a DataFrame as small enough to broadcast in joins, whatever its estimated size. */
    public static <T> Dataset<T> broadcast(Dataset<T> df) {
        return df.withHint(new Hint(df.logicalPlan(), "broadcast"));
    }

    // ---- aggregates

    public static Column sum(Column e) {
        return call("sum", e);
    }

    public static Column sum(String columnName) {
        return sum(col(columnName));
    }

    /** sum of the distinct values, named "sum(DISTINCT x)". */
    public static Column sum_distinct(Column e) {
        return distinct("sum", e);
    }

    /** @deprecated as in Spark; use {@link #sum_distinct}. */
    @Deprecated
    public static Column sumDistinct(Column e) {
        return sum_distinct(e);
    }

    /** @deprecated as in Spark; use {@link #sum_distinct}. */
    @Deprecated
    public static Column sumDistinct(String columnName) {
        return sum_distinct(col(columnName));
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

    /** Number of distinct non-null values, named "count(DISTINCT x)". */
    public static Column countDistinct(Column expr, Column... exprs) {
        return count_distinct(expr, exprs);
    }

    public static Column countDistinct(String columnName, String... columnNames) {
        return count_distinct(col(columnName), Columns.of(columnNames));
    }

    /** Number of distinct rows of the columns where none is null. */
    public static Column count_distinct(Column expr, Column... exprs) {
        List<Expression> args = new ArrayList<>(exprs.length + 1);
        args.add(expr.expr());
        for (Column c : exprs) {
            args.add(c.expr());
        }
        return new Column(new FunctionCall("count", args, true));
    }

    /** The non-null values of each group as an array, in input order within a task (Spark: no defined order). */
    public static Column collect_list(Column e) {
        return call("collect_list", e);
    }

    public static Column collect_list(String columnName) {
        return collect_list(col(columnName));
    }

    /** The distinct non-null values of each group as an array, in no defined order. */
    public static Column collect_set(Column e) {
        return call("collect_set", e);
    }

    public static Column collect_set(String columnName) {
        return collect_set(col(columnName));
    }

    /** HyperLogLog++ estimate of the number of distinct values, relative standard deviation at most 0.05. */
    public static Column approx_count_distinct(Column e) {
        return call("approx_count_distinct", e);
    }

    public static Column approx_count_distinct(String columnName) {
        return approx_count_distinct(col(columnName));
    }

    /** As {@link #approx_count_distinct(Column)} with maximum relative standard deviation {@code rsd}. */
    public static Column approx_count_distinct(Column e, double rsd) {
        return call("approx_count_distinct", e, lit(rsd));
    }

    public static Column approx_count_distinct(String columnName, double rsd) {
        return approx_count_distinct(col(columnName), rsd);
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

    /** The first value of each group (order-dependent, as in Spark), nulls included. */
    public static Column first(Column e) {
        return call("first", e);
    }

    public static Column first(String columnName) {
        return first(col(columnName));
    }

    /** The first value, skipping nulls when {@code ignoreNulls}. */
    public static Column first(Column e, boolean ignoreNulls) {
        return call("first", e, lit(ignoreNulls));
    }

    public static Column first(String columnName, boolean ignoreNulls) {
        return first(col(columnName), ignoreNulls);
    }

    /** The last value of each group (order-dependent, as in Spark), nulls included. */
    public static Column last(Column e) {
        return call("last", e);
    }

    public static Column last(String columnName) {
        return last(col(columnName));
    }

    public static Column last(Column e, boolean ignoreNulls) {
        return call("last", e, lit(ignoreNulls));
    }

    public static Column last(String columnName, boolean ignoreNulls) {
        return last(col(columnName), ignoreNulls);
    }

    /** Sample standard deviation (alias of {@link #stddev_samp}), a double. */
    public static Column stddev(Column e) {
        return call("stddev", e);
    }

    public static Column stddev(String columnName) {
        return stddev(col(columnName));
    }

    public static Column stddev_samp(Column e) {
        return call("stddev_samp", e);
    }

    public static Column stddev_samp(String columnName) {
        return stddev_samp(col(columnName));
    }

    public static Column stddev_pop(Column e) {
        return call("stddev_pop", e);
    }

    public static Column stddev_pop(String columnName) {
        return stddev_pop(col(columnName));
    }

    /** Sample variance (alias of {@link #var_samp}), a double. */
    public static Column variance(Column e) {
        return call("variance", e);
    }

    public static Column variance(String columnName) {
        return variance(col(columnName));
    }

    public static Column var_samp(Column e) {
        return call("var_samp", e);
    }

    public static Column var_samp(String columnName) {
        return var_samp(col(columnName));
    }

    public static Column var_pop(Column e) {
        return call("var_pop", e);
    }

    public static Column var_pop(String columnName) {
        return var_pop(col(columnName));
    }

    /** Skewness of the values (as double); null without values or when they are all equal. */
    public static Column skewness(Column e) {
        return call("skewness", e);
    }

    public static Column skewness(String columnName) {
        return skewness(col(columnName));
    }

    /** Excess kurtosis of the values (as double); null without values or when they are all equal. */
    public static Column kurtosis(Column e) {
        return call("kurtosis", e);
    }

    public static Column kurtosis(String columnName) {
        return kurtosis(col(columnName));
    }

    /** Pearson's correlation coefficient of two columns (rows with a null in either skipped). */
    public static Column corr(Column column1, Column column2) {
        return call("corr", column1, column2);
    }

    public static Column corr(String columnName1, String columnName2) {
        return corr(col(columnName1), col(columnName2));
    }

    /** Population covariance of two columns. */
    public static Column covar_pop(Column column1, Column column2) {
        return call("covar_pop", column1, column2);
    }

    public static Column covar_pop(String columnName1, String columnName2) {
        return covar_pop(col(columnName1), col(columnName2));
    }

    /** Sample covariance of two columns. */
    public static Column covar_samp(Column column1, Column column2) {
        return call("covar_samp", column1, column2);
    }

    public static Column covar_samp(String columnName1, String columnName2) {
        return covar_samp(col(columnName1), col(columnName2));
    }

    /** The exact percentile (a double) of a numeric column at a constant percentage in [0, 1]. */
    public static Column percentile(Column e, Column percentage) {
        return call("percentile", e, percentage);
    }

    /** The exact percentile where each row counts {@code frequency} times. */
    public static Column percentile(Column e, Column percentage, Column frequency) {
        return call("percentile", e, percentage, frequency);
    }

    /** The exact median (percentile 0.5) of a numeric column, a double. */
    public static Column median(Column e) {
        return call("median", e);
    }

    /**
     * Spark's approximate percentile (a value of the column, of its type) at a constant percentage; {@code accuracy}
     * (a positive int literal, Spark's default 10000) bounds the rank error at {@code 1 / accuracy}.
     */
    public static Column percentile_approx(Column e, Column percentage, Column accuracy) {
        return call("percentile_approx", e, percentage, accuracy);
    }

    public static Column approx_percentile(Column e, Column percentage, Column accuracy) {
        return call("approx_percentile", e, percentage, accuracy);
    }

    /** The most frequent non-null value (the smallest of equally frequent ones). */
    public static Column mode(Column e) {
        return call("mode", e);
    }

    /** As {@link #mode(Column)}; {@code deterministic} as Spark's (ties always go to the smallest value here). */
    public static Column mode(Column e, boolean deterministic) {
        return call("mode", e, lit(deterministic));
    }

    /** The value of {@code e} at the row with the largest {@code ord} (rows with a null ord skipped). */
    public static Column max_by(Column e, Column ord) {
        return call("max_by", e, ord);
    }

    /** The value of {@code e} at the row with the smallest {@code ord} (rows with a null ord skipped). */
    public static Column min_by(Column e, Column ord) {
        return call("min_by", e, ord);
    }

    /** The number of rows where the boolean column is true. */
    public static Column count_if(Column e) {
        return call("count_if", e);
    }

    /** True when every non-null value is true (null without values). */
    public static Column bool_and(Column e) {
        return call("bool_and", e);
    }

    /** Alias of {@link #bool_and}. */
    public static Column every(Column e) {
        return call("every", e);
    }

    /** True when some value is true (null without values). */
    public static Column bool_or(Column e) {
        return call("bool_or", e);
    }

    /** Alias of {@link #bool_or}. */
    public static Column some(Column e) {
        return call("some", e);
    }

    /** Alias of {@link #bool_or}. */
    public static Column any(Column e) {
        return call("any", e);
    }

    /** In a rollup/cube/grouping sets aggregation: 1 when the column is aggregated away in this row, else 0. */
    public static Column grouping(Column e) {
        return call("grouping", e);
    }

    public static Column grouping(String columnName) {
        return grouping(col(columnName));
    }

    /** The grouping bits of the columns, first column most significant (all grouping columns when none given). */
    public static Column grouping_id(Column... cols) {
        return call("grouping_id", cols);
    }

    public static Column grouping_id(String colName, String... colNames) {
        return grouping_id(Columns.of(colName, colNames));
    }

    // ---- window functions (use with Column.over)

    /** 1, 2, 3, ... within each window partition, in its order. */
    public static Column row_number() {
        return call("row_number");
    }

    /** Rank with gaps: equal order values share a rank, the next rank skips. */
    public static Column rank() {
        return call("rank");
    }

    /** Rank without gaps. */
    public static Column dense_rank() {
        return call("dense_rank");
    }

    /** (rank - 1) / (rows in partition - 1), a double. */
    public static Column percent_rank() {
        return call("percent_rank");
    }

    /** The bucket (1..n) of the row when the partition is cut into n nearly equal groups. */
    public static Column ntile(int n) {
        return call("ntile", lit(n));
    }

    /** The value {@code offset} rows before the current row, or null. */
    public static Column lag(Column e, int offset) {
        return call("lag", e, lit(offset));
    }

    public static Column lag(String columnName, int offset) {
        return lag(col(columnName), offset);
    }

    /** The value {@code offset} rows before the current row, or {@code defaultValue}. */
    public static Column lag(Column e, int offset, Object defaultValue) {
        return call("lag", e, lit(offset), lit(defaultValue));
    }

    public static Column lag(String columnName, int offset, Object defaultValue) {
        return lag(col(columnName), offset, defaultValue);
    }

    /** As {@link #lag(Column, int, Object)}; {@code ignoreNulls = true} is not supported yet. */
    public static Column lag(Column e, int offset, Object defaultValue, boolean ignoreNulls) {
        checkNoIgnoreNulls("lag", ignoreNulls);
        return lag(e, offset, defaultValue);
    }

    /** The value {@code offset} rows after the current row, or null. */
    public static Column lead(Column e, int offset) {
        return call("lead", e, lit(offset));
    }

    public static Column lead(String columnName, int offset) {
        return lead(col(columnName), offset);
    }

    public static Column lead(Column e, int offset, Object defaultValue) {
        return call("lead", e, lit(offset), lit(defaultValue));
    }

    public static Column lead(String columnName, int offset, Object defaultValue) {
        return lead(col(columnName), offset, defaultValue);
    }

    /** As {@link #lead(Column, int, Object)}; {@code ignoreNulls = true} is not supported yet. */
    public static Column lead(Column e, int offset, Object defaultValue, boolean ignoreNulls) {
        checkNoIgnoreNulls("lead", ignoreNulls);
        return lead(e, offset, defaultValue);
    }

    private static void checkNoIgnoreNulls(String function, boolean ignoreNulls) {
        if (ignoreNulls) {
            throw new UnsupportedOperationException(function + "(..., ignoreNulls = true) is not supported yet: the "
                    + "planner's " + function + " takes no IGNORE NULLS flag");
        }
    }

    // ---- conditions and nulls

    public static Column not(Column e) {
        return new Column(new LogicalNot(e.expr()));
    }

    /** Starts a CASE WHEN; continue with {@link Column#when} and {@link Column#otherwise}. */
    public static Column when(Column condition, Object value) {
        return new Column(new CaseWhenExpr(List.of(condition.expr()), List.of(Column.exprOf(value)), null));
    }

    /** The first non-null argument. */
    public static Column coalesce(Column... e) {
        return call("coalesce", e);
    }

    /** null when {@code col1 = col2}, else {@code col1}. */
    public static Column nullif(Column col1, Column col2) {
        return call("nullif", col1, col2);
    }

    /** Whether the value is null, as a column named "(x IS NULL)". */
    public static Column isnull(Column e) {
        return new Column(new IsNullExpr(e.expr()));
    }

    /** The largest value, skipping nulls (null only when all are). */
    public static Column greatest(Column... exprs) {
        return call("greatest", exprs);
    }

    public static Column greatest(String columnName, String... columnNames) {
        return greatest(Columns.of(columnName, columnNames));
    }

    /** The smallest value, skipping nulls (null only when all are). */
    public static Column least(Column... exprs) {
        return call("least", exprs);
    }

    public static Column least(String columnName, String... columnNames) {
        return least(Columns.of(columnName, columnNames));
    }

    // ---- strings

    public static Column upper(Column e) {
        return call("upper", e);
    }

    public static Column lower(Column e) {
        return call("lower", e);
    }

    /** Capitalizes the first letter of each word. */
    public static Column initcap(Column e) {
        return call("initcap", e);
    }

    public static Column reverse(Column e) {
        return call("reverse", e);
    }

    /** Characters from 1-based {@code pos} (negative: from the end), {@code len} of them. */
    public static Column substring(Column str, int pos, int len) {
        return call("substring", str, lit(pos), lit(len));
    }

    /** Spark's {@code substr(str, pos)}: the characters from 1-based {@code pos} on (the name's length: 2147483647). */
    public static Column substr(Column str, Column pos) {
        return call("substr", str, pos);
    }

    /** Spark's {@code substr(str, pos, len)}, as {@link #substring} with column arguments, named {@code substr}. */
    public static Column substr(Column str, Column pos, Column len) {
        return call("substr", str, pos, len);
    }

    /** Concatenation; null when any argument is null. */
    public static Column concat(Column... exprs) {
        return call("concat", exprs);
    }

    /** Concatenation with a separator; null arguments are skipped. */
    public static Column concat_ws(String sep, Column... exprs) {
        List<Column> args = new ArrayList<>(exprs.length + 1);
        args.add(lit(sep));
        args.addAll(List.of(exprs));
        return call("concat_ws", args.toArray(new Column[0]));
    }

    /** Removes spaces at both ends. */
    public static Column trim(Column e) {
        return call("trim", e);
    }

    public static Column ltrim(Column e) {
        return call("ltrim", e);
    }

    public static Column rtrim(Column e) {
        return call("rtrim", e);
    }

    /** Characters in a string. */
    public static Column length(Column e) {
        return call("length", e);
    }

    /** Left-pads to {@code len} characters with {@code pad} (cutting when longer). */
    public static Column lpad(Column str, int len, String pad) {
        return call("lpad", str, lit(len), lit(pad));
    }

    public static Column rpad(Column str, int len, String pad) {
        return call("rpad", str, lit(len), lit(pad));
    }

    public static Column repeat(Column str, int n) {
        return call("repeat", str, lit(n));
    }

    /** 1-based position of the first {@code substring} in {@code str}, 0 when absent. */
    public static Column instr(Column str, String substring) {
        return call("instr", str, lit(substring));
    }

    /** 1-based position of the first {@code substr} in {@code str}, 0 when absent. */
    public static Column locate(String substr, Column str) {
        return call("locate", lit(substr), str);
    }

    /** As {@link #locate(String, Column)}, searching from 1-based {@code pos}. */
    public static Column locate(String substr, Column str, int pos) {
        return call("locate", lit(substr), str, lit(pos));
    }

    /** Replaces every match of the Java regular expression {@code pattern}. */
    public static Column regexp_replace(Column e, String pattern, String replacement) {
        return call("regexp_replace", e, lit(pattern), lit(replacement));
    }

    public static Column regexp_replace(Column e, Column pattern, Column replacement) {
        return call("regexp_replace", e, pattern, replacement);
    }

    /** Group {@code groupIdx} of the first match of {@code exp}; "" when nothing matches. */
    public static Column regexp_extract(Column e, String exp, int groupIdx) {
        return call("regexp_extract", e, lit(exp), lit(groupIdx));
    }

    // ---- arrays

    /** The pieces of {@code str} around matches of the Java regex {@code pattern}, as array&lt;string&gt;. */
    public static Column split(Column str, String pattern) {
        return call("split", str, lit(pattern));
    }

    /**
     * As {@link #split(Column, String)}; {@code limit} &gt; 0: at most limit pieces, the last holding the rest;
     * limit ≤ 0: every piece (trailing empty strings kept).
     */
    public static Column split(Column str, String pattern, int limit) {
        return call("split", str, lit(pattern), lit(limit));
    }

    public static Column split(Column str, Column pattern) {
        return call("split", str, pattern);
    }

    /** The number of elements of an array; -1 for a null array (Spark without ANSI mode). */
    /** A struct of the columns, each field named after its column (col1, col2, ... for other expressions). */
    public static Column struct(Column... cols) {
        return call("struct", cols);
    }

    public static Column struct(String colName, String... colNames) {
        Column[] cols = new Column[colNames.length + 1];
        cols[0] = col(colName);
        for (int i = 0; i < colNames.length; i++) {
            cols[i + 1] = col(colNames[i]);
        }
        return struct(cols);
    }

    /** named_struct(name1, value1, ...): names are string literals. */
    public static Column named_struct(Column... cols) {
        return call("named_struct", cols);
    }

    /** array(e1, e2, ...): the values as one array of their common type; never null. */
    public static Column array(Column... cols) {
        return call("array", cols);
    }

    /** map(key1, value1, ...): never null; a null key or one given twice fails the query, as Spark. */
    public static Column map(Column... cols) {
        return call("map", cols);
    }

    public static Column map_keys(Column e) {
        return call("map_keys", e);
    }

    public static Column map_values(Column e) {
        return call("map_values", e);
    }

    /** A map's value for {@code key}, null when absent. */
    public static Column element_at(Column column, Object key) {
        return call("element_at", column, lit(key));
    }

    public static Column size(Column e) {
        return call("size", e);
    }

    /** Whether the array contains {@code value}; null when it does not but has a null element. */
    public static Column array_contains(Column column, Object value) {
        return call("array_contains", column, lit(value));
    }

    // ---- generators: one per select list (or withColumn), planned as a Generate node

    /** One row per array element (column {@code col}) or map entry ({@code key}, {@code value}); none for null or empty. */
    public static Column explode(Column e) {
        return call("explode", e);
    }

    /** As {@link #explode}, but a null or empty array or map gives one row of nulls. */
    public static Column explode_outer(Column e) {
        return call("explode_outer", e);
    }

    /** As {@link #explode} with the element's position first ({@code pos}, from 0). */
    public static Column posexplode(Column e) {
        return call("posexplode", e);
    }

    /** As {@link #posexplode}, but a null or empty array or map gives one row of nulls. */
    public static Column posexplode_outer(Column e) {
        return call("posexplode_outer", e);
    }

    /** One row per struct of an array of structs, one column per field. */
    public static Column inline(Column e) {
        return call("inline", e);
    }

    /** As {@link #inline}, but a null or empty array gives one row of nulls. */
    public static Column inline_outer(Column e) {
        return call("inline_outer", e);
    }

    // ---- dates and timestamps (UTC)

    public static Column year(Column e) {
        return call("year", e);
    }

    public static Column quarter(Column e) {
        return call("quarter", e);
    }

    public static Column month(Column e) {
        return call("month", e);
    }

    public static Column dayofmonth(Column e) {
        return call("dayofmonth", e);
    }

    /** 1 = Sunday ... 7 = Saturday. */
    public static Column dayofweek(Column e) {
        return call("dayofweek", e);
    }

    public static Column dayofyear(Column e) {
        return call("dayofyear", e);
    }

    /** ISO week of the year. */
    public static Column weekofyear(Column e) {
        return call("weekofyear", e);
    }

    public static Column hour(Column e) {
        return call("hour", e);
    }

    public static Column minute(Column e) {
        return call("minute", e);
    }

    public static Column second(Column e) {
        return call("second", e);
    }

    /** Days from {@code start} to {@code end}. */
    public static Column datediff(Column end, Column start) {
        return call("datediff", end, start);
    }

    public static Column date_add(Column start, int days) {
        return call("date_add", start, lit(days));
    }

    public static Column date_add(Column start, Column days) {
        return call("date_add", start, days);
    }

    public static Column date_sub(Column start, int days) {
        return call("date_sub", start, lit(days));
    }

    public static Column date_sub(Column start, Column days) {
        return call("date_sub", start, days);
    }

    /** Adds months; the day is clamped to the end of the month. */
    public static Column add_months(Column startDate, int numMonths) {
        return call("add_months", startDate, lit(numMonths));
    }

    public static Column add_months(Column startDate, Column numMonths) {
        return call("add_months", startDate, numMonths);
    }

    public static Column last_day(Column e) {
        return call("last_day", e);
    }

    /** The first date after {@code date} that is {@code dayOfWeek} ("Mon", "Tuesday", ...). */
    public static Column next_day(Column date, String dayOfWeek) {
        return call("next_day", date, lit(dayOfWeek));
    }

    public static Column make_date(Column year, Column month, Column day) {
        return call("make_date", year, month, day);
    }

    /** A string, date or timestamp as a date ({@code CAST(e AS DATE)}). */
    public static Column to_date(Column e) {
        return call("to_date", e);
    }

    /** A string in the Spark datetime pattern {@code fmt} as a date; null when it does not parse. */
    public static Column to_date(Column e, String fmt) {
        return call("to_date", e, lit(fmt));
    }

    public static Column to_timestamp(Column s) {
        return call("to_timestamp", s);
    }

    public static Column to_timestamp(Column s, String fmt) {
        return call("to_timestamp", s, lit(fmt));
    }

    /** A date or timestamp as text in the Spark datetime pattern {@code format}. */
    public static Column date_format(Column dateExpr, String format) {
        return call("date_format", dateExpr, lit(format));
    }

    /** A timestamp truncated to {@code format} ("year", "month", "day", "hour", ...). */
    public static Column date_trunc(String format, Column timestamp) {
        return call("date_trunc", lit(format), timestamp);
    }

    /** A date truncated to {@code format} ("year", "month", ...). */
    public static Column trunc(Column date, String format) {
        return call("trunc", date, lit(format));
    }

    public static Column current_date() {
        return call("current_date");
    }

    public static Column current_timestamp() {
        return call("current_timestamp");
    }

    // ---- math

    public static Column abs(Column e) {
        return call("abs", e);
    }

    /** Rounds HALF_UP to 0 decimal places. */
    public static Column round(Column e) {
        return call("round", e);
    }

    /** Rounds HALF_UP to {@code scale} decimal places. */
    public static Column round(Column e, int scale) {
        return call("round", e, lit(scale));
    }

    public static Column floor(Column e) {
        return call("floor", e);
    }

    public static Column floor(String columnName) {
        return floor(col(columnName));
    }

    public static Column ceil(Column e) {
        return call("ceil", e);
    }

    public static Column ceil(String columnName) {
        return ceil(col(columnName));
    }

    public static Column sqrt(Column e) {
        return call("sqrt", e);
    }

    public static Column sqrt(String colName) {
        return sqrt(col(colName));
    }

    public static Column exp(Column e) {
        return call("exp", e);
    }

    public static Column exp(String columnName) {
        return exp(col(columnName));
    }

    /** Natural logarithm. */
    public static Column log(Column e) {
        return call("ln", e);
    }

    public static Column log(String columnName) {
        return log(col(columnName));
    }

    /** Logarithm in {@code base}. */
    public static Column log(double base, Column a) {
        return call("log", lit(base), a);
    }

    public static Column log(double base, String columnName) {
        return log(base, col(columnName));
    }

    public static Column log10(Column e) {
        return call("log10", e);
    }

    public static Column log10(String columnName) {
        return log10(col(columnName));
    }

    public static Column log2(Column expr) {
        return call("log2", expr);
    }

    public static Column log2(String columnName) {
        return log2(col(columnName));
    }

    /** {@code l} to the power {@code r}, a double. */
    public static Column pow(Column l, Column r) {
        return call("pow", l, r);
    }

    public static Column pow(Column l, String rightName) {
        return pow(l, col(rightName));
    }

    public static Column pow(String leftName, Column r) {
        return pow(col(leftName), r);
    }

    public static Column pow(String leftName, String rightName) {
        return pow(col(leftName), col(rightName));
    }

    public static Column pow(Column l, double r) {
        return pow(l, lit(r));
    }

    public static Column pow(String leftName, double r) {
        return pow(col(leftName), lit(r));
    }

    public static Column pow(double l, Column r) {
        return pow(lit(l), r);
    }

    public static Column pow(double l, String rightName) {
        return pow(lit(l), col(rightName));
    }

    /** -1.0, 0.0 or 1.0. */
    public static Column signum(Column e) {
        return call("signum", e);
    }

    public static Column signum(String columnName) {
        return signum(col(columnName));
    }

    // ---- sort orders

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

    // ---- helpers

    private static Column call(String name, Column... arguments) {
        List<Expression> args = new ArrayList<>(arguments.length);
        for (Column c : arguments) {
            args.add(c.expr());
        }
        return new Column(new FunctionCall(name, args, false));
    }

    private static Column distinct(String name, Column argument) {
        return new Column(new FunctionCall(name, List.of(argument.expr()), true));
    }

    // ---- user-defined functions (Spark's Java UDF0..UDF22 overloads) ----
    /** A user-defined function of 0 arguments returning {@code returnType} (Spark's {@code udf(UDF0, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF0<?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 1 argument returning {@code returnType} (Spark's {@code udf(UDF1, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF1<?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 2 arguments returning {@code returnType} (Spark's {@code udf(UDF2, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF2<?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 3 arguments returning {@code returnType} (Spark's {@code udf(UDF3, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF3<?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 4 arguments returning {@code returnType} (Spark's {@code udf(UDF4, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF4<?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 5 arguments returning {@code returnType} (Spark's {@code udf(UDF5, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF5<?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 6 arguments returning {@code returnType} (Spark's {@code udf(UDF6, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF6<?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 7 arguments returning {@code returnType} (Spark's {@code udf(UDF7, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF7<?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 8 arguments returning {@code returnType} (Spark's {@code udf(UDF8, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF8<?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 9 arguments returning {@code returnType} (Spark's {@code udf(UDF9, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF9<?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 10 arguments returning {@code returnType} (Spark's {@code udf(UDF10, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF10<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 11 arguments returning {@code returnType} (Spark's {@code udf(UDF11, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF11<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 12 arguments returning {@code returnType} (Spark's {@code udf(UDF12, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF12<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 13 arguments returning {@code returnType} (Spark's {@code udf(UDF13, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF13<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 14 arguments returning {@code returnType} (Spark's {@code udf(UDF14, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF14<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 15 arguments returning {@code returnType} (Spark's {@code udf(UDF15, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF15<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 16 arguments returning {@code returnType} (Spark's {@code udf(UDF16, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF16<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 17 arguments returning {@code returnType} (Spark's {@code udf(UDF17, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF17<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 18 arguments returning {@code returnType} (Spark's {@code udf(UDF18, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF18<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 19 arguments returning {@code returnType} (Spark's {@code udf(UDF19, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF19<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 20 arguments returning {@code returnType} (Spark's {@code udf(UDF20, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF20<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 21 arguments returning {@code returnType} (Spark's {@code udf(UDF21, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF21<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /** A user-defined function of 22 arguments returning {@code returnType} (Spark's {@code udf(UDF22, DataType)}). */
    public static io.updraft.sql.expressions.UserDefinedFunction udf(io.updraft.sql.api.java.UDF22<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> f,
                                                                   io.updraft.sql.types.DataType returnType) {
        return io.updraft.sql.expressions.UserDefinedFunction.scalar(f, returnType);
    }
    /**
     * A typed {@code Aggregator} as an untyped aggregate function over columns read by {@code inputEncoder}
     * (positionally: the i-th column is the encoder's i-th field); register it for SQL with
     * {@code session.udf().register(name, udaf(...))}.
     */
    public static <IN, BUF, OUT> io.updraft.sql.expressions.UserDefinedFunction udaf(
            io.updraft.sql.expressions.Aggregator<IN, BUF, OUT> aggregator, Encoder<IN> inputEncoder) {
        return io.updraft.sql.expressions.UserDefinedFunction.aggregator(aggregator, inputEncoder);
    }

    /** Calls the function registered as {@code name} (a UDF or a built-in), as Spark's {@code call_function}. */
    public static Column call_function(String name, Column... cols) {
        return new Column(new FunctionCall(name, Columns.expressions(cols), false));
    }

    /** Spark's deprecated {@code callUDF}: the same as {@link #call_function}. */
    public static Column callUDF(String name, Column... cols) {
        return call_function(name, cols);
    }
}
