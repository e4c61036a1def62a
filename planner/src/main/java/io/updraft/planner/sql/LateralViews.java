package io.updraft.planner.sql;

import io.updraft.core.error.ParseException;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.logical.Generate;
import io.updraft.planner.logical.LogicalPlan;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Spark's {@code LATERAL VIEW [OUTER] generator(args) table [AS] col, ...} clauses, which Calcite's parser does not
 * know: taken out of the text before parsing (each clause replaced by spaces, line breaks kept, so positions after
 * it stay true) and remembered with the end of the FROM item they follow (the last token before the first clause of
 * a chain). {@link QueryConverter} applies them, in order, to the FROM relation that ends there, as
 * {@link Generate} plans. The generator call is parsed on its own, so a syntax error inside it reports positions
 * within the call. A select item's multi-part alias ({@code explode(m) AS (k, v)}) is taken out the same way,
 * remembered with the position of the call's closing parenthesis, and put back by {@link #multiAlias}. Immutable
 * once built.
 */
final class LateralViews {
    /** Words that end a clause's column list (the next clause or join starts). */
    private static final Set<String> CLAUSE_WORDS = Set.of("where", "group", "having", "order", "limit", "offset",
            "lateral", "join", "left", "right", "full", "inner", "cross", "natural", "semi", "anti", "union", "except",
            "intersect", "minus", "window", "cluster", "distribute", "sort", "on", "using", "qualify");

    /** One clause: the generator call's text, OUTER, the table alias and the column aliases (maybe none). */
    record View(int anchorLine, int anchorColumn, String generator, boolean outer, String table, List<String> columns) {
    }

    /** {@code call(...) AS (a, b)}: the names, after the call's closing parenthesis at line/column. */
    record Names(int line, int column, List<String> names) {
    }

    private final String text;
    private final List<View> views;
    private final List<Names> multiAliases;

    private LateralViews(String text, List<View> views, List<Names> multiAliases) {
        this.text = text;
        this.views = List.copyOf(views);
        this.multiAliases = List.copyOf(multiAliases);
    }

    /** The text without its LATERAL VIEW clauses (same length), and the clauses. */
    static LateralViews extract(String sql) {
        List<SparkSyntax.Token> tokens = SparkSyntax.Token.scan(sql);
        StringBuilder out = new StringBuilder(sql);
        List<View> views = new ArrayList<>();
        List<Names> multiAliases = new ArrayList<>();
        SparkSyntax.Token anchor = null;
        int i = 0;
        while (i < tokens.size()) {
            SparkSyntax.Token t = tokens.get(i);
            int aliasEnd = multiAliasEnd(tokens, i);
            if (aliasEnd > 0) {
                SparkSyntax.Token close = tokens.get(i - 1);
                List<String> names = new ArrayList<>();
                for (int k = i + 2; k < aliasEnd; k += 2) {
                    names.add(identifier(tokens.get(k)));
                }
                multiAliases.add(new Names(close.line(), close.column(), names));
                SparkSyntax.Token last = tokens.get(aliasEnd);
                blank(out, t.offset(), last.offset() + last.text().length());
                anchor = null;
                i = aliasEnd + 1;
                continue;
            }
            if (!(t.isWord("lateral") && i + 1 < tokens.size() && tokens.get(i + 1).isWord("view"))) {
                anchor = null;
                i++;
                continue;
            }
            if (anchor == null) {
                if (i == 0) {
                    throw error(t, "LATERAL VIEW must follow a FROM item");
                }
                anchor = tokens.get(i - 1);
            }
            int j = i + 2;
            boolean outer = j < tokens.size() && tokens.get(j).isWord("outer");
            if (outer) {
                j++;
            }
            if (j >= tokens.size() || !tokens.get(j).word()) {
                throw error(j < tokens.size() ? tokens.get(j) : t, "a generator function after LATERAL VIEW");
            }
            int callStart = tokens.get(j).offset();
            j++;
            if (j >= tokens.size() || !tokens.get(j).text().equals("(")) {
                throw error(j < tokens.size() ? tokens.get(j) : t, "'(' after the generator name");
            }
            int depth = 0;
            int callEnd = -1;
            for (; j < tokens.size(); j++) {
                String s = tokens.get(j).text();
                if (s.equals("(")) {
                    depth++;
                } else if (s.equals(")") && --depth == 0) {
                    callEnd = tokens.get(j).offset() + 1;
                    j++;
                    break;
                }
            }
            if (callEnd < 0) {
                throw error(t, "the generator call's closing ')'");
            }
            if (j >= tokens.size() || !tokens.get(j).word() || tokens.get(j).isWord("as")
                    || CLAUSE_WORDS.contains(tokens.get(j).text().toLowerCase(Locale.ROOT))) {
                throw error(j < tokens.size() ? tokens.get(j) : tokens.get(tokens.size() - 1),
                        "a table alias after the generator call");
            }
            String table = identifier(tokens.get(j));
            int end = tokens.get(j).offset() + tokens.get(j).text().length();
            j++;
            List<String> columns = new ArrayList<>();
            boolean as = j < tokens.size() && tokens.get(j).isWord("as");
            if (as || j < tokens.size() && tokens.get(j).word()
                    && !CLAUSE_WORDS.contains(tokens.get(j).text().toLowerCase(Locale.ROOT))) {
                if (as) {
                    j++;
                }
                while (true) {
                    if (j >= tokens.size() || !tokens.get(j).word()) {
                        throw error(j < tokens.size() ? tokens.get(j) : tokens.get(tokens.size() - 1),
                                "a column alias");
                    }
                    columns.add(identifier(tokens.get(j)));
                    end = tokens.get(j).offset() + tokens.get(j).text().length();
                    j++;
                    if (j < tokens.size() && tokens.get(j).text().equals(",")) {
                        j++;
                    } else {
                        break;
                    }
                }
            }
            views.add(new View(anchor.line(), anchor.column() + anchor.text().length() - 1,
                    sql.substring(callStart, callEnd), outer, table, columns));
            blank(out, t.offset(), end);
            i = j;
        }
        return new LateralViews(out.toString(), views, multiAliases);
    }

