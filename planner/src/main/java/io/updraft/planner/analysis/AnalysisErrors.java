package io.updraft.planner.analysis;

import io.updraft.core.error.AnalysisException;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.sql.types.DataType;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Spark 4's analysis error messages (error class, text, SQLSTATE), built in one place. */
public final class AnalysisErrors {
    private AnalysisErrors() {
    }

    /** Spark's {@code toSQLId}: every name part in backquotes, joined by dots. */
    public static String quoteId(List<String> parts) {
        return parts.stream().map(p -> "`" + p.replace("`", "``") + "`").collect(Collectors.joining("."));
    }

    public static String quoteId(String name) {
        return quoteId(List.of(name));
    }

    /** Spark's {@code toSQLExpr}: the expression's pretty SQL in double quotes. */
    public static String quoteExpr(String sql) {
        return "\"" + sql + "\"";
    }

    public static String quoteType(DataType type) {
        return "\"" + ExpressionPrinter.sqlType(type) + "\"";
    }

    public static AnalysisException unresolvedColumn(List<String> nameParts, List<AttributeReference> available) {
        List<String> candidates = new ArrayList<>();
        for (AttributeReference a : available) {
            List<String> parts = new ArrayList<>(a.qualifier());
            parts.add(a.name());
            candidates.add(quoteId(parts));
        }
        List<String> ordered = nameParts.size() == 1
                ? orderByLastPart(nameParts.get(0), available)
                : NameSuggestions.closest(quoteId(nameParts), candidates, NameSuggestions.MAX_SUGGESTIONS);
        String head = "A column, variable, or function parameter with name " + quoteId(nameParts)
                + " cannot be resolved.";
        if (ordered.isEmpty()) {
            return new AnalysisException("UNRESOLVED_COLUMN.WITHOUT_SUGGESTION", "42703", head);
        }
        // Spark suggests at most five names; we also list every column that exists, so a user of a
        // wide table sees all of them.
        String all = candidates.size() > ordered.size()
                ? " Available columns: [" + String.join(", ", candidates) + "]." : "";
        return new AnalysisException("UNRESOLVED_COLUMN.WITH_SUGGESTION", "42703",
                head + " Did you mean one of the following? [" + String.join(", ", ordered) + "]." + all);
    }

    /** For an unqualified name Spark compares with each candidate's column name only. */
    private static List<String> orderByLastPart(String name, List<AttributeReference> available) {
        List<String> names = available.stream().map(AttributeReference::name).toList();
        List<String> closest = NameSuggestions.closest(name, names, NameSuggestions.MAX_SUGGESTIONS);
        List<String> out = new ArrayList<>();
        List<AttributeReference> remaining = new ArrayList<>(available);
        for (String c : closest) {
            for (int i = 0; i < remaining.size(); i++) {
                AttributeReference a = remaining.get(i);
                if (a.name().equals(c)) {
                    List<String> parts = new ArrayList<>(a.qualifier());
                    parts.add(a.name());
                    out.add(quoteId(parts));
                    remaining.remove(i);
                    break;
                }
            }
        }
        return out;
    }

    public static AnalysisException ambiguousReference(List<String> nameParts, List<AttributeReference> matches) {
        List<String> options = new ArrayList<>();
        for (AttributeReference a : matches) {
            List<String> parts = new ArrayList<>(a.qualifier());
            parts.add(a.name());
            options.add(quoteId(parts));
        }
        return new AnalysisException("AMBIGUOUS_REFERENCE", "42704",
                "Reference " + quoteId(nameParts) + " is ambiguous, could be: [" + String.join(", ", options) + "].");
    }

    public static AnalysisException dataTypeMismatch(String subclass, String exprSql, String detail) {
        return new AnalysisException("DATATYPE_MISMATCH." + subclass, "42K09",
                "Cannot resolve " + quoteExpr(exprSql) + " due to data type mismatch: " + detail + ".");
    }

    public static AnalysisException binaryOpDiffTypes(String exprSql, DataType left, DataType right) {
        return dataTypeMismatch("BINARY_OP_DIFF_TYPES", exprSql,
                "the left and right operands of the binary operator have incompatible types ("
                        + quoteType(left) + " and " + quoteType(right) + ")");
    }

