package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.LimitNode;
import io.updraft.planner.resolved.plan.LocalLimitNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.UnionNode;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;

class LimitPushDownTest {
    private final LimitPushDown rule = new LimitPushDown();

    @Test
    void everyUnionInputNeedsAtMostLimitPlusOffsetRows() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select n_name from nation union all select r_name from region"
                + " limit 5 offset 2"));
        UnionNode union = find(plan, UnionNode.class).get(0);
        assertThat(union.children()).allSatisfy(c -> assertThat(((LocalLimitNode) c).limit()).isEqualTo(7));
        assertThat(rule.apply(plan)).isEqualTo(plan);
    }

    @Test
    void thePreservedSideOfAnOuterJoinIsLimited() {
        JoinNode join = find(rule.apply(analyzeForRule("select * from nation left join region on n_regionkey ="
                + " r_regionkey limit 3")), JoinNode.class).get(0);
        assertThat(((LocalLimitNode) join.left()).limit()).isEqualTo(3);
    }

    @Test
    void nestedLimitsCombine() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select * from (select * from nation limit 10) limit 4"));
        assertThat(find(plan, LimitNode.class)).extracting(LimitNode::limit).containsExactly(4L);
    }

    @Test
    void doesNotFireOverAnInnerJoin() {
        ResolvedPlan plan = analyzeForRule("select * from nation join region on n_regionkey = r_regionkey limit 3");
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
