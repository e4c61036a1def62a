package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;

/**
 * A physical operator before stage cutting: still speaks in attributes (ids), so explain can print names;
 * {@link StageBuilder} binds ids to ordinals and cuts stages at every {@link ExchangeExec}. Immutable records.
 */
public sealed interface PhysicalNode permits ScanExec, FilterExec, ProjectExec, HashAggregateExec, SortExec,
        LimitExec, ExchangeExec, JoinExec, UnionExec, WindowExec, ExpandExec, TopNExec {

    List<AttributeReference> output();

    List<PhysicalNode> children();

    /** How the output is spread over the stage's tasks (most operators keep their input's). */
    PhysicalPartitioning partitioning();

    /** Whether the output is spread over several tasks (anything but a single partition). */
    default boolean distributed() {
        return !(partitioning() instanceof PhysicalPartitioning.Single);
    }
}