    public static AnalysisException unexpectedInputType(String exprSql, int paramIndex, String requiredType,
                                                        String inputSql, DataType inputType) {
        return dataTypeMismatch("UNEXPECTED_INPUT_TYPE", exprSql, "The " + ordinal(paramIndex)
                + " parameter requires the " + requiredType + " type, however " + quoteExpr(inputSql)
                + " has the type " + quoteType(inputType));
    }

    /** A constant parameter outside its range ({@code percentile(x, 1.5)}). */
    public static AnalysisException valueOutOfRange(String exprSql, String parameter, String range, String valueSql) {
        return dataTypeMismatch("VALUE_OUT_OF_RANGE", exprSql, "The " + quoteId(parameter) + " must be between "
                + range + ", but got " + valueSql);
    }

    /** A parameter that must be a constant ({@code percentile(x, y)} with a column y). */
    public static AnalysisException nonFoldableInput(String exprSql, String parameter, String type, String valueSql) {
        return dataTypeMismatch("NON_FOLDABLE_INPUT", exprSql, "the input " + quoteId(parameter)
                + " should be a foldable " + type + " expression; however, got " + quoteExpr(valueSql));
    }

    public static AnalysisException dataDiffTypes(String exprSql, String functionName, List<DataType> types) {
        String list = types.stream().map(AnalysisErrors::quoteType).collect(Collectors.joining(", "));
        return dataTypeMismatch("DATA_DIFF_TYPES", exprSql, "Input to " + quoteId(functionName)
                + " should all be the same type, but it's [" + list + "]");
    }

    public static AnalysisException castWithoutSuggestion(String exprSql, DataType from, DataType to) {
        return dataTypeMismatch("CAST_WITHOUT_SUGGESTION", exprSql,
                "cannot cast " + quoteType(from) + " to " + quoteType(to));
    }

    public static AnalysisException filterNotBoolean(String conditionSql, DataType type) {
        return dataTypeMismatch("FILTER_NOT_BOOLEAN", conditionSql, "Filter expression "
                + quoteExpr(conditionSql) + " of type " + quoteType(type) + " is not a boolean");
    }

    public static AnalysisException missingAggregation(String exprSql) {
        return new AnalysisException("MISSING_AGGREGATION", "42803",
                "The non-aggregating expression " + quoteExpr(exprSql)
                + " is based on columns which are not participating in the GROUP BY clause. Add the columns or the"
                + " expression to the GROUP BY, aggregate the expression, or use "
                + quoteExpr("any_value(" + exprSql + ")")
                + " if you do not care which of the values within a group is returned.");
    }

    public static AnalysisException nestedAggregate() {
        return new AnalysisException("NESTED_AGGREGATE_FUNCTION", "42607",
                "It is not allowed to use an aggregate function in"
                + " the argument of another aggregate function. Please use the inner aggregate function in a"
                + " sub-query.");
    }

    public static AnalysisException invalidWhereCondition(String conditionSql, List<String> invalid) {
        return new AnalysisException("INVALID_WHERE_CONDITION", "42903",
                "The WHERE condition " + quoteExpr(conditionSql) + " contains invalid expressions: "
                + String.join(", ", invalid) + ". Rewrite the query to avoid"
                + " window functions, aggregate functions, and generator functions in the WHERE clause.");
    }

    public static AnalysisException groupByAggregate(String exprSql) {
        return new AnalysisException("GROUP_BY_AGGREGATE", "42903",
                "Aggregate functions are not allowed in GROUP BY, but found " + exprSql + ".");
    }

    public static AnalysisException unresolvedRoutine(String name) {
        return new AnalysisException("UNRESOLVED_ROUTINE", "42883",
                "Cannot resolve routine " + quoteId(name)
                + " on search path [`system`.`builtin`, `system`.`session`, `spark_catalog`.`default`].");
    }

    public static AnalysisException wrongNumArgs(String name, String expected, int actual) {
        return new AnalysisException("WRONG_NUM_ARGS.WITHOUT_SUGGESTION", "42605",
                "The " + quoteId(name) + " requires " + expected + " parameters but the actual number is " + actual
                + ". Please, refer to 'https://spark.apache.org/docs/latest/sql-ref-functions.html' for a fix.");
    }

