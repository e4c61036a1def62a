package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.Tpch;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.lit;
import static org.assertj.core.api.Assertions.assertThat;

class CombineFiltersTest {
    private final CombineFilters rule = new CombineFilters();

    @Test
    void mergesAdjacentFiltersInnerFirst() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Filter(new Filter(Tpch.lineitemFile(),
                Tpch.cmp(CompareOp.LESS_THAN, col("l_quantity"), lit(24))),
                Tpch.cmp(CompareOp.GREATER_THAN, col("l_tax"), lit(0))));
        ResolvedPlan optimized = rule.apply(plan);
        FilterNode filter = (FilterNode) optimized;
        assertThat(filter.child()).isInstanceOf(ScanNode.class);
        assertThat(filter.condition()).isInstanceOf(AndExpression.class);
        assertThat(ExpressionPrinter.pretty(filter.condition())).isEqualTo("((l_quantity < 24) AND (l_tax > 0))");
    }

    @Test
    void doesNotFireOnASingleFilter() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Filter(Tpch.lineitemFile(),
                Tpch.cmp(CompareOp.LESS_THAN, col("l_quantity"), lit(24))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