    private static void blank(StringBuilder out, int from, int to) {
        for (int k = from; k < to; k++) {
            char c = out.charAt(k);
            if (c != '\n' && c != '\r') {
                out.setCharAt(k, ' ');
            }
        }
    }

    /**
     * When token {@code i} starts a multi-part alias — {@code AS ( name , name ... )} right after a {@code )} — the
     * index of its closing parenthesis, else -1.
     */
    private static int multiAliasEnd(List<SparkSyntax.Token> tokens, int i) {
        if (i == 0 || !tokens.get(i).isWord("as") || !tokens.get(i - 1).text().equals(")")
                || i + 1 >= tokens.size() || !tokens.get(i + 1).text().equals("(")) {
            return -1;
        }
        int j = i + 2;
        while (j + 1 < tokens.size() && tokens.get(j).word() && !tokens.get(j).isWord("select")
                && !tokens.get(j).isWord("with") && !tokens.get(j).isWord("values")) {
            String next = tokens.get(j + 1).text();
            if (next.equals(")")) {
                return j + 1;
            }
            if (!next.equals(",")) {
                return -1;
            }
            j += 2;
        }
        return -1;
    }

    private static String identifier(SparkSyntax.Token t) {
        String s = t.text();
        return s.startsWith("`") && s.endsWith("`") && s.length() >= 2 ? s.substring(1, s.length() - 1)
                .replace("``", "`") : s;
    }

    private static ParseException error(SparkSyntax.Token at, String expected) {
        return new ParseException("PARSE_SYNTAX_ERROR", "42601", "Syntax error at line " + at.line() + ", column "
                + at.column() + ": expected " + expected + ".", at.line(), at.column());
    }

    String text() {
        return text;
    }

    boolean isEmpty() {
        return views.isEmpty();
    }

    /** The multi-part alias written after the select item {@code item} (ending at its closing parenthesis), or null. */
    List<String> multiAlias(SqlNode item) {
        SqlParserPos pos = item.getParserPosition();
        for (Names n : multiAliases) {
            if (n.line() == pos.getEndLineNum() && n.column() == pos.getEndColumnNum()) {
                return n.names();
            }
        }
        return null;
    }

    /**
     * {@code from} under the LATERAL VIEW clauses that follow the FROM item {@code fromNode} (none: {@code from}
     * itself); {@code generator} converts a clause's generator call.
     */
    LogicalPlan apply(LogicalPlan from, SqlNode fromNode, Function<String, Expression> generator) {
        SqlParserPos pos = fromNode.getParserPosition();
        LogicalPlan plan = from;
        for (View v : views) {
            if (v.anchorLine() == pos.getEndLineNum() && v.anchorColumn() == pos.getEndColumnNum()) {
                Expression call = generator.apply(v.generator());
                if (!(call instanceof FunctionCall f)) {
                    throw new ParseException("PARSE_SYNTAX_ERROR", "42601", "Syntax error: LATERAL VIEW needs a"
                            + " generator function call, got " + v.generator() + ".", v.anchorLine(), v.anchorColumn());
                }
                plan = new Generate(plan, f, v.outer(), v.table(), v.columns());
            }
        }
        return plan;
    }
}