    public static AnalysisException tableNotFound(List<String> nameParts, List<String> registered) {
        StringBuilder sb = new StringBuilder("The table or view ")
                .append(quoteId(nameParts)).append(" cannot be found. Verify the spelling and correctness of the")
                .append(" schema and catalog.");
        List<String> closest = NameSuggestions.closest(String.join(".", nameParts), registered,
                NameSuggestions.MAX_SUGGESTIONS);
        if (!closest.isEmpty()) {
            sb.append(" Did you mean one of the following? [")
                    .append(closest.stream().map(AnalysisErrors::quoteId).collect(Collectors.joining(", ")))
                    .append("].");
        }
        return new AnalysisException("TABLE_OR_VIEW_NOT_FOUND", "42P01", sb.toString());
    }

    public static AnalysisException invalidStar(String context) {
        return new AnalysisException("INVALID_USAGE_OF_STAR_OR_REGEX", "42000",
                "Invalid usage of '*' in " + context + ".");
    }

    public static AnalysisException cannotResolveStar(String qualifier, List<AttributeReference> available) {
        String columns = available.stream().map(a -> quoteId(a.name())).collect(Collectors.joining(", "));
        return new AnalysisException("CANNOT_RESOLVE_STAR_EXPAND", "42704",
                "Cannot resolve " + quoteId(qualifier) + ".* given input columns " + columns
                + ". Please check that the specified table or struct exists"
                + " and is accessible in the input columns.");
    }

    public static AnalysisException unsupported(String what) {
        return new AnalysisException("UNSUPPORTED_FEATURE", "0A000", "The feature is not supported: " + what + ".");
    }

    public static AnalysisException scalarSubqueryColumns(int columns) {
        return new AnalysisException("INVALID_SUBQUERY_EXPRESSION.SCALAR_SUBQUERY_RETURN_MORE_THAN_ONE_OUTPUT_COLUMN",
                "42823",
                "Invalid subquery: Scalar subquery must return only one column, but got " + columns
                + ".");
    }

    public static AnalysisException inSubqueryLengthMismatch(List<? extends io.updraft.planner.resolved.expr.ResolvedExpression> values,
                                                             List<AttributeReference> columns) {
        String left = values.stream().map(v -> quoteExpr(ExpressionPrinter.pretty(v))).collect(Collectors.joining(", "));
        String right = columns.stream().map(c -> quoteExpr(c.name())).collect(Collectors.joining(", "));
        return new AnalysisException("DATATYPE_MISMATCH.IN_SUBQUERY_LENGTH_MISMATCH", "42K09",
                "Cannot resolve IN subquery due"
                + " to data type mismatch: The number of columns in the left hand side of an IN subquery does not"
                + " match the number of columns in the output of subquery. Left hand side columns(length: "
                + values.size() + "): [" + left + "], right hand side columns(length: " + columns.size() + "): ["
                + right + "].");
    }

    public static AnalysisException filterOnNonAggregate(String name) {
        return new AnalysisException("INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX", "42000",
                "Invalid SQL syntax: The function " + quoteId(name) + " does not support FILTER.");
    }

    public static AnalysisException windowFunctionWithoutOver(String sql) {
        return new AnalysisException("WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE", "42601",
                "Window function " + quoteExpr(sql) + " requires an OVER clause.");
    }

    public static AnalysisException windowFunctionNeedsOrder(String sql) {
        return new AnalysisException("WINDOW_FUNCTION_AND_FRAME_MISMATCH", "42K0E",
                quoteExpr(sql) + " requires the window to be ordered: add an ORDER BY clause to its OVER (...).");
    }

    public static AnalysisException windowInsideAggregate() {
        return new AnalysisException("NESTED_AGGREGATE_FUNCTION", "42607",
                "It is not allowed to use a window function inside"
                + " an aggregate function. Please use the inner window function in a sub-query.");
    }

    public static AnalysisException distinctWindowFunction(String sql) {
        // Spark 4.2's class (its text goes on with the window spec: "f(DISTINCT x) OVER (...)")
        return new AnalysisException("DISTINCT_WINDOW_FUNCTION_UNSUPPORTED", "0A000",
                "Distinct window functions are not supported: " + quoteExpr(sql) + ".");
    }

    public static AnalysisException notAWindowFunction(String name) {
        return new AnalysisException("UNSUPPORTED_EXPR_FOR_WINDOW", "42P20",
                "Expression " + quoteExpr(name) + " not supported within a window function.");
    }

