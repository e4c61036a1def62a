package io.updraft.planner;

import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Stage;
import io.updraft.planner.analysis.Analyzer;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.optimizer.EliminateSubqueryAliases;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.sql.SqlFrontEnd;

import java.util.ArrayList;
import java.util.List;

/** SQL over the TPC-H SF1 catalog, analyzed, optimized or planned; node finders for assertions. */
public final class TestQueries {
    public static final PlannerConfig CONFIG = new PlannerConfig(2, 128L << 20);
    public static final DefaultQueryPlanner PLANNER = new DefaultQueryPlanner(CONFIG);

    private TestQueries() {
    }

    public static LogicalPlan parse(String sql) {
        return new SqlFrontEnd().parse(sql, TpchCatalog.catalog());
    }

    public static ResolvedPlan analyze(String sql) {
        return new Analyzer().analyze(parse(sql));
    }

    /** Analyzed, without subquery aliases: what a single optimizer rule sees after the first batch. */
    public static ResolvedPlan analyzeForRule(String sql) {
        return new EliminateSubqueryAliases().apply(analyze(sql));
    }

    public static ResolvedPlan optimize(String sql) {
        return PLANNER.optimize(parse(sql));
    }

    public static JobPlan plan(String sql) {
        return PLANNER.plan(parse(sql));
    }

    /** Every node of the given type, parents first. */
    public static <T extends ResolvedPlan> List<T> find(ResolvedPlan plan, Class<T> type) {
        List<T> out = new ArrayList<>();
        Plans.forEach(plan, n -> {
            if (type.isInstance(n)) {
                out.add(type.cast(n));
            }
        });
        return out;
    }

    /** Every operator of the given type in a stage, parents first. */
    public static <T extends Operator> List<T> operators(Stage stage, Class<T> type) {
        List<T> out = new ArrayList<>();
        collect(stage.root(), type, out);
        return out;
    }

    private static <T extends Operator> void collect(Operator op, Class<T> type, List<T> out) {
        if (type.isInstance(op)) {
            out.add(type.cast(op));
        }
        for (Operator c : op.children()) {
            collect(c, type, out);
        }
    }
}
