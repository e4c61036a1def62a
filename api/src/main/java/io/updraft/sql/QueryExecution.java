package io.updraft.sql;

import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.explain.ResolvedPlanPrinter;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.physical.PhysicalPlan;
import io.updraft.planner.resolved.plan.ResolvedPlan;

import java.util.Objects;

/**
 * The planning stages of one Dataset, as Spark's {@code Dataset.queryExecution()} (a developer API): the logical
 * plan as built, the analyzed and optimized plans and the physical plan, each computed when asked for with the
 * session's current planner settings. {@link #canonicalOptimizedPlan()} is the optimized plan with expression ids
 * and qualifiers normalized (Spark's {@code optimizedPlan.canonicalized}), for comparing two queries. Immutable.
 */
public final class QueryExecution {
    private final UpdraftSession session;
    private final LogicalPlan logical;

    QueryExecution(UpdraftSession session, LogicalPlan logical) {
        this.session = Objects.requireNonNull(session, "session is null");
        this.logical = Objects.requireNonNull(logical, "logical is null");
    }

    /** The unresolved plan the Dataset methods (or the SQL front end) built. */
    public LogicalPlan logical() {
        return logical;
    }

    public ResolvedPlan analyzed() {
        return planner().analyze(logical);
    }

    public ResolvedPlan optimizedPlan() {
        return planner().optimize(logical);
    }

    /** The optimized plan with ids renumbered in tree order and qualifiers dropped; see {@link #sameResult}. */
    public ResolvedPlan canonicalOptimizedPlan() {
        return planner().canonicalOptimizedPlan(logical);
    }

    /** {@link #canonicalOptimizedPlan()} as explain's tree text ({@code name#id}, ids from 0). */
    public String canonicalOptimizedPlanString() {
        return ResolvedPlanPrinter.print(canonicalOptimizedPlan());
    }

    /** Whether {@code other} optimizes to the same plan (equal canonical optimized plans). */
    public boolean sameResult(QueryExecution other) {
        return canonicalOptimizedPlan().equals(other.canonicalOptimizedPlan());
    }

    /** The physical operators (core operators, exchanges included) before they are cut into stages. */
    public PhysicalPlan executedPlan() {
        return planner().physicalPlan(logical);
    }

    /** What {@code Dataset.explain(mode)} prints. */
    public String explainString(String mode) {
        return session.planner().explain(logical, mode);
    }

    /** The "extended" explain text, as Spark's {@code QueryExecution.toString}. */
    @Override
    public String toString() {
        return explainString("extended");
    }

    private DefaultQueryPlanner planner() {
        return (DefaultQueryPlanner) session.planner();
    }

    /** An explain mode (simple, extended, codegen, cost, formatted; case-insensitive), lower-cased. */
    static String explainMode(String mode) {
        String m = mode.toLowerCase(java.util.Locale.ROOT);
        if (!java.util.Set.of("simple", "extended", "codegen", "cost", "formatted").contains(m)) {
            throw new IllegalArgumentException("Unknown explain mode: " + mode + ". Accepted explain modes are "
                    + "'simple', 'extended', 'codegen', 'cost', 'formatted'.");
        }
        return m;
    }
}
