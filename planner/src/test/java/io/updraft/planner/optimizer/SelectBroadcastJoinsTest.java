package io.updraft.planner.optimizer;

import io.updraft.planner.PlannerConfig;
import io.updraft.planner.resolved.plan.JoinHint;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;

class SelectBroadcastJoinsTest {
    private final SelectBroadcastJoins rule = new SelectBroadcastJoins(PlannerConfig.DEFAULT_BROADCAST_THRESHOLD);

    private JoinHint hint(SelectBroadcastJoins r, String sql) {
        return find(r.apply(analyzeForRule(sql)), JoinNode.class).get(0).hint();
    }

    @Test
    void theSmallSideOfAnInnerJoinIsBroadcastWhicheverSideItIs() {
        assertThat(hint(rule, "select * from lineitem join nation on l_suppkey = n_nationkey"))
                .isEqualTo(new JoinHint(false, true));
        assertThat(hint(rule, "select * from nation join lineitem on l_suppkey = n_nationkey"))
                .isEqualTo(new JoinHint(true, false));
    }

    @Test
    void onlyTheBuildableSideOfAnOuterJoinIsBroadcast() {
        assertThat(hint(rule, "select * from nation left join lineitem on l_suppkey = n_nationkey"))
                .isEqualTo(JoinHint.NONE);
        assertThat(hint(rule, "select * from lineitem left join nation on l_suppkey = n_nationkey"))
                .isEqualTo(new JoinHint(false, true));
    }

    @Test
    void doesNotFireAboveTheThresholdOrWhenDisabledOrForFullOuterJoins() {
        ResolvedPlan big = analyzeForRule("select * from lineitem join orders on l_orderkey = o_orderkey");
        assertThat(rule.apply(big)).isSameAs(big);
        ResolvedPlan small = analyzeForRule("select * from nation join region on n_regionkey = r_regionkey");
        assertThat(new SelectBroadcastJoins(-1).apply(small)).isSameAs(small);
        ResolvedPlan full = analyzeForRule("select * from nation full join region on n_regionkey = r_regionkey");
        assertThat(rule.apply(full)).isSameAs(full);
    }
}
