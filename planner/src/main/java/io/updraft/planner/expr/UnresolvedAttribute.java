package io.updraft.planner.expr;

import java.util.List;

/** A column by name, possibly qualified ("t.col" → [t, col]). Matched case-insensitively. */
public record UnresolvedAttribute(List<String> nameParts) implements Expression {
    public UnresolvedAttribute {
        nameParts = List.copyOf(nameParts);
        if (nameParts.isEmpty()) {
            throw new IllegalArgumentException("empty column name");
        }
    }

    /** Parses "a.b" into parts; backquotes protect dots: "`a.b`" is one part. */
    public static UnresolvedAttribute quoted(String name) {
        java.util.ArrayList<String> parts = new java.util.ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inQuote = false;
        for (char c : name.toCharArray()) {
            if (c == '`') {
                inQuote = !inQuote;
            } else if (c == '.' && !inQuote) {
                parts.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        parts.add(cur.toString());
        return new UnresolvedAttribute(parts);
    }

    public String name() {
        return nameParts.get(nameParts.size() - 1);
    }

    @Override
    public String sql() {
        return String.join(".", nameParts);
    }
}
