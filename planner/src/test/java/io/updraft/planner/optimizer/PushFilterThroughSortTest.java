package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.Tpch;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SortNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.lit;
import static org.assertj.core.api.Assertions.assertThat;

class PushFilterThroughSortTest {
    private final PushFilterThroughSort rule = new PushFilterThroughSort();

    @Test
    void filtersBeforeSorting() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Filter(
                new Sort(Tpch.lineitemFile(), List.of(SortOrderExpr.asc(col("l_tax")))),
                Tpch.cmp(CompareOp.GREATER_THAN, col("l_tax"), lit(0))));
        SortNode sort = (SortNode) rule.apply(plan);
        assertThat(((FilterNode) sort.child()).child()).isInstanceOf(ScanNode.class);
        assertThat(sort.output()).isEqualTo(plan.output());
    }

    @Test
    void doesNotFireThroughALimit() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Filter(new Limit(
                new Sort(Tpch.lineitemFile(), List.of(SortOrderExpr.asc(col("l_tax")))), 10, 0),
                Tpch.cmp(CompareOp.GREATER_THAN, col("l_tax"), lit(0))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
