package io.updraft.cli;

import java.util.List;

/**
 * Walks the words of a command line. Options take their value as the next word ({@code --format csv}) or
 * after '=' ({@code --format=csv}). Not thread-safe.
 */
final class ArgumentCursor {
    private final List<String> words;
    private final String command;
    private int next;
    private String inlineValue;

    ArgumentCursor(List<String> words, String command) {
        this.words = List.copyOf(words);
        this.command = command;
    }

    boolean hasNext() {
        return next < words.size();
    }

    /**
     * The next word. For {@code --name=value} returns {@code --name} and keeps {@code value} for
     * {@link #value}.
     */
    String nextWord() {
        String word = words.get(next++);
        inlineValue = null;
        int eq = word.indexOf('=');
        if (looksLikeOption(word) && word.startsWith("--") && eq > 2) {
            inlineValue = word.substring(eq + 1);
            return word.substring(0, eq);
        }
        return word;
    }

    /**
     * True for a word that is an option: it starts with '-', is not "-" alone, and has no white space (a
     * query such as "-- comment\nselect 1" is not an option).
     */
    static boolean looksLikeOption(String word) {
        if (!word.startsWith("-") || word.equals("-")) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (Character.isWhitespace(word.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** The next word as is (after "--": no option parsing). */
    String nextPositional() {
        inlineValue = null;
        return words.get(next++);
    }

    /** The value of the option just read by {@link #nextWord}. */
    String value(String option) {
        if (inlineValue != null) {
            String v = inlineValue;
            inlineValue = null;
            return v;
        }
        if (next >= words.size()) {
            throw new UsageException("option " + option + " needs a value (" + command + ")");
        }
        return words.get(next++);
    }

    /** The {@code KEY=VALUE} value of the option just read (a {@code --conf}), put into {@code conf}. */
    void keyValueInto(String option, java.util.Map<String, String> conf) {
        String kv = value(option);
        int eq = kv.indexOf('=');
        if (eq <= 0) {
            throw new UsageException(option + " needs KEY=VALUE, got '" + kv + "'");
        }
        conf.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
}
