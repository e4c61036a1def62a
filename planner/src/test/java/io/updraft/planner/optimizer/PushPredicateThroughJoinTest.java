package io.updraft.planner.optimizer;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;

class PushPredicateThroughJoinTest {
    private final PushPredicateThroughJoin rule = new PushPredicateThroughJoin();

    private static String filterOn(ResolvedPlan side) {
        return side instanceof FilterNode f ? ExpressionPrinter.pretty(f.condition()) : null;
    }

    @Test
    void innerJoinFiltersGoToTheirSideAndCrossConditionsIntoTheJoin() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select * from nation, region where n_regionkey = r_regionkey"
                + " and n_name = 'X' and r_name like 'A%'"));
        JoinNode join = (JoinNode) find(plan, JoinNode.class).get(0);
        assertThat(join.joinType()).isEqualTo(JoinType.INNER);
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("(n_regionkey = r_regionkey)");
        assertThat(filterOn(join.left())).isEqualTo("(n_name = X)");
        assertThat(filterOn(join.right())).isEqualTo("like(r_name, A%)");
        assertThat(find(plan, FilterNode.class)).hasSize(2);
    }

    @Test
    void leftOuterJoinsKeepFiltersOnTheNullSuppliedSideAboveButPushTheirOnConditionsDown() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select * from nation left join region on n_regionkey ="
                + " r_regionkey and r_name = 'ASIA' and n_name = 'X' where n_nationkey > 1 and r_comment is null"));
        FilterNode top = (FilterNode) plan.children().get(0);
        assertThat(ExpressionPrinter.pretty(top.condition())).isEqualTo("(r_comment IS NULL)");
        JoinNode join = (JoinNode) top.child();
        assertThat(filterOn(join.left())).isEqualTo("(n_nationkey > 1)");
        assertThat(filterOn(join.right())).isEqualTo("(r_name = ASIA)");
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("((n_regionkey = r_regionkey) AND (n_name = X))");
    }

    @Test
    void doesNotFireAcrossAFullOuterJoin() {
        ResolvedPlan plan = analyzeForRule("select * from nation full join region on n_regionkey = r_regionkey"
                + " where n_nationkey > 1");
        assertThat(rule.apply(plan)).isSameAs(plan);
        assertThat(find(plan, ScanNode.class)).hasSize(2);
    }
}
