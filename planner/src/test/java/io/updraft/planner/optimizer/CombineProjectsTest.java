package io.updraft.planner.optimizer;

import io.updraft.planner.Tpch;
import io.updraft.planner.logical.Project;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.Tpch.as;
import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.lit;
import static io.updraft.planner.Tpch.minus;
import static io.updraft.planner.Tpch.plus;
import static io.updraft.planner.Tpch.times;
import static org.assertj.core.api.Assertions.assertThat;

class CombineProjectsTest {
    private final CombineProjects rule = new CombineProjects();

    @Test
    void collapsesNestedProjections() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(
                new Project(Tpch.lineitemFile(), List.of(as(minus(lit(1), col("l_discount")), "d"), col("l_extendedprice"))),
                List.of(as(times(col("l_extendedprice"), col("d")), "price"), col("l_extendedprice"))));
        ResolvedPlan optimized = rule.apply(plan);
        ProjectNode project = (ProjectNode) optimized;
        assertThat(project.child()).isInstanceOf(ScanNode.class);
        assertThat(project.projectList()).extracting(ExpressionPrinter::explain).containsExactly(
                "(l_extendedprice#5 * (cast(1 as decimal(1,0)) - l_discount#6)) AS price#17",
                "l_extendedprice#5");
        assertThat(optimized.output()).isEqualTo(plan.output());
    }

    @Test
    void keepsPassThroughAliasesAsTheyWere() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(
                new Project(Tpch.lineitemFile(), List.of(as(minus(lit(1), col("l_discount")), "d"))), List.of(col("d"))));
        ProjectNode project = (ProjectNode) rule.apply(plan);
        assertThat(project.projectList()).extracting(ExpressionPrinter::explain)
                .containsExactly("(cast(1 as decimal(1,0)) - l_discount#6) AS d#16");
    }

    @Test
    void doesNotFireWhenAnExpensiveExpressionWouldBeComputedTwice() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(
                new Project(Tpch.lineitemFile(), List.of(as(times(col("l_extendedprice"), col("l_discount")), "x"))),
                List.of(as(plus(col("x"), col("x")), "twice"))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }

    @Test
    void doesNotFireOnASingleProjection() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(Tpch.lineitemFile(), List.of(col("l_tax"))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
