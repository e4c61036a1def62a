package io.updraft.core.function;

/**
 * How many arguments a function takes: from {@code min} to {@code max} ({@link #VARIADIC} for no upper bound).
 * {@link #expected()} is the text Spark's [WRONG_NUM_ARGS] error uses.
 */
public record Arity(int min, int max) {
    /** No upper bound. */
    public static final int VARIADIC = Integer.MAX_VALUE;

    public Arity {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("bad arity [" + min + ", " + max + "]");
        }
    }

    public static Arity exactly(int n) {
        return new Arity(n, n);
    }

    public static Arity between(int min, int max) {
        return new Arity(min, max);
    }

    public static Arity atLeast(int min) {
        return new Arity(min, VARIADIC);
    }

    public boolean accepts(int count) {
        return count >= min && count <= max;
    }

    /** Spark's wording of the expected count: {@code 2}, {@code [2, 3]} or {@code > 0}. */
    public String expected() {
        if (min == max) {
            return String.valueOf(min);
        }
        return max == VARIADIC ? "> " + (min - 1) : "[" + min + ", " + max + "]";
    }
}
