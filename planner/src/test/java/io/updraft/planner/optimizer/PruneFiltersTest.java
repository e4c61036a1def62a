package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.Tpch;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.Tpch.and;
import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.lit;
import static org.assertj.core.api.Assertions.assertThat;

class PruneFiltersTest {
    private final PruneFilters rule = new PruneFilters();

    @Test
    void removesAlwaysTrueFilters() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Filter(Tpch.lineitemFile(), lit(true)));
        assertThat(rule.apply(plan)).isInstanceOf(ScanNode.class);
    }

    @Test
    void dropsTrueConjuncts() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Filter(Tpch.lineitemFile(),
                and(lit(true), Tpch.cmp(CompareOp.GREATER_THAN, col("l_tax"), lit(0)))));
        FilterNode filter = (FilterNode) rule.apply(plan);
        assertThat(ExpressionPrinter.pretty(filter.condition())).isEqualTo("(l_tax > 0)");
    }

    @Test
    void doesNotFireOnARealCondition() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Filter(Tpch.lineitemFile(),
                Tpch.cmp(CompareOp.GREATER_THAN, col("l_tax"), lit(0))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