    public static AnalysisException rangeFrameOrder(String sql, int orderKeys) {
        return dataTypeMismatch(orderKeys == 0 ? "RANGE_FRAME_WITHOUT_ORDER" : "RANGE_FRAME_MULTI_ORDER", sql,
                orderKeys == 0 ? "A range window frame cannot be used in an unordered window specification"
                        : "A range window frame with value boundaries cannot be used in a window specification with"
                        + " multiple order by expressions");
    }

    public static AnalysisException rangeFrameType(String sql, DataType type) {
        return dataTypeMismatch("RANGE_FRAME_INVALID_TYPE", sql, "The data type " + quoteType(type)
                + " used in the order specification does not support the range frame with value boundaries");
    }

    public static AnalysisException windowInClause(String clause, String sql) {
        return new AnalysisException("UNSUPPORTED_EXPR_FOR_OPERATOR", "42K0E",
                "A query operator contains one or more unsupported expressions: window function "
                + quoteExpr(sql) + " in " + clause
                + ". Window functions are allowed in the SELECT list and ORDER BY only.");
    }

    public static AnalysisException groupingWithoutGroupingSets(String sql) {
        return new AnalysisException("UNSUPPORTED_GROUPING_EXPRESSION", "42K0E",
                "grouping()/grouping_id() can only be used with GroupingSets/Cube/Rollup (" + sql + ").");
    }

    public static AnalysisException groupingColumnMismatch(String sql, List<String> groupBy) {
        return new AnalysisException("GROUPING_COLUMN_MISMATCH", "42803",
                "Column of grouping (" + sql + ") can't be found in grouping columns "
                + String.join(",", groupBy) + ".");
    }

    public static AnalysisException usingColumnNotFound(String column, String side, List<AttributeReference> columns) {
        return new AnalysisException("UNRESOLVED_USING_COLUMN_FOR_JOIN", "42703",
                "USING column " + quoteId(column) + " cannot be resolved on the " + side + " side of the join. The "
                + side + "-side columns: ["
                + columns.stream().map(a -> quoteId(a.name())).collect(Collectors.joining(", ")) + "].");
    }

    public static AnalysisException joinConditionNotBoolean(String sql, DataType type) {
        return dataTypeMismatch("JOIN_CONDITION_IS_NOT_BOOLEAN_TYPE", sql, "The join condition " + quoteExpr(sql)
                + " has the invalid type " + quoteType(type) + ", expected \"BOOLEAN\"");
    }

    public static AnalysisException numColumnsMismatch(String operator, int firstColumns, int index, int columns) {
        return new AnalysisException("NUM_COLUMNS_MISMATCH", "42826",
                operator + " can only be performed on inputs with the"
                + " same number of columns, but the first input has " + firstColumns + " columns and the "
                + ordinal(index + 1) + " input has " + columns + " columns.");
    }

    public static AnalysisException incompatibleColumnType(String operator, int column, int table, DataType type,
                                                           DataType firstType) {
        return new AnalysisException("INCOMPATIBLE_COLUMN_TYPE", "42825",
                operator + " can only be performed on tables with compatible column types. The "
                + ordinal(column + 1) + " column of the " + ordinal(table + 1) + " table is " + quoteType(type)
                + " type which is not compatible with " + quoteType(firstType)
                + " at the same column of the first table.");
    }

    public static AnalysisException unionByNameMissing(String column, List<AttributeReference> available) {
        return new AnalysisException("UNRESOLVED_COLUMN.WITH_SUGGESTION", "42703",
                "A column, variable, or function parameter with name " + quoteId(column)
                + " cannot be resolved. Did you mean one of the following? ["
                + available.stream().map(a -> quoteId(a.name())).collect(Collectors.joining(", ")) + "].");
    }

    public static AnalysisException columnAliasCount(String alias, int names, int columns) {
        return new AnalysisException("ASSIGNMENT_ARITY_MISMATCH", "42802",
                "The number of columns or variables assigned or aliased: " + names
                + " does not match the number of source tuples: " + columns + " (in " + quoteId(alias) + ").");
    }

    public static AnalysisException correlatedSubqueryUnsupported(String detail) {
        return new AnalysisException("UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY", "0A000",
                "Unsupported subquery expression: " + detail + ".");
    }

    private static String ordinal(int i) {
        return switch (i) {
            case 1 -> "first";
            case 2 -> "second";
            case 3 -> "third";
            case 4 -> "fourth";
            case 5 -> "fifth";
            default -> i + "th";
        };
    }
}
