package io.updraft.core.expr;

/** Comparisons. All but EQUAL_NULL_SAFE yield null when an operand is null. */
public enum CompareOp {
    EQUAL("="), NOT_EQUAL("!="), LESS_THAN("<"), LESS_THAN_OR_EQUAL("<="), GREATER_THAN(">"),
    GREATER_THAN_OR_EQUAL(">="), EQUAL_NULL_SAFE("<=>");

    private final String symbol;

    CompareOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }
}
