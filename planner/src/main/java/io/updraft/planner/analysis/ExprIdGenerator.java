package io.updraft.planner.analysis;

/**
 * Hands out expression ids for attributes and aliases. One generator per analysis (ids restart at 0,
 * so analyzing the same plan twice gives equal results); not thread-safe.
 */
public final class ExprIdGenerator {
    private long next;

    public ExprIdGenerator() {
        this(0);
    }

    public ExprIdGenerator(long first) {
        this.next = first;
    }

    public long next() {
        return next++;
    }
}
