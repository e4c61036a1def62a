package io.updraft.planner.optimizer;

import io.updraft.planner.Tpch;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.countStar;
import static org.assertj.core.api.Assertions.assertThat;

class EliminateSortsUnderAggregateTest {
    private final EliminateSortsUnderAggregate rule = new EliminateSortsUnderAggregate();

    @Test
    void removesASortBelowAnAggregate() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Aggregate(
                new Sort(Tpch.lineitemFile(), List.of(SortOrderExpr.asc(col("l_tax")))), List.of(), List.of(countStar())));
        AggregateNode aggregate = (AggregateNode) rule.apply(plan);
        assertThat(aggregate.child()).isInstanceOf(ScanNode.class);
    }

    @Test
    void doesNotFireWhenALimitDependsOnTheOrder() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Aggregate(new Limit(
                new Sort(Tpch.lineitemFile(), List.of(SortOrderExpr.asc(col("l_tax")))), 10, 0), List.of(), List.of(countStar())));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }

    @Test
    void doesNotFireOnASortAboveAnAggregate() {
        ResolvedPlan plan = RuleTestSupport.analyze(Tpch.q1Dataset());
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
