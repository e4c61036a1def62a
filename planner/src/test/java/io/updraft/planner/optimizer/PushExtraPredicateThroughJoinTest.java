package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;

class PushExtraPredicateThroughJoinTest {
    private final PushPredicateThroughJoin intoJoin = new PushPredicateThroughJoin();
    private final PushExtraPredicateThroughJoin rule = new PushExtraPredicateThroughJoin();

    private static String filterOn(ResolvedPlan side) {
        return side instanceof FilterNode f ? ExpressionPrinter.pretty(f.condition()) : null;
    }

    @Test
    void aDisjunctionOfPerSideConjunctsFiltersEachSideAndStaysInTheJoin() {
        // TPC-H Q7's shape: the OR reads both nations, but each side alone must be FRANCE or GERMANY.
        ResolvedPlan joined = intoJoin.apply(analyzeForRule("select * from nation n1, nation n2"
                + " where (n1.n_name = 'FRANCE' and n2.n_name = 'GERMANY')"
                + " or (n1.n_name = 'GERMANY' and n2.n_name = 'FRANCE')"));
        ResolvedPlan plan = rule.apply(joined);
        JoinNode join = (JoinNode) find(plan, JoinNode.class).get(0);
        assertThat(filterOn(join.left())).isEqualTo("((n_name = FRANCE) OR (n_name = GERMANY))");
        assertThat(filterOn(join.right())).isEqualTo("((n_name = GERMANY) OR (n_name = FRANCE))");
        assertThat(join.condition()).isEqualTo(((JoinNode) find(joined, JoinNode.class).get(0)).condition());
    }

    @Test
    void aBranchWithoutAPartOnOneSideGivesThatSideNothing() {
        ResolvedPlan joined = intoJoin.apply(analyzeForRule("select * from nation, region"
                + " where (n_regionkey = r_regionkey and r_name = 'ASIA' and n_nationkey < 5)"
                + " or (n_regionkey = r_regionkey and r_name = 'EUROPE')"));
        JoinNode join = (JoinNode) find(rule.apply(joined), JoinNode.class).get(0);
        assertThat(filterOn(join.left())).isNull();
        assertThat(filterOn(join.right())).isEqualTo("((r_name = ASIA) OR (r_name = EUROPE))");
    }

    @Test
    void doesNotFireWithoutADisjunctionOrOnTheOuterSideOfAnOuterJoin() {
        ResolvedPlan equi = intoJoin.apply(analyzeForRule("select * from nation, region"
                + " where n_regionkey = r_regionkey and n_name < r_name"));
        assertThat(rule.apply(equi)).isEqualTo(equi);
        ResolvedPlan outer = intoJoin.apply(analyzeForRule("select * from nation left join region on"
                + " (n_regionkey = r_regionkey and n_name = 'X') or (n_regionkey = r_regionkey and n_name = 'Y')"));
        JoinNode join = (JoinNode) find(rule.apply(outer), JoinNode.class).get(0);
        assertThat(filterOn(join.left())).isNull();
    }
}
