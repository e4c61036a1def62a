package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;

class ReorderJoinsTest {
    private final ReorderJoins rule = new ReorderJoins();

    @Test
    void theLargestInputStreamsAndConnectedSmallInputsFollow() {
        ResolvedPlan analyzed = analyzeForRule("select n_name, sum(l_quantity) from nation, supplier, lineitem"
                + " where s_nationkey = n_nationkey and l_suppkey = s_suppkey group by n_name");
        ResolvedPlan reordered = rule.apply(analyzed);
        List<String> scans = find(reordered, ScanNode.class).stream().map(ScanNode::relationName).toList();
        assertThat(scans).as("left-deep, bottom-left first").containsExactly("lineitem", "supplier", "nation");
        JoinNode top = find(reordered, JoinNode.class).get(0);
        assertThat(find(top.left(), ScanNode.class)).extracting(ScanNode::relationName)
                .containsExactly("lineitem", "supplier");
        assertThat(find(top.left(), JoinNode.class).get(0).condition()).isNotNull();
        assertThat(reordered.output()).isEqualTo(analyzed.output());
    }

    @Test
    void inputsWithoutAnEqualityToTheOthersComeLast() {
        ResolvedPlan reordered = rule.apply(analyzeForRule("select count(*) from region, lineitem, orders"
                + " where l_orderkey = o_orderkey"));
        List<JoinNode> joins = find(reordered, JoinNode.class);
        assertThat(find(joins.get(0).right(), ScanNode.class)).extracting(ScanNode::relationName)
                .containsExactly("region");
        assertThat(joins.get(0).condition()).isNull();
    }

    @Test
    void doesNotFireOnTwoInputs() {
        ResolvedPlan plan = analyzeForRule("select * from nation, region where n_regionkey = r_regionkey");
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
