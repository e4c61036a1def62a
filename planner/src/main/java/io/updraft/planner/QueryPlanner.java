package io.updraft.planner;

import io.updraft.core.plan.JobPlan;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.sql.types.StructType;

/**
 * The planner's entry points, used by the session. Thread-safe.
 * <ul>
 *   <li>{@link #schema}: analyzes the plan and returns its output schema, or throws
 *   {@link io.updraft.core.error.AnalysisException} naming the unknown column (with the available ones)
 *   or the expression whose types do not fit. The Dataset API calls it on every transformation, so
 *   errors surface before any action, as in Spark.</li>
 *   <li>{@link #plan}: analyze, optimize, physical plan, cut into stages. The last stage's task outputs,
 *   concatenated in task order, are the result rows.</li>
 *   <li>{@link #planCount}: the job behind {@code Dataset.count()}: one row, one bigint column; no
 *   data rows move (partial counts per scan task, summed in a final task).</li>
 *   <li>{@link #explain}: Spark-style text; mode "simple" prints the physical plan, "extended" the
 *   parsed, analyzed, optimized and physical plans and the stages, "cost" the optimized plan with size estimates and
 *   the physical plan, "formatted" Spark's numbered layout ("codegen" = "simple"); another mode is an
 *   IllegalArgumentException listing them.</li>
 * </ul>
 */
public interface QueryPlanner {
    StructType schema(LogicalPlan plan);

    JobPlan plan(LogicalPlan plan);

    JobPlan planCount(LogicalPlan plan);

    String explain(LogicalPlan plan, String mode);
}
