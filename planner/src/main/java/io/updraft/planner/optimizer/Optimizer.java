package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.plan.ResolvedPlan;

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
        this(defaultBatches());
    }

    public Optimizer(List<Batch> batches) {
        this.batches = List.copyOf(batches);
    }

    /** The rule order. Each rule lives in its own file, with a test where it fires and one where it does not. */
    public static List<Batch> defaultBatches() {
        return List.of(
                // Aliases only serve name resolution, which is done: drop them so the rules below see
                // operators next to each other.
                new Batch("Finish analysis", false, List.of(new EliminateSubqueryAliases())),
                new Batch("Operator optimization", true, List.of(
                        // Merge Filter(Filter) first so one predicate moves as a whole.
                        new CombineFilters(),
                        // Move filters below projections, toward the scan (substituting aliases).
                        new PushFilterThroughProject(),
                        // ... and below sorts, so fewer rows are sorted.
                        new PushFilterThroughSort(),
                        // Project(Project) becomes one projection unless that duplicates work.
                        new CombineProjects(),
                        // Fold constant sub-expressions: casts of literals, literal arithmetic, and the
                        // date arithmetic the front ends leave behind.
                        new ConstantFolding(),
                        // Drop filters (and conjuncts) that folded to true.
                        new PruneFilters(),
                        // Order does not matter under an aggregate.
                        new EliminateSortsUnderAggregate(),
                        // A projection that passes its input through unchanged is removed.
                        new RemoveNoopProjects(),
                        // Last in the batch: every operator produces only what its parent reads, down to
                        // the scan (count() reads no column at all).
                        new ColumnPruning())),
                // After the filters settled directly above the scans: hand the column-vs-literal
                // conjuncts to the reader for row-group pruning (the Filter stays).
                new Batch("Scan pushdown", false, List.of(new PushFiltersIntoScan())));
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
