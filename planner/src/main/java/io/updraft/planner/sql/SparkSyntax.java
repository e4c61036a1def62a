package io.updraft.planner.sql;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Spark SQL syntax Calcite's parser does not know, rewritten in the text before parsing — always to a token of the
 * same length, so every line and column the parser reports still points into the user's SQL — with the position of
 * each rewrite remembered for the converter:
 * <ul>
 *   <li>{@code a div b} → {@code a / b} (marked: an integral division);</li>
 *   <li>{@code a <=> b} → {@code a =   b} (marked: null-safe equality);</li>
 *   <li>{@code a == b} → {@code a =  b};</li>
 *   <li>{@code LEFT SEMI JOIN} / {@code LEFT ANTI JOIN} → {@code LEFT      JOIN} (the LEFT keyword's position marked);
 *   {@code SEMI JOIN} / {@code ANTI JOIN} → {@code LEFT JOIN} (the JOIN keyword's position marked, where Calcite
 *   reports a join's type);</li>
 *   <li>{@code first(} / {@code last(} → {@code fir$t(} / {@code la$t(} (Calcite reads FIRST/LAST as navigation
 *   functions that take no boolean);</li>
 *   <li>{@code corr(}, {@code covar_pop(}, {@code covar_samp(}, {@code every(}, {@code some(}, {@code any(} (names
 *   Calcite reserves) → {@code c$rr(}, ... (mapped back by {@link #functionName});</li>
 *   <li>typed numeric literals {@code 1L 2S 3Y 1.5D 1.5BD} → the number padded with spaces (the suffix marked);</li>
 *   <li>words Calcite reserves but Spark lets name columns, tables and aliases ({@link #IDENTIFIER_WORDS}: {@code value},
 *   {@code prev}, {@code running}, {@code one}, {@code count}, ...), when not followed by {@code (} → a placeholder
 *   of the same length ({@code v____}); the original word is remembered at its position and put back into the
 *   parsed identifiers by {@link #restoreIdentifiers} (and into syntax errors by {@link #originalWord}).</li>
 * </ul>
 * Strings, back-quoted identifiers and comments are left alone. Immutable once built.
 */
final class SparkSyntax {
    /** Words after which {@code div} is a column name, not the operator. */
    private static final Set<String> NOT_AN_OPERAND = Set.of("select", "from", "where", "and", "or", "not", "by", "as",
            "on", "when", "then", "else", "case", "in", "is", "like", "between", "distinct", "all", "having", "join",
            "union", "except", "intersect", "with", "over", "partition", "order", "group", "set", "values", "using");

    /**
     * Words Calcite's parser reserves that carry no syntax in Spark SQL (MATCH_RECOGNIZE, SQL:2016 words, aggregate
     * names), so Spark accepts them as identifiers. Only those Calcite actually reserves are rewritten. Words Spark's
     * own syntax uses (interval units, CURRENT ROW, FIRST/LAST, DATE, USER, ...) are deliberately absent.
     */
    static final Set<String> IDENTIFIER_WORDS = Set.of("value", "prev", "next", "running", "one", "final", "result",
            "language", "method", "percent", "element", "rank", "start", "member", "old", "new", "open", "close",
            "module", "call", "cycle", "measures", "pattern", "define", "subset", "match", "matches", "absolute",
            "scope", "count", "sum", "min", "max", "avg", "position", "power", "abs", "lower", "upper", "system",
            "reset", "free", "hold", "returns", "return", "names", "some", "any", "every", "default");

    /** Spark aggregate names Calcite reserves as function names or quantifiers; called as functions they are renamed. */
    static final Set<String> AGGREGATE_NAMES = Set.of("corr", "covar_pop", "covar_samp", "every", "some", "any");
    /** Tokens after which {@code ANY (} / {@code SOME (} are quantifiers, not function calls. */
    private static final Set<String> QUANTIFIED_AFTER = Set.of("=", "<>", "!=", "<", "<=", ">", ">=", "like", "ilike",
            "rlike", "not");

    private final String text;
    private final java.util.Map<Long, String> renamedWords = new java.util.HashMap<>();
    private final Set<Long> integralDivisions = new HashSet<>();
    private final Set<Long> nullSafeEquals = new HashSet<>();
    private final Set<Long> semiJoins = new HashSet<>();
    private final Set<Long> antiJoins = new HashSet<>();
    private final java.util.Map<Long, String> typedLiterals = new java.util.HashMap<>();

    private SparkSyntax(String original) {
        StringBuilder out = new StringBuilder(original);
        List<Token> tokens = Token.scan(original);
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            Token previous = i > 0 ? tokens.get(i - 1) : null;
            Token next = i + 1 < tokens.size() ? tokens.get(i + 1) : null;
            if (t.isWord("div") && previous != null && next != null && previous.endsOperand()
                    && !(previous.word() && NOT_AN_OPERAND.contains(previous.lower())) && next.startsOperand()) {
                replace(out, t, " / ");
                integralDivisions.add(key(t.line, t.column + 1));
            } else if (t.text.equals("<=>")) {
                replace(out, t, "=  ");
                nullSafeEquals.add(key(t.line, t.column));
            } else if (t.text.equals("==")) {
                replace(out, t, "= ");
            } else if ((t.isWord("semi") || t.isWord("anti")) && next != null && next.isWord("join")) {
                // Calcite reports a join's type at its JOIN keyword.
                (t.isWord("semi") ? semiJoins : antiJoins).add(key(next.line, next.column));
                replace(out, t, previous != null && previous.isWord("left") ? "    " : "left");
            } else if ((t.isWord("first") || t.isWord("last")) && next != null && next.text.equals("(")) {
                // Calcite parses FIRST(x, n) / LAST(x, n) as MATCH_RECOGNIZE navigation: rename (same length).
                replace(out, t, t.isWord("first") ? "fir$t" : "la$t");
            } else if (t.word && AGGREGATE_NAMES.contains(t.lower()) && next != null && next.text.equals("(")
                    && !(previous != null && (QUANTIFIED_AFTER.contains(previous.text)
                    || previous.word && QUANTIFIED_AFTER.contains(previous.lower())))) {
                // Spark aggregates whose names Calcite reserves (corr, covar_pop, every, some, any): a stand-in name
                replace(out, t, functionStandIn(t.text));
            } else if (t.word && IDENTIFIER_WORDS.contains(t.lower()) && SqlFrontEnd.isReservedWord(t.text)
                    && !(next != null && next.text.equals("("))) {
                replace(out, t, placeholder(t.text));
                renamedWords.put(key(t.line, t.column), t.text);
            } else if (t.literal && t.numericSuffix() != null) {
                String suffix = t.numericSuffix();
                replace(out, t, t.text.substring(0, t.text.length() - suffix.length()) + " ".repeat(suffix.length()));
                typedLiterals.put(key(t.line, t.column), suffix.toUpperCase(Locale.ROOT));
            }
        }
        this.text = out.toString();
    }

    static SparkSyntax rewrite(String sql) {
        return new SparkSyntax(sql);
    }

    String text() {
        return text;
    }

    /** The same-length stand-in for a reserved aggregate name called as a function: {@code c$rr} for {@code corr}. */
    static String functionStandIn(String name) {
        return name.charAt(0) + "$" + name.substring(2);
    }

    /** The function name the user wrote for a parsed (lower-case) name: stand-ins map back, others are kept. */
    static String functionName(String parsed) {
        if (parsed.equals("fir$t")) {
            return "first";
        }
        if (parsed.equals("la$t")) {
            return "last";
        }
        if (parsed.length() > 2 && parsed.charAt(1) == '$') {
            for (String name : AGGREGATE_NAMES) {
                if (functionStandIn(name).equals(parsed)) {
                    return name;
                }
            }
        }
        return parsed;
    }

    /** The same-length stand-in for a reserved word used as an identifier: its first letter, then underscores. */
    static String placeholder(String word) {
        return word.charAt(0) + "_".repeat(word.length() - 1);
    }

    /** The user's word at this 1-based line and column when it was replaced by a placeholder, else null. */
    String originalWord(int line, int column) {
        return renamedWords.get(key(line, column));
    }

    /** Puts the words replaced by placeholders back into every identifier of the parsed tree. */
    void restoreIdentifiers(SqlNode tree) {
        if (renamedWords.isEmpty()) {
            return;
        }
        tree.accept(new org.apache.calcite.sql.util.SqlBasicVisitor<Void>() {
            @Override
            public Void visit(org.apache.calcite.sql.SqlIdentifier id) {
                List<String> names = new java.util.ArrayList<>(id.names);
                List<SqlParserPos> positions = new java.util.ArrayList<>(names.size());
                boolean changed = false;
                for (int i = 0; i < names.size(); i++) {
                    SqlParserPos pos = id.getComponentParserPosition(i);
                    positions.add(pos);
                    String original = renamedWords.get(key(pos.getLineNum(), pos.getColumnNum()));
                    if (original != null && !names.get(i).isEmpty()) {
                        names.set(i, original);
                        changed = true;
                    }
                }
                if (changed) {
                    id.setNames(names, positions);
                }
                return null;
            }
        });
    }

    private static void replace(StringBuilder out, Token t, String replacement) {
        out.replace(t.offset, t.offset + t.text.length(), replacement);
    }

    private static long key(int line, int column) {
        return ((long) line << 32) | column;
    }

    /** Whether a rewritten operator lies between the end of {@code left} and the start of {@code right}. */
    private static boolean between(Set<Long> marks, SqlNode left, SqlNode right) {
        SqlParserPos l = left.getParserPosition();
        SqlParserPos r = right.getParserPosition();
        long from = key(l.getEndLineNum(), l.getEndColumnNum());
        long to = key(r.getLineNum(), r.getColumnNum());
        for (long m : marks) {
            if (m > from && m < to) {
                return true;
            }
        }
        return false;
    }

    boolean isIntegralDivision(SqlNode left, SqlNode right) {
        return between(integralDivisions, left, right);
    }

    boolean isNullSafeEquality(SqlNode left, SqlNode right) {
        return between(nullSafeEquals, left, right);
    }

    /** The Spark type suffix (L, S, Y, D, BD) of the numeric literal at this position, or null. */
    String literalSuffix(SqlParserPos pos) {
        return typedLiterals.get(key(pos.getLineNum(), pos.getColumnNum()));
    }

    boolean isSemiJoin(SqlParserPos joinTypePos) {
        return semiJoins.contains(key(joinTypePos.getLineNum(), joinTypePos.getColumnNum()));
    }

    boolean isAntiJoin(SqlParserPos joinTypePos) {
        return antiJoins.contains(key(joinTypePos.getLineNum(), joinTypePos.getColumnNum()));
    }

    /** A lexical token with its 1-based line and column (a tab is one column, as Calcite counts). */
    record Token(String text, int offset, int line, int column, boolean word, boolean literal) {
        boolean isWord(String w) {
            return word && text.equalsIgnoreCase(w);
        }

        String lower() {
            return text.toLowerCase(Locale.ROOT);
        }

        /** Spark's typed numeric literal suffix (1L, 2S, 3Y, 1.5D, 1.5BD), or null. */
        String numericSuffix() {
            if (text.isEmpty() || !Character.isDigit(text.charAt(0)) && text.charAt(0) != '.') {
                return null;
            }
            String upper = text.toUpperCase(Locale.ROOT);
            for (String suffix : List.of("BD", "L", "S", "Y", "D")) {
                if (upper.endsWith(suffix) && upper.length() > suffix.length()
                        && upper.substring(0, upper.length() - suffix.length()).matches("\\d+(\\.\\d*)?|\\.\\d+")) {
                    return text.substring(text.length() - suffix.length());
                }
            }
            return null;
        }

        boolean endsOperand() {
            return word || literal || text.equals(")");
        }

        boolean startsOperand() {
            return word || literal || text.equals("(") || text.equals("-") || text.equals("+");
        }

        static List<Token> scan(String s) {
            List<Token> tokens = new java.util.ArrayList<>();
            int line = 1;
            int column = 1;
            int i = 0;
            while (i < s.length()) {
                char c = s.charAt(i);
                int start = i;
                int startLine = line;
                int startColumn = column;
                if (c == '\n' || c == '\r') {
                    if (c == '\r' && i + 1 < s.length() && s.charAt(i + 1) == '\n') {
                        i++;
                    }
                    i++;
                    line++;
                    column = 1;
                    continue;
                }
                if (Character.isWhitespace(c)) {
                    i++;
                    column++;
                    continue;
                }
                int end;
                boolean word = false;
                boolean literal = false;
                if (c == '-' && i + 1 < s.length() && s.charAt(i + 1) == '-') {
                    end = s.indexOf('\n', i);
                    end = end < 0 ? s.length() : end;
                    column += end - i;
                    i = end;
                    continue;
                } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                    end = s.indexOf("*/", i + 2);
                    end = end < 0 ? s.length() : end + 2;
                    for (int k = i; k < end; k++) {
                        if (s.charAt(k) == '\n') {
                            line++;
                            column = 1;
                        } else {
                            column++;
                        }
                    }
                    i = end;
                    continue;
                } else if (c == '\'' || c == '"' || c == '`') {
                    end = i + 1;
                    while (end < s.length()) {
                        char d = s.charAt(end);
                        if (d == '\\' && c != '`') {
                            end += 2;
                            continue;
                        }
                        if (d == c) {
                            if (end + 1 < s.length() && s.charAt(end + 1) == c) {
                                end += 2;
                                continue;
                            }
                            end++;
                            break;
                        }
                        end++;
                    }
                    end = Math.min(end, s.length());
                    literal = c != '`';
                    word = c == '`';
                } else if (Character.isLetterOrDigit(c) || c == '_'
                        || c == '.' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
                    end = i;
                    boolean number = Character.isDigit(c) || c == '.';
                    while (end < s.length() && (Character.isLetterOrDigit(s.charAt(end)) || s.charAt(end) == '_'
                            || s.charAt(end) == '.' && number)) {
                        end++;
                    }
                    word = !number;
                    literal = number;
                } else if (s.startsWith("<=>", i)) {
                    end = i + 3;
                } else if (s.startsWith("==", i)) {
                    end = i + 2;
                } else {
                    end = i + 1;
                }
                String text = s.substring(start, end);
                tokens.add(new Token(text, start, startLine, startColumn, word, literal));
                for (int k = start; k < end; k++) {
                    if (s.charAt(k) == '\n') {
                        line++;
                        column = 1;
                    } else {
                        column++;
                    }
                }
                i = end;
            }
            return tokens;
        }
    }
}
