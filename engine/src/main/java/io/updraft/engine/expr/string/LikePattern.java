package io.updraft.engine.expr.string;

import io.updraft.core.error.UpdraftException;
import org.apache.arrow.memory.ArrowBuf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A compiled LIKE pattern with Spark's rules: '%' matches any run of characters (newlines included), '_'
 * exactly one character, and the escape character (default '\') makes the next '%', '_' or escape
 * character literal — before any other character, or at the end, it is a USER error. The whole string must
 * match. Patterns without '_' match on UTF-8 bytes: an exact comparison, or a prefix, a suffix and the
 * literal runs between '%'s found left to right; patterns with '_' become a java.util.regex Pattern.
 * Not thread-safe (the regex form reuses one Matcher).
 */
final class LikePattern {
    /** Literal runs separated by '%': the first must be a prefix, the last a suffix (when there is a '%'). */
    private final byte[][] segments;
    private final Pattern regex;
    private final TextView view = new TextView();
    private Matcher matcher;

    private LikePattern(byte[][] segments, Pattern regex) {
        this.segments = segments;
        this.regex = regex;
    }

    static LikePattern compile(String pattern, char escape) {
        List<String> runs = new ArrayList<>();
        StringBuilder regex = new StringBuilder("(?s)");
        StringBuilder literal = new StringBuilder();
        boolean oneChar = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == escape) {
                if (i + 1 == pattern.length()) {
                    throw invalid(pattern, "it is not allowed to end with the escape character");
                }
                char next = pattern.charAt(++i);
                if (next != '_' && next != '%' && next != escape) {
                    throw invalid(pattern, "the escape character is not allowed to precede '" + next + "'");
                }
                literal.append(next);
                continue;
            }
            if (c != '%' && c != '_') {
                literal.append(c);
                continue;
            }
            if (!literal.isEmpty()) {
                regex.append(Pattern.quote(literal.toString()));
            }
            regex.append(c == '%' ? ".*" : ".");
            oneChar |= c == '_';
            runs.add(literal.toString());
            literal.setLength(0);
        }
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
        }
        runs.add(literal.toString());
        if (oneChar) {
            return new LikePattern(null, Pattern.compile(regex.toString()));
        }
        List<byte[]> segments = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            if (i == 0 || i == runs.size() - 1 || !runs.get(i).isEmpty()) {
                segments.add(runs.get(i).getBytes(StandardCharsets.UTF_8));
            }
        }
        return new LikePattern(segments.toArray(new byte[0][]), null);
    }

    private static UpdraftException invalid(String pattern, String reason) {
        return UpdraftException.user("The LIKE pattern '" + pattern + "' is invalid: " + reason);
    }

    /** Whether the whole string data[start, end) matches. */
    boolean matches(ArrowBuf data, int start, int end) {
        if (regex != null) {
            CharSequence text = view.of(data, start, end);
            matcher = matcher == null ? regex.matcher(text) : matcher.reset(text);
            return matcher.matches();
        }
        byte[] prefix = segments[0];
        if (segments.length == 1) {
            return end - start == prefix.length && Utf8.regionEquals(data, start, prefix, prefix.length);
        }
        byte[] suffix = segments[segments.length - 1];
        if (end - start < prefix.length + suffix.length
                || !Utf8.regionEquals(data, start, prefix, prefix.length)
                || !Utf8.regionEquals(data, end - suffix.length, suffix, suffix.length)) {
            return false;
        }
        int at = start + prefix.length;
        int limit = end - suffix.length;
        for (int s = 1; s < segments.length - 1; s++) {
            byte[] segment = segments[s];
            int found = Utf8.indexOf(data, at, limit, segment, segment.length);
            if (found < 0) {
                return false;
            }
            at = found + segment.length;
        }
        return true;
    }
}
