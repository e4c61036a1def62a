package io.updraft.planner.expr;

/** {@code *} or {@code qualifier.*} (qualifier null for plain star). */
public record UnresolvedStar(String qualifier) implements Expression {
    @Override
    public String sql() {
        return qualifier == null ? "*" : qualifier + ".*";
    }
}
