package io.updraft.core.expr;

/** Binary arithmetic. DIVIDE on decimals rounds HALF_UP to the result scale; division by zero yields null. */
public enum ArithmeticOp {
    ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"), MOD("%");

    private final String symbol;

    ArithmeticOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }
}
