package io.updraft.sql;

import io.updraft.core.error.ParseException;
import io.updraft.planner.catalog.Catalog;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.sql.SqlFrontEnd;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * SQL expressions for {@code selectExpr}, {@code filter(String)} and {@code functions.expr}, parsed by the planner's
 * SQL front end: the text is wrapped in a query over a placeholder table ({@code SELECT <text> FROM t} or
 * {@code SELECT * FROM t WHERE <text>}) and the expression is taken back out of the parsed plan. The plan must have
 * exactly that shape, so text that is not one expression ({@code "a, b"}, {@code "a FROM x"}) is a parse error.
 * Syntax errors point into the user's text (line and column). Names stay unresolved: they resolve against the
 * Dataset the expression is used in. Views (for subqueries) come from the session's catalog. Stateless.
 */
final class SqlExpressions {
    private static final SqlFrontEnd SQL = new SqlFrontEnd();
    private static final String PLACEHOLDER_NAME = "__updraft_expression_input__";
    private static final LogicalPlan PLACEHOLDER = new FileRelation(new FileSource(List.of(), List.of(),
            new StructType(List.of()), 0, 0));
    private static final String SELECT = "SELECT ";
    private static final String WHERE = "WHERE ";

    private SqlExpressions() {
    }

    /** One select-list item: an expression, possibly with {@code AS name}. {@code views} may be null. */
    static Expression parse(String text, Catalog views) {
        Objects.requireNonNull(text, "expression is null");
        LogicalPlan plan = parseQuery(SELECT + text + "\nFROM " + PLACEHOLDER_NAME, text, 1, SELECT.length(), views);
        List<Expression> items = switch (plan) {
            case Project p when isPlaceholder(p.child()) -> p.projectList();
            case Aggregate a when isPlaceholder(a.child()) && a.groupingExpressions().isEmpty() ->
                    a.aggregateExpressions();
            default -> List.of();
        };
        if (items.size() != 1) {
            throw notOneExpression(text);
        }
        return items.get(0);
    }

    /** A boolean condition, as in a WHERE clause. {@code views} may be null. */
    static Expression parseCondition(String text, Catalog views) {
        Objects.requireNonNull(text, "conditionExpr is null");
        LogicalPlan plan = parseQuery("SELECT * FROM " + PLACEHOLDER_NAME + "\n" + WHERE + text, text, 2,
                WHERE.length(), views);
        if (plan instanceof Project p && p.child() instanceof Filter f && isPlaceholder(f.child())) {
            return f.condition();
        }
        throw notOneExpression(text);
    }

    private static boolean isPlaceholder(LogicalPlan plan) {
        return plan instanceof SubqueryAlias a && a.child() == PLACEHOLDER && a.columnNames().isEmpty();
    }

    private static LogicalPlan parseQuery(String query, String text, int firstLine, int firstLineOffset,
                                          Catalog views) {
        try {
            return SQL.parse(query, new PlaceholderCatalog(views));
        } catch (ParseException e) {
            throw relocate(e, text, firstLine, firstLineOffset);
        }
    }

    /** The error at the line and column of the user's text (its end when the parser ran past it). */
    private static ParseException relocate(ParseException e, String text, int firstLine, int firstLineOffset) {
        String[] lines = text.split("\n", -1);
        int line = e.line() - firstLine + 1;
        int column = line == 1 ? e.column() - firstLineOffset : e.column();
        String message = e.getMessage();
        if (line < 1 || line > lines.length || column < 1) {
            line = lines.length;
            column = lines[lines.length - 1].length() + 1;
            return new ParseException("PARSE_SYNTAX_ERROR", "42601", "Syntax error at line " + line + ", column "
                    + column + ": unexpected end of input.", line, column);
        }
        String where = "at line " + line + ", column " + column;
        if (e.errorClass() != null) {
            return new ParseException(e.errorClass(), e.sqlState(),
                    e.text().replaceFirst("at line \\d+, column \\d+", where), line, column);
        }
        return new ParseException(message.replaceFirst("at line \\d+, column \\d+", where), line, column);
    }

    private static ParseException notOneExpression(String text) {
        return new ParseException("PARSE_SYNTAX_ERROR", "42601", "Syntax error: \"" + text + "\" is not a single "
                + "expression.", 1, 1);
    }

    /** The placeholder table, then the session's views. */
    private record PlaceholderCatalog(Catalog views) implements Catalog {
        @Override
        public Optional<LogicalPlan> lookup(String name) {
            if (name.equals(PLACEHOLDER_NAME)) {
                return Optional.of(PLACEHOLDER);
            }
            return views == null ? Optional.empty() : views.lookup(name);
        }

        @Override
        public List<String> names() {
            return views == null ? List.of() : views.names();
        }
    }
}
