package io.updraft.core.plan;

/**
 * PARTIAL: input rows → keys ++ state columns of every aggregate (see {@link AggregateCall#stateTypes()}).
 * FINAL: PARTIAL's output layout → keys ++ results (group expressions are then refs 0..k-1; aggregate
 * arguments are ignored). COMPLETE: input rows → keys ++ results in one step.
 */
public enum AggregateMode {
    PARTIAL,
    FINAL,
    COMPLETE
}
