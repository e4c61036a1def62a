package io.updraft.engine.expr.string;

import io.updraft.core.error.UpdraftException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Java regular expressions for rlike / regexp_replace / regexp_extract (Spark uses java.util.regex too). A
 * Regexes instance keeps one Matcher for the current Pattern and resets it row after row. Not thread-safe.
 */
public final class Regexes {
    private Pattern current;
    private Matcher matcher;

    /** Compiles {@code regex}; a syntax error is a USER error naming the function and the expression. */
    public static Pattern compile(String regex, String function) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw UpdraftException.user("The value of parameter regexp in " + function + " is invalid: '" + regex
                    + "' is not a valid Java regular expression (" + e.getDescription() + " near index "
                    + e.getIndex() + ")");
        }
    }

    /** A matcher of {@code pattern} over {@code text}. */
    public Matcher matcher(Pattern pattern, CharSequence text) {
        if (pattern != current || matcher == null) {
            current = pattern;
            matcher = pattern.matcher(text);
        } else {
            matcher.reset(text);
        }
        return matcher;
    }
}
