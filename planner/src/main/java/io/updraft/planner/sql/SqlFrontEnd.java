package io.updraft.planner.sql;

import io.updraft.core.error.ParseException;
import io.updraft.planner.catalog.Catalog;
import io.updraft.planner.logical.LogicalPlan;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.config.CharLiteralStyle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlConformanceEnum;

import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spark SQL text → our unresolved {@link LogicalPlan}. Apache Calcite is used as the parser only
 * (configured close to Spark: identifiers kept as written and matched case-insensitively later,
 * backquoted identifiers, single- and double-quoted strings with backslash escapes, lenient conformance); the Calcite tree is
 * converted by {@link QueryConverter}. Tables resolve through the catalog, each under a SubqueryAlias
 * named after it. Syntax errors are {@link ParseException}s naming line, column and the unexpected
 * token; unknown tables are AnalysisExceptions. Stateless and thread-safe.
 */
public final class SqlFrontEnd {
    private static final SqlParser.Config PARSER_CONFIG = SqlParser.config()
            .withQuoting(Quoting.BACK_TICK_BACKSLASH)
            .withUnquotedCasing(Casing.UNCHANGED)
            .withQuotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(false)
            .withCharLiteralStyles(Set.of(CharLiteralStyle.BQ_SINGLE, CharLiteralStyle.BQ_DOUBLE))
            .withConformance(SqlConformanceEnum.LENIENT);
    private static final Pattern ENCOUNTERED = Pattern.compile("Encountered \"(.*?)\" at line (\\d+), column (\\d+)");

    /**
     * Parses one statement: the commands over files ({@link CommandStatements}) or a query ({@link #parse}).
     */
    public SqlStatement parseStatement(String sql, Catalog catalog) {
        Objects.requireNonNull(sql, "sql is null");
        SqlStatement command = CommandStatements.recognize(sql, query -> parse(query, catalog));
        return command != null ? command : new SqlStatement.Query(parse(sql, catalog));
    }

    /** Parses one query (a trailing semicolon is allowed) into an unresolved plan. */
    public LogicalPlan parse(String sql, Catalog catalog) {
        Objects.requireNonNull(sql, "sql is null");
        Objects.requireNonNull(catalog, "catalog is null");
        LateralViews lateralViews = LateralViews.extract(stripTrailingSemicolons(sql));
        SparkSyntax syntax = SparkSyntax.rewrite(lateralViews.text());
        SqlNode node;
        try {
            node = parseTree(syntax.text());
        } catch (ParseException e) {
            throw withOriginalWord(e, syntax);
        }
        syntax.restoreIdentifiers(node);
        if (!node.getKind().belongsTo(SqlKind.QUERY)) {
            throw SqlErrors.unsupported(node.getKind() + " statements", node);
        }
        return new QueryConverter(catalog, syntax, lateralViews).query(node);
    }

    private static final java.util.Set<String> RESERVED = reservedWords();

    private static java.util.Set<String> reservedWords() {
        var metadata = SqlParser.create("", PARSER_CONFIG).getMetadata();
        java.util.Set<String> reserved = new java.util.HashSet<>();
        for (String word : SparkSyntax.IDENTIFIER_WORDS) {
            if (metadata.isReservedWord(word.toUpperCase(java.util.Locale.ROOT))) {
                reserved.add(word);
            }
        }
        return java.util.Set.copyOf(reserved);
    }

    /** Whether Calcite's parser (as configured here) reserves this word, so it cannot name a column unquoted. */
    static boolean isReservedWord(String word) {
        return RESERVED.contains(word.toLowerCase(java.util.Locale.ROOT));
    }

    /** A syntax error at a word SparkSyntax replaced names the user's word, not the placeholder. */
    private static ParseException withOriginalWord(ParseException e, SparkSyntax syntax) {
        String original = syntax.originalWord(e.line(), e.column());
        if (original == null) {
            return e;
        }
        String placeholder = SparkSyntax.placeholder(original);
        String text = e.text() == null ? null : e.text().replace("'" + placeholder + "'", "'" + original + "'");
        return new ParseException(e.errorClass(), e.sqlState(), text, e.line(), e.column());
    }

    /** Calcite's tree for the SQL text, or a ParseException. */
    static SqlNode parseTree(String sql) {
        String text = stripTrailingSemicolons(sql);
        try {
            return SqlParser.create(text, PARSER_CONFIG).parseQuery();
        } catch (SqlParseException e) {
            throw syntaxError(e, text);
        }
    }

    /** Calcite's tree for one expression (a LATERAL VIEW's generator call), or a ParseException. */
    static SqlNode parseExpressionTree(String text) {
        try {
            return SqlParser.create(text, PARSER_CONFIG).parseExpression();
        } catch (SqlParseException e) {
            throw syntaxError(e, text);
        }
    }

    private static String stripTrailingSemicolons(String sql) {
        int end = sql.length();
        while (end > 0 && (Character.isWhitespace(sql.charAt(end - 1)) || sql.charAt(end - 1) == ';')) {
            end--;
        }
        return sql.substring(0, end);
    }

    private static ParseException syntaxError(SqlParseException e, String text) {
        SqlParserPos pos = e.getPos();
        int line = pos == null ? 0 : pos.getLineNum();
        int column = pos == null ? 0 : pos.getColumnNum();
        String token = unexpectedToken(e);
        if (token == null) {
            token = wordAt(text, line, column);
        }
        String firstLine = String.valueOf(e.getMessage()).split("\n", 2)[0].trim();
        String detail;
        if (token == null) {
            detail = firstLine;
        } else if (token.isEmpty()) {
            detail = "unexpected end of input";
        } else {
            detail = "unexpected token '" + token + "'";
        }
        return new ParseException("PARSE_SYNTAX_ERROR", "42601",
                "Syntax error at line " + line + ", column " + column + ": " + detail + ".", line, column);
    }

    /**
     * The word at a 1-based line and column of {@code text}, for parser errors that name a position but
     * no token (e.g. Calcite's "Non-query expression encountered in illegal context"); null if none.
     */
    static String wordAt(String text, int line, int column) {
        if (line < 1 || column < 1) {
            return null;
        }
        String[] lines = text.split("\n", -1);
        if (line > lines.length || column > lines[line - 1].length()) {
            return null;
        }
        String l = lines[line - 1];
        int start = column - 1;
        int end = start;
        while (end < l.length() && (Character.isLetterOrDigit(l.charAt(end)) || l.charAt(end) == '_')) {
            end++;
        }
        return end > start ? l.substring(start, end) : null;
    }

    /** The offending token's text ("" at end of input), or null when the parser did not name one. */
    private static String unexpectedToken(SqlParseException e) {
        if (e.getCause() instanceof org.apache.calcite.sql.parser.impl.ParseException pe
                && pe.currentToken != null && pe.currentToken.next != null) {
            return pe.currentToken.next.kind == 0 ? "" : pe.currentToken.next.image;
        }
        Matcher m = ENCOUNTERED.matcher(String.valueOf(e.getMessage()));
        if (m.find()) {
            String token = m.group(1);
            return token.equals("<EOF>") ? "" : token.replace("\\'", "'").replace("\\\"", "\"");
        }
        return null;
    }
}
