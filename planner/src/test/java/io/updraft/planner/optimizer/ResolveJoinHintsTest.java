package io.updraft.planner.optimizer;

import io.updraft.planner.TpchCatalog;
import io.updraft.planner.analysis.Analyzer;
import io.updraft.planner.logical.Hint;
import io.updraft.planner.logical.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.plan.BroadcastHintNode;
import io.updraft.planner.resolved.plan.JoinHint;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;

class ResolveJoinHintsTest {
    private final ResolveJoinHints rule = new ResolveJoinHints();

    @Test
    void aBroadcastHintMarksItsJoinSideAndDisappears() {
        ResolvedPlan analyzed = new Analyzer().analyze(Join.on(TpchCatalog.tables().get("lineitem"),
                new Hint(TpchCatalog.tables().get("orders"), "broadcast"), JoinType.INNER, null));
        ResolvedPlan resolved = rule.apply(analyzed);
        assertThat(find(resolved, BroadcastHintNode.class)).isEmpty();
        assertThat(find(resolved, JoinNode.class).get(0).hint()).isEqualTo(new JoinHint(false, true));
    }

    @Test
    void otherHintsAreIgnoredAndTheRuleDoesNotFireWithoutHints() {
        ResolvedPlan analyzed = new Analyzer().analyze(Join.on(TpchCatalog.tables().get("lineitem"),
                new Hint(TpchCatalog.tables().get("orders"), "shuffle_hash"), JoinType.INNER, null));
        assertThat(rule.apply(analyzed)).isSameAs(analyzed);
        ResolvedPlan plain = analyzeForRule("select * from nation, region");
        assertThat(rule.apply(plain)).isSameAs(plain);
    }
}
