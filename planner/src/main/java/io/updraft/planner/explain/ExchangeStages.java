package io.updraft.planner.explain;

import io.updraft.core.plan.Exchange;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Which stage each exchange of a physical plan became, as the stage builder cut it ({@code stageOf}, by identity),
 * and the exchanges it did not build because an equal one was built first ({@code reuses}: reused exchange → the
 * exchange whose stage it reads; Spark's {@code ReusedExchange}). Immutable.
 */
public record ExchangeStages(Map<Exchange, Integer> stageOf, Map<Exchange, Exchange> reuses) {
    public ExchangeStages {
        stageOf = Collections.unmodifiableMap(new IdentityHashMap<>(stageOf));
        reuses = Collections.unmodifiableMap(new IdentityHashMap<>(reuses));
    }

    /** The stage the exchange's readers read. */
    public int stage(Exchange e) {
        Integer id = stageOf.get(e);
        if (id == null) {
            throw new IllegalArgumentException("not an exchange of this plan: " + e.partitioning());
        }
        return id;
    }

    /** The exchange whose stage {@code e} reads, or null when {@code e} built its own. */
    public Exchange reused(Exchange e) {
        return reuses.get(e);
    }
}
