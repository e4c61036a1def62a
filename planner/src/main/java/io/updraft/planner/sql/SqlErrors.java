package io.updraft.planner.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ParseException;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Errors of the SQL front end, each naming the position in the SQL text (1-based line and column). */
final class SqlErrors {
    private SqlErrors() {
    }

    static String at(SqlNode node) {
        SqlParserPos pos = node.getParserPosition();
        return " (line " + pos.getLineNum() + ", column " + pos.getColumnNum() + ")";
    }

    static AnalysisException unsupported(String what, SqlNode node) {
        return new AnalysisException("UNSUPPORTED_FEATURE", "0A000",
                "The feature is not supported: " + what + at(node) + ".");
    }

    static ParseException invalidLiteral(String type, String value, SqlNode node) {
        SqlParserPos pos = node.getParserPosition();
        return new ParseException("INVALID_TYPED_LITERAL", "42604",
                "The value of the typed literal \"" + type + "\" is invalid: '" + value + "'" + at(node) + ".",
                pos.getLineNum(), pos.getColumnNum());
    }

    static AnalysisException positionOutOfRange(String clause, int position, int size, SqlNode node) {
        String errorClass = clause.equals("GROUP BY") ? "GROUP_BY_POS_OUT_OF_RANGE" : "ORDER_BY_POS_OUT_OF_RANGE";
        return new AnalysisException(errorClass, "42805",
                clause + " position " + position + " is not in select list (valid range is [1, " + size + "])"
                + at(node) + ".");
    }

    static AnalysisException groupByPositionAggregate(int position, String sql, SqlNode node) {
        return new AnalysisException("GROUP_BY_POS_AGGREGATE", "42903",
                "GROUP BY " + position + " refers to an expression " + sql
                + " that contains an aggregate function. Aggregate functions are not allowed in GROUP BY" + at(node)
                + ".");
    }
}
