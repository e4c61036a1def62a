package io.updraft.planner.optimizer;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.find;
import static io.updraft.planner.TestQueries.optimize;
import static org.assertj.core.api.Assertions.assertThat;

/** Through the whole optimizer: where the LEFT SEMI / ANTI join of an IN / EXISTS ends up. */
class PushLeftSemiAntiThroughJoinTest {
    private static JoinNode only(ResolvedPlan plan, JoinType type) {
        List<JoinNode> joins = find(plan, JoinNode.class).stream().filter(j -> j.joinType() == type).toList();
        assertThat(joins).hasSize(1);
        return joins.get(0);
    }

    private static String scanned(ResolvedPlan side) {
        List<ScanNode> scans = find(side, ScanNode.class);
        return scans.size() == 1 ? scans.get(0).relationName() : scans.size() + " scans";
    }

    @Test
    void anInSubqueryOnOneTableOfAJoinFiltersThatTableFirst() {
        ResolvedPlan plan = optimize("select c_name, o_orderkey, l_quantity from customer, orders, lineitem"
                + " where o_orderkey in (select l_orderkey from lineitem group by l_orderkey"
                + " having sum(l_quantity) > 300) and c_custkey = o_custkey and o_orderkey = l_orderkey");
        JoinNode semi = only(plan, JoinType.LEFT_SEMI);
        assertThat(scanned(semi.left())).isEqualTo("orders");
        assertThat(find(semi.left(), JoinNode.class)).isEmpty();
    }

    @Test
    void aNotExistsOnOneSideOfAnInnerJoinMovesToThatSide() {
        ResolvedPlan plan = optimize("select n_name, r_name from nation join region on n_regionkey = r_regionkey"
                + " where not exists (select * from supplier where s_nationkey = n_nationkey)");
        JoinNode anti = only(plan, JoinType.LEFT_ANTI);
        assertThat(scanned(anti.left())).isEqualTo("nation");
        assertThat(find(only(plan, JoinType.INNER), JoinNode.class)).contains(anti);
    }

    @Test
    void aConditionReadingBothSidesStaysAboveTheJoin() {
        ResolvedPlan plan = optimize("select n_name, r_name from nation join region on n_regionkey = r_regionkey"
                + " where exists (select * from supplier where s_nationkey = n_nationkey and s_suppkey = r_regionkey)");
        JoinNode semi = only(plan, JoinType.LEFT_SEMI);
        assertThat(find(semi.left(), JoinNode.class)).extracting(JoinNode::joinType).containsExactly(JoinType.INNER);
    }

    @Test
    void notIntoTheNullSuppliedSideOfAnOuterJoin() {
        ResolvedPlan plan = optimize("select n_name, r_name from nation left join region on n_regionkey = r_regionkey"
                + " where r_name in (select s_name from supplier)");
        JoinNode semi = only(plan, JoinType.LEFT_SEMI);
        assertThat(find(semi.left(), JoinNode.class)).extracting(JoinNode::joinType)
                .containsExactly(JoinType.LEFT_OUTER);
    }
}
