package io.updraft.planner.optimizer;

import io.updraft.planner.TpchCatalog;
import io.updraft.planner.analysis.Analyzer;
import io.updraft.planner.logical.Deduplicate;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.DeduplicateNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.WindowNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;

/** ReplaceIntersect, ReplaceExcept, ReplaceDistinctWithAggregate, ReplaceDeduplicateWithAggregate. */
class SetOperationReplacementTest {
    @Test
    void intersectBecomesADistinctSemiJoinOnNullSafeEquality() {
        ResolvedPlan plan = new ReplaceIntersect().apply(analyzeForRule(
                "select n_name from nation intersect select r_name from region"));
        AggregateNode distinct = (AggregateNode) plan;
        JoinNode join = (JoinNode) distinct.child();
        assertThat(join.joinType()).isEqualTo(JoinType.LEFT_SEMI);
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("(n_name <=> r_name)");
    }

    @Test
    void intersectAllKeepsMinCountCopiesThroughOccurrenceNumbers() {
        ResolvedPlan plan = new ReplaceIntersect().apply(analyzeForRule(
                "select n_name from nation intersect all select r_name from region"));
        JoinNode join = find(plan, JoinNode.class).get(0);
        assertThat(join.joinType()).isEqualTo(JoinType.LEFT_SEMI);
        assertThat(join.left()).isInstanceOf(WindowNode.class);
        assertThat(join.right()).isInstanceOf(AggregateNode.class);
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("((n_name <=> r_name) AND (occurrence <= count))");
        assertThat(plan.schema().fieldNames()).containsExactly("n_name");
    }

    @Test
    void intersectRuleDoesNotFireOnOtherPlans() {
        ResolvedPlan plan = analyzeForRule("select n_name from nation union select r_name from region");
        assertThat(new ReplaceIntersect().apply(plan)).isSameAs(plan);
    }

    @Test
    void exceptBecomesADistinctAntiJoinAndExceptAllAnAntiJoinOnOccurrences() {
        JoinNode distinct = find(new ReplaceExcept().apply(analyzeForRule(
                "select n_name from nation except select r_name from region")), JoinNode.class).get(0);
        assertThat(distinct.joinType()).isEqualTo(JoinType.LEFT_ANTI);
        JoinNode all = find(new ReplaceExcept().apply(analyzeForRule(
                "select n_name from nation except all select r_name from region")), JoinNode.class).get(0);
        assertThat(all.joinType()).isEqualTo(JoinType.LEFT_ANTI);
        assertThat(all.left()).isInstanceOf(WindowNode.class);
    }

    @Test
    void exceptRuleDoesNotFireOnOtherPlans() {
        ResolvedPlan plan = analyzeForRule("select n_name from nation intersect select r_name from region");
        assertThat(new ReplaceExcept().apply(plan)).isSameAs(plan);
    }

    @Test
    void distinctBecomesAnAggregateOverEveryColumn() {
        AggregateNode aggregate = (AggregateNode) new ReplaceDistinctWithAggregate().apply(
                analyzeForRule("select distinct n_regionkey, n_name from nation"));
        assertThat(ExpressionPrinter.pretty(aggregate.groupingExpressions().get(1))).isEqualTo("n_name");
        assertThat(aggregate.schema().fieldNames()).containsExactly("n_regionkey", "n_name");
        ResolvedPlan plain = analyzeForRule("select n_regionkey from nation");
        assertThat(new ReplaceDistinctWithAggregate().apply(plain)).isSameAs(plain);
    }

    @Test
    void dropDuplicatesKeepsTheFirstValueOfOtherColumnsUnderTheirIds() {
        ResolvedPlan analyzed = new Analyzer().analyze(new Deduplicate(TpchCatalog.tables().get("region"),
                List.of("r_name")));
        AggregateNode aggregate = (AggregateNode) new ReplaceDeduplicateWithAggregate().apply(analyzed);
        assertThat(aggregate.output()).isEqualTo(analyzed.output().stream().map(a -> a.withNullability(
                !a.name().equals("r_name") || a.nullable())).toList());
        assertThat(ExpressionPrinter.pretty(((AliasExpression) aggregate.aggregateExpressions().get(0)).child()))
                .isEqualTo("first(r_regionkey)");
        assertThat(((DeduplicateNode) analyzed).keys()).hasSize(1);
        ResolvedPlan plain = analyzeForRule("select r_name from region");
        assertThat(new ReplaceDeduplicateWithAggregate().apply(plain)).isSameAs(plain);
    }
}
