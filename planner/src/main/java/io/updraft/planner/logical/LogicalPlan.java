package io.updraft.planner.logical;

import java.util.List;

/**
 * An unresolved logical plan as the Dataset API and the SQL front end build it. Immutable records;
 * the analyzer resolves names and types ({@link io.updraft.planner.DefaultQueryPlanner#analyze}).
 */
public sealed interface LogicalPlan permits FileRelation, Project, Filter, Aggregate, Sort, Limit, SubqueryAlias,
        Join, Union, Intersect, Except, Distinct, Deduplicate, Repartition, Coalesce, Hint, MapPartitions, LocalRelation,
        Generate {
    List<LogicalPlan> children();
}
