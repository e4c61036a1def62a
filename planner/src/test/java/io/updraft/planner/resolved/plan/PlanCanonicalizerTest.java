package io.updraft.planner.resolved.plan;

import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.Tpch;
import io.updraft.planner.explain.ResolvedPlanPrinter;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.sql.SqlFrontEnd;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PlanCanonicalizerTest {
    private final DefaultQueryPlanner planner = new DefaultQueryPlanner(PlannerConfig.DEFAULT);
    private final SqlFrontEnd sql = new SqlFrontEnd();

    private ResolvedPlan canonical(String text) {
        return planner.canonicalOptimizedPlan(sql.parse(text, Tpch.catalog(Map.of("lineitem", Tpch.lineitemFile(),
                "l2", Tpch.lineitemFile()))));
    }

    @Test
    void idsAreRenumberedInTreeOrderAndQualifiersDropped() {
        ResolvedPlan plan = canonical("select x.l_tax from lineitem x where x.l_quantity > 1");
        assertThat(ResolvedPlanPrinter.print(plan)).isEqualTo("""
                Project [l_tax#1]
                +- Filter (l_quantity#0 > 1.00)
                   +- Relation lineitem[l_quantity#0,l_tax#1] parquet
                """);
        assertThat(plan.output().get(0).qualifier()).isEmpty();
    }

    /** The same query analyzed with other ids (a differently built plan) has the same canonical form. */
    @Test
    void conjunctOrderEqualitySidesAndInternalAliasNamesDoNotMatter() {
        ResolvedPlan a = canonical("select l_tax from (select l_tax, l_quantity as q, l_discount from lineitem) t"
                + " where q > 1 and l_discount = l_tax");
        ResolvedPlan b = canonical("select l_tax from (select l_discount, l_quantity as qty, l_tax from lineitem) s"
                + " where l_tax = l_discount and qty > 1");
        assertThat(a).isEqualTo(b);
    }

    @Test
    void outputNamesLiteralsAndOperatorsStillMatter() {
        ResolvedPlan base = canonical("select l_tax from lineitem where l_quantity > 1");
        assertThat(canonical("select l_tax as tax from lineitem where l_quantity > 1")).isNotEqualTo(base);
        assertThat(canonical("select l_tax from lineitem where l_quantity > 2")).isNotEqualTo(base);
        assertThat(canonical("select l_tax from lineitem where l_quantity >= 1")).isNotEqualTo(base);
        assertThat(canonical("select l_tax from lineitem where l_quantity > 1 limit 3")).isNotEqualTo(base);
        assertThat(canonical("select l_tax from l2 where l_quantity > 1")).isNotEqualTo(base);   // another relation
    }

    @Test
    void theInputPlanIsUnchanged() {
        LogicalPlan logical = new SubqueryAlias("t", Tpch.lineitemFile());
        ResolvedPlan optimized = planner.optimize(logical);
        ResolvedPlan copy = planner.optimize(logical);
        PlanCanonicalizer.canonicalize(optimized);
        assertThat(optimized).isEqualTo(copy);
    }
}
