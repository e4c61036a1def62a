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
 * within the call. Immutable once built.
 */
final class LateralViews {
    /** Words that end a clause's column list (the next clause or join starts). */
    private static final Set<String> CLAUSE_WORDS = Set.of("where", "group", "having", "order", "limit", "offset",
            "lateral", "join", "left", "right", "full", "inner", "cross", "natural", "semi", "anti", "union", "except",
            "intersect", "minus", "window", "cluster", "distribute", "sort", "on", "using", "qualify");

    /** One clause: the generator call's text, OUTER, the table alias and the column aliases (maybe none). */
    record View(int anchorLine, int anchorColumn, String generator, boolean outer, String table, List<String> columns) {
    }

    private final String text;
    private final List<View> views;

    private LateralViews(String text, List<View> views) {
        this.text = text;
        this.views = List.copyOf(views);
    }

    /** The text without its LATERAL VIEW clauses (same length), and the clauses. */
    static LateralViews extract(String sql) {
        List<SparkSyntax.Token> tokens = SparkSyntax.Token.scan(sql);
        StringBuilder out = new StringBuilder(sql);
        List<View> views = new ArrayList<>();
        SparkSyntax.Token anchor = null;
        int i = 0;
        while (i < tokens.size()) {
            SparkSyntax.Token t = tokens.get(i);
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
            if (j >= tokens.size() || !tokens.get(j).word() || tokens.get(j).isWord("as")) {
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
            for (int k = t.offset(); k < end; k++) {
                char c = out.charAt(k);
                if (c != '\n' && c != '\r') {
                    out.setCharAt(k, ' ');
                }
            }
            i = j;
        }
        return new LateralViews(out.toString(), views);
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
