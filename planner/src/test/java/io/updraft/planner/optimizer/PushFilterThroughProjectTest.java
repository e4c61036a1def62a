package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.Tpch;
import io.updraft.planner.expr.UserFunctionCall;
import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Project;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.Tpch.as;
import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.lit;
import static io.updraft.planner.Tpch.plus;
import static org.assertj.core.api.Assertions.assertThat;

class PushFilterThroughProjectTest {
    private final PushFilterThroughProject rule = new PushFilterThroughProject();

    @Test
    void movesTheFilterBelowAndSubstitutesAliases() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Filter(
                new Project(Tpch.lineitemFile(), List.of(as(plus(col("l_linenumber"), lit(1)), "n"), col("l_tax"))),
                Tpch.cmp(CompareOp.GREATER_THAN, col("n"), lit(5))));
        ResolvedPlan optimized = rule.apply(plan);
        ProjectNode project = (ProjectNode) optimized;
        FilterNode filter = (FilterNode) project.child();
        assertThat(filter.child()).isInstanceOf(ScanNode.class);
        assertThat(ExpressionPrinter.pretty(filter.condition())).isEqualTo("((l_linenumber + 1) > 5)");
        assertThat(optimized.output()).isEqualTo(plan.output());
    }

    @Test
    void doesNotFireWhenTheFilterIsNotAboveAProjection() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(new Filter(Tpch.lineitemFile(),
                Tpch.cmp(CompareOp.GREATER_THAN, col("l_tax"), lit(0))), List.of(col("l_tax"))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }

    @Test
    void doesNotFireOverANondeterministicProjection() {
        UserFunctionDefinition random = new UserFunctionDefinition(UserFunctionDefinition.Kind.SCALAR, "UDF",
                "opaque", DataTypes.IntegerType, true, false, 0, null, null);
        ResolvedPlan plan = RuleTestSupport.analyze(new Filter(
                new Project(Tpch.lineitemFile(), List.of(as(new UserFunctionCall(random, List.of()), "r"))),
                Tpch.cmp(CompareOp.GREATER_THAN, col("r"), lit(5))));
        assertThat(rule.apply(plan)).isSameAs(plan);

        ResolvedPlan deterministic = RuleTestSupport.analyze(new Filter(new Project(Tpch.lineitemFile(),
                List.of(as(new UserFunctionCall(random.withDeterministic(true), List.of()), "r"))),
                Tpch.cmp(CompareOp.GREATER_THAN, col("r"), lit(5))));
        assertThat(((ProjectNode) rule.apply(deterministic)).child()).isInstanceOf(FilterNode.class);
    }
}
