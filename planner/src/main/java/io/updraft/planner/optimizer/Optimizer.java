package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.plan.ResolvedPlan;

import io.updraft.planner.PlannerConfig;

import java.util.List;
import java.util.Objects;

/**
 * Runs rule batches over an analyzed plan, in order. A fixed-point batch repeats its rules until a
 * whole pass changes nothing (at most {@value #MAX_ITERATIONS} passes); a once batch runs one pass.
 * Thread-safe.
 */
public final class Optimizer {
    static final int MAX_ITERATIONS = 100;

    /** A named list of rules run in order. */
    public record Batch(String name, boolean fixedPoint, List<OptimizerRule> rules) {
        public Batch {
            Objects.requireNonNull(name, "name is null");
            rules = List.copyOf(rules);
        }
    }

    private final List<Batch> batches;

    public Optimizer() {
        this(PlannerConfig.DEFAULT);
    }

    public Optimizer(PlannerConfig config) {
        this(defaultBatches(config));
    }

    public Optimizer(List<Batch> batches) {
        this.batches = List.copyOf(batches);
    }

    /** The rule order. Each rule lives in its own file, with a test where it fires and one where it does not. */
    public static List<Batch> defaultBatches(PlannerConfig config) {
        return List.of(
                // Aliases only serve name resolution, which is done: drop them (in subquery plans too) so the rules
                // below see operators next to each other.
                new Batch("Finish analysis", false, List.of(new EliminateSubqueryAliases())),
                // Subqueries become joins before anything else, so every later rule sees one plain tree.
                new Batch("Subqueries", false, List.of(new RewriteSubqueries())),
                // Operators without an engine operator of their own become joins and aggregates; broadcast hints
                // move into the joins they apply to.
                new Batch("Replace operators", false, List.of(
                        new ReplaceIntersect(),
                        new ReplaceExcept(),
                        new ReplaceDistinctWithAggregate(),
                        new ReplaceDeduplicateWithAggregate(),
                        new ResolveJoinHints())),
                // DISTINCT aggregates become two aggregations (before pruning, which must see both).
                new Batch("Aggregate rewrite", false, List.of(new RewriteDistinctAggregates())),
                // Inner join chains are ordered by estimated size while their conditions still sit together in the
                // filters above them (once: ordering is not a rewrite to repeat).
                new Batch("Join reorder", false, List.of(new ReorderJoins())),
                new Batch("Operator optimization", true, operatorOptimization()),
                // Join conditions that OR per-side parts imply a weaker filter on each side (TPC-H Q7, Q19);
                // once, because the derived filter moves away and would be derived again ...
                new Batch("Extra join predicates", false, List.of(new PushExtraPredicateThroughJoin())),
                // ... then the same rules again move it down to the scan and prune.
                new Batch("Operator optimization after extra predicates", true, operatorOptimization()),
                // A grouped aggregate joined on its keys with a small filtered side first semi joins its input with
                // those keys (TPC-H Q2, Q17, Q20): after the filters settled, before broadcast selection and the
                // nested schema pruning that must see the copied key source.
                new Batch("Semi-join reduction", false, config.semiJoinReduction()
                        ? List.of(new ReduceAggregateInputBySemiJoin(config.autoBroadcastJoinThreshold())) : List.of()),
                // Struct columns read only through field accesses (projections collapsed onto the scans by now) are
                // read with only those fields: Spark's nested schema pruning.
                new Batch("Nested schema pruning", false, config.nestedSchemaPruning()
                        ? List.of(new NestedSchemaPruning()) : List.of()),
                // Sizes are final now (filters pushed, columns pruned): broadcast the small join sides.
                new Batch("Join strategy", false, List.of(
                        new SelectBroadcastJoins(config.autoBroadcastJoinThreshold()))),
                // After the filters settled directly above the scans: hand the column-vs-literal
                // conjuncts to the reader for row-group pruning (the Filter stays).
                new Batch("Scan pushdown", false, List.of(new PushFiltersIntoScan())));
    }

    /** The fixed-point rules that move filters toward the scans and tidy the plan, in order. */
    private static List<OptimizerRule> operatorOptimization() {
        return List.of(
                // Merge Filter(Filter) first so one predicate moves as a whole.
                new CombineFilters(),
                // Move filters below projections, toward the scan (substituting aliases).
                new PushFilterThroughProject(),
                // ... and below sorts, so fewer rows are sorted.
                new PushFilterThroughSort(),
                // A filter rejecting the null rows an outer join adds makes it inner (then pushable).
                new EliminateOuterJoins(),
                // Filters and join conditions into the join sides they select from.
                new PushPredicateThroughJoin(),
                // LEFT SEMI / ANTI joins (IN, EXISTS) into the inner-join input they select from.
                new PushLeftSemiAntiThroughJoin(),
                // Project(Project) becomes one projection unless that duplicates work.
                new CombineProjects(),
                // Project(Aggregate) becomes the aggregate computing the projection (same condition).
                new CollapseProjectIntoAggregate(),
                // Fold constant sub-expressions: casts of literals, literal arithmetic, and the
                // date arithmetic the front ends leave behind.
                new ConstantFolding(),
                // true/false/NOT simplifications and common factors of ORs (after folding made literals).
                new BooleanSimplification(),
                // Drop filters (and conjuncts) that folded to true.
                new PruneFilters(),
                // Per-task limits under a global limit over unions and outer joins.
                new LimitPushDown(),
                // Order does not matter under an aggregate (unless it uses first/last).
                new EliminateSortsUnderAggregate(),
                // A projection that passes its input through unchanged is removed.
                new RemoveNoopProjects(),
                // Last in the batch: every operator produces only what its parent reads, down to
                // the scan (count() reads no column at all).
                new ColumnPruning());
    }

    public List<Batch> batches() {
        return batches;
    }

    public ResolvedPlan optimize(ResolvedPlan plan) {
        ResolvedPlan current = plan;
        for (Batch batch : batches) {
            int iterations = batch.fixedPoint() ? MAX_ITERATIONS : 1;
            for (int i = 0; i < iterations; i++) {
                ResolvedPlan before = current;
                for (OptimizerRule rule : batch.rules()) {
                    current = rule.apply(current);
                }
                if (current.equals(before)) {
                    break;
                }
            }
        }
        return current;
    }
}
