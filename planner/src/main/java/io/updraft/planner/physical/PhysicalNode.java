package io.updraft.planner.physical;

import io.updraft.planner.resolved.expr.AttributeReference;

import java.util.List;

/**
 * A physical operator before stage cutting: still speaks in attributes (ids), so explain can print
 * names; {@link StageBuilder} binds ids to ordinals and cuts stages at every {@link ExchangeExec}.
 * Immutable records.
 */
public sealed interface PhysicalNode permits ScanExec, FilterExec, ProjectExec, HashAggregateExec, SortExec,
        LimitExec, ExchangeExec {

    List<AttributeReference> output();

    List<PhysicalNode> children();

    /** Whether the output is spread over many tasks (true from a scan up to the next exchange). */
    boolean distributed();
}
