package io.updraft.planner.optimizer;

import io.updraft.planner.Tpch;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Project;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.core.expr.CompareOp;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.Tpch.as;
import static io.updraft.planner.Tpch.cmp;
import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.fn;
import static io.updraft.planner.Tpch.lit;
import static io.updraft.planner.Tpch.plus;
import static io.updraft.planner.Tpch.times;
import static org.assertj.core.api.Assertions.assertThat;

class CollapseProjectIntoAggregateTest {
    private final CollapseProjectIntoAggregate rule = new CollapseProjectIntoAggregate();

    /** {@code groupBy(k).agg(sum(x) AS s).select(s * 2 AS d, k)}: one aggregate producing the projection. */
    @Test
    void theAggregateComputesTheProjection() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(
                new Aggregate(Tpch.lineitemFile(), List.of(col("l_returnflag")),
                        List.of(col("l_returnflag"), as(fn("sum", col("l_quantity")), "s"))),
                List.of(as(times(col("s"), lit(2)), "d"), col("l_returnflag"))));
        ResolvedPlan optimized = rule.apply(plan);
        AggregateNode aggregate = (AggregateNode) optimized;
        assertThat(aggregate.child()).isInstanceOf(ScanNode.class);
        assertThat(aggregate.aggregateExpressions()).extracting(ExpressionPrinter::explain).containsExactly(
                "(sum(l_quantity#4) * cast(2 as decimal(1,0))) AS d#17", "l_returnflag#8");
        assertThat(optimized.output()).isEqualTo(plan.output());
    }

    @Test
    void doesNotFireWhenAnAggregateWouldBeComputedTwice() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(
                new Aggregate(Tpch.lineitemFile(), List.of(col("l_returnflag")),
                        List.of(col("l_returnflag"), as(fn("sum", col("l_quantity")), "s"))),
                List.of(as(plus(col("s"), col("s")), "twice"))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }

    @Test
    void doesNotFireWithAnOperatorBetweenProjectionAndAggregate() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(new Filter(
                new Aggregate(Tpch.lineitemFile(), List.of(col("l_returnflag")),
                        List.of(col("l_returnflag"), as(fn("sum", col("l_quantity")), "s"))),
                cmp(CompareOp.GREATER_THAN, col("s"), lit(1))), List.of(col("l_returnflag"))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
