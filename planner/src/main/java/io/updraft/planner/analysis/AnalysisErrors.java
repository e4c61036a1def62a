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
        String head = " A column, variable, or function parameter with name " + quoteId(nameParts) + " cannot be resolved.";
        if (ordered.isEmpty()) {
            return new AnalysisException("[UNRESOLVED_COLUMN.WITHOUT_SUGGESTION]" + head + " SQLSTATE: 42703");
        }
        return new AnalysisException("[UNRESOLVED_COLUMN.WITH_SUGGESTION]" + head
                + " Did you mean one of the following? [" + String.join(", ", ordered) + "]. SQLSTATE: 42703");
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
        return new AnalysisException("[AMBIGUOUS_REFERENCE] Reference " + quoteId(nameParts)
                + " is ambiguous, could be: [" + String.join(", ", options) + "]. SQLSTATE: 42704");
    }

    public static AnalysisException dataTypeMismatch(String subclass, String exprSql, String detail) {
        return new AnalysisException("[DATATYPE_MISMATCH." + subclass + "] Cannot resolve " + quoteExpr(exprSql)
                + " due to data type mismatch: " + detail + ". SQLSTATE: 42K09");
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
        return new AnalysisException("[MISSING_AGGREGATION] The non-aggregating expression " + quoteExpr(exprSql)
                + " is based on columns which are not participating in the GROUP BY clause. Add the columns or the"
                + " expression to the GROUP BY, aggregate the expression, or use " + quoteExpr("any_value(" + exprSql + ")")
                + " if you do not care which of the values within a group is returned. SQLSTATE: 42803");
    }

    public static AnalysisException nestedAggregate() {
        return new AnalysisException("[NESTED_AGGREGATE_FUNCTION] It is not allowed to use an aggregate function in"
                + " the argument of another aggregate function. Please use the inner aggregate function in a"
                + " sub-query. SQLSTATE: 42607");
    }

    public static AnalysisException invalidWhereCondition(String conditionSql, List<String> invalid) {
        return new AnalysisException("[INVALID_WHERE_CONDITION] The WHERE condition " + quoteExpr(conditionSql)
                + " contains invalid expressions: " + String.join(", ", invalid) + ". Rewrite the query to avoid"
                + " window functions, aggregate functions, and generator functions in the WHERE clause."
                + " SQLSTATE: 42903");
    }

    public static AnalysisException groupByAggregate(String exprSql) {
        return new AnalysisException("[GROUP_BY_AGGREGATE] Aggregate functions are not allowed in GROUP BY, but found "
                + exprSql + ". SQLSTATE: 42903");
    }

    public static AnalysisException unresolvedRoutine(String name) {
        return new AnalysisException("[UNRESOLVED_ROUTINE] Cannot resolve routine " + quoteId(name)
                + " on search path [`system`.`builtin`, `system`.`session`, `spark_catalog`.`default`]."
                + " SQLSTATE: 42883");
    }

    public static AnalysisException wrongNumArgs(String name, String expected, int actual) {
        return new AnalysisException("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The " + quoteId(name) + " requires "
                + expected + " parameters but the actual number is " + actual + ". Please, refer to"
                + " 'https://spark.apache.org/docs/latest/sql-ref-functions.html' for a fix. SQLSTATE: 42605");
    }

    public static AnalysisException tableNotFound(List<String> nameParts, List<String> registered) {
        StringBuilder sb = new StringBuilder("[TABLE_OR_VIEW_NOT_FOUND] The table or view ")
                .append(quoteId(nameParts)).append(" cannot be found. Verify the spelling and correctness of the")
                .append(" schema and catalog.");
        List<String> closest = NameSuggestions.closest(String.join(".", nameParts), registered,
                NameSuggestions.MAX_SUGGESTIONS);
        if (!closest.isEmpty()) {
            sb.append(" Did you mean one of the following? [")
                    .append(closest.stream().map(AnalysisErrors::quoteId).collect(Collectors.joining(", ")))
                    .append("].");
        }
        return new AnalysisException(sb.append(" SQLSTATE: 42P01").toString());
    }

    public static AnalysisException invalidStar(String context) {
        return new AnalysisException("[INVALID_USAGE_OF_STAR_OR_REGEX] Invalid usage of '*' in " + context
                + ". SQLSTATE: 42000");
    }

    public static AnalysisException cannotResolveStar(String qualifier, List<AttributeReference> available) {
        String columns = available.stream().map(a -> quoteId(a.name())).collect(Collectors.joining(", "));
        return new AnalysisException("[CANNOT_RESOLVE_STAR_EXPAND] Cannot resolve " + quoteId(qualifier)
                + ".* given input columns " + columns + ". Please check that the specified table or struct exists"
                + " and is accessible in the input columns. SQLSTATE: 42704");
    }

    public static AnalysisException unsupported(String what) {
        return new AnalysisException("[UNSUPPORTED_FEATURE] The feature is not supported: " + what
                + ". SQLSTATE: 0A000");
    }

    private static String ordinal(int i) {
        return switch (i) {
            case 1 -> "first";
            case 2 -> "second";
            case 3 -> "third";
            default -> i + "th";
        };
    }
}
