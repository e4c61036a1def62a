package io.updraft.planner;

import io.updraft.core.plan.JobPlan;
import io.updraft.planner.analysis.Analyzer;
import io.updraft.planner.explain.ParsedPlanPrinter;
import io.updraft.planner.explain.PhysicalPlanPrinter;
import io.updraft.planner.explain.ResolvedPlanPrinter;
import io.updraft.planner.explain.StagePrinter;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.optimizer.Optimizer;
import io.updraft.planner.physical.PhysicalPlan;
import io.updraft.planner.physical.PhysicalPlanner;
import io.updraft.planner.physical.StageBuilder;
import io.updraft.planner.resolved.plan.PlanCanonicalizer;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The planner: {@link Analyzer} → {@link Optimizer} → {@link PhysicalPlanner} → {@link StageBuilder}.
 * Stateless apart from its configuration, so thread-safe; every call analyzes the plan afresh.
 */
public final class DefaultQueryPlanner implements QueryPlanner {
    private final PlannerConfig config;
    private final Analyzer analyzer;
    private final Optimizer optimizer;
    private final PhysicalPlanner physicalPlanner;

    public DefaultQueryPlanner(PlannerConfig config) {
        this(config, io.updraft.planner.analysis.UserFunctions.NONE);
    }

    /** A planner resolving calls of {@code userFunctions} (a session's registered UDFs) too. */
    public DefaultQueryPlanner(PlannerConfig config, io.updraft.planner.analysis.UserFunctions userFunctions) {
        this.analyzer = new Analyzer(userFunctions);
        this.config = Objects.requireNonNull(config, "config is null");
        this.optimizer = new Optimizer(config);
        this.physicalPlanner = new PhysicalPlanner(config);
    }

    public PlannerConfig config() {
        return config;
    }

    @Override
    public StructType schema(LogicalPlan plan) {
        return analyze(plan).schema();
    }

    @Override
    public JobPlan plan(LogicalPlan plan) {
        ResolvedPlan analyzed = analyze(plan);
        PhysicalPlan physical = physicalPlanner.plan(optimizer.optimize(analyzed));
        return StageBuilder.cut(physical, analyzed.schema(), config.exchangeReuse()).job();
    }

    @Override
    public JobPlan planCount(LogicalPlan plan) {
        return plan(countPlan(plan));
    }

    /** {@code Dataset.count()} as Spark plans it: {@code groupBy().agg(count(*) AS count)}. */
    public static LogicalPlan countPlan(LogicalPlan plan) {
        FunctionCall countStar = new FunctionCall("count", List.of(new UnresolvedStar(null)), false);
        return new Aggregate(plan, List.of(), List.of(new Alias(countStar, "count")));
    }

    @Override
    public String explain(LogicalPlan plan, String mode) {
        String m = Objects.requireNonNull(mode, "mode is null").trim().toLowerCase(Locale.ROOT);
        if (!List.of("simple", "extended", "codegen", "cost", "formatted").contains(m)) {
            throw new IllegalArgumentException("Unknown explain mode: " + mode
                    + ". Accepted explain modes are 'simple', 'extended', 'codegen', 'cost', 'formatted'.");
        }
        ResolvedPlan analyzed = analyze(plan);
        ResolvedPlan optimized = optimizer.optimize(analyzed);
        PhysicalPlan physicalPlan = physicalPlanner.plan(optimized);
        StageBuilder.Cut cut = StageBuilder.cut(physicalPlan, analyzed.schema(), config.exchangeReuse());
        String physical = "== Physical Plan ==\n" + PhysicalPlanPrinter.print(physicalPlan.root(), physicalPlan::display,
                cut.exchanges());
        return switch (m) {
            case "simple", "codegen" -> physical;
            case "formatted" -> "== Physical Plan ==\n" + PhysicalPlanPrinter.formatted(physicalPlan.root(),
                    physicalPlan::display, cut.exchanges());
            case "cost" -> "== Optimized Logical Plan ==\n" + ResolvedPlanPrinter.printWithStatistics(optimized)
                    + "\n" + physical;
            default -> "== Parsed Logical Plan ==\n" + ParsedPlanPrinter.print(plan)
                    + "\n== Analyzed Logical Plan ==\n" + ResolvedPlanPrinter.schemaLine(analyzed) + "\n"
                    + ResolvedPlanPrinter.print(analyzed)
                    + "\n== Optimized Logical Plan ==\n" + ResolvedPlanPrinter.print(optimized)
                    + "\n" + physical
                    + "\n== Stages ==\n" + StagePrinter.print(cut.job());
        };
    }

    /** The analyzed plan (names and types resolved), or an AnalysisException. */
    public ResolvedPlan analyze(LogicalPlan plan) {
        return analyzer.analyze(Objects.requireNonNull(plan, "plan is null"));
    }

    /** The analyzed and optimized plan. */
    public ResolvedPlan optimize(LogicalPlan plan) {
        return optimizer.optimize(analyze(plan));
    }

    /**
     * The optimized plan in canonical form ({@link PlanCanonicalizer}: expression ids renumbered in tree order,
     * qualifiers dropped), a value to compare: equal for two queries (e.g. a SQL text and its Dataset API version)
     * exactly when the optimizer plans them alike.
     */
    public ResolvedPlan canonicalOptimizedPlan(LogicalPlan plan) {
        return PlanCanonicalizer.canonicalize(optimize(plan));
    }

    /** The physical plan before stage cutting: core operators with exchanges, and what explain prints. */
    public PhysicalPlan physicalPlan(LogicalPlan plan) {
        return physicalPlanner.plan(optimize(plan));
    }
}
