package io.updraft.planner.optimizer;

import io.updraft.planner.Tpch;
import io.updraft.planner.logical.Project;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.Tpch.col;
import static org.assertj.core.api.Assertions.assertThat;

class RemoveNoopProjectsTest {
    private final RemoveNoopProjects rule = new RemoveNoopProjects();

    @Test
    void removesSelectStar() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(Tpch.lineitemFile(), List.of(Tpch.star())));
        assertThat(rule.apply(plan)).isInstanceOf(ScanNode.class);
    }

    @Test
    void doesNotFireOnASubsetOrReordering() {
        ResolvedPlan subset = RuleTestSupport.analyze(new Project(Tpch.lineitemFile(), List.of(col("l_tax"))));
        assertThat(rule.apply(subset)).isSameAs(subset);
        ResolvedPlan renamed = RuleTestSupport.analyze(new Project(Tpch.lineitemFile(), List.of(Tpch.as(col("l_tax"), "t"))));
        assertThat(rule.apply(renamed)).isSameAs(renamed);
    }
}
