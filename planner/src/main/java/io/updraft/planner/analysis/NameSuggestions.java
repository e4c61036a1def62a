package io.updraft.planner.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Orders candidate names by edit distance to a misspelled one, as Spark's error suggestions. */
public final class NameSuggestions {
    /** How many names an error message proposes, as Spark. */
    public static final int MAX_SUGGESTIONS = 5;

    private NameSuggestions() {
    }

    /** The candidates closest to {@code target} first (case-insensitive Levenshtein; ties keep input order). */
    public static List<String> closest(String target, List<String> candidates, int max) {
        String t = target.toLowerCase(Locale.ROOT);
        List<String> sorted = new ArrayList<>(candidates);
        sorted.sort(Comparator.comparingInt(c -> levenshtein(t, c.toLowerCase(Locale.ROOT))));
        return sorted.subList(0, Math.min(max, sorted.size()));
    }

    static int levenshtein(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
