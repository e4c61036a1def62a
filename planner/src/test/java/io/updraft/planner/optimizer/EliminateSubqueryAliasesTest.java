package io.updraft.planner.optimizer;

import io.updraft.planner.Tpch;
import io.updraft.planner.analysis.Analyzer;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.resolved.plan.SubqueryAliasNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EliminateSubqueryAliasesTest {
    private final EliminateSubqueryAliases rule = new EliminateSubqueryAliases();

    @Test
    void removesAliases() {
        ResolvedPlan analyzed = new Analyzer().analyze(Tpch.lineitem());
        assertThat(analyzed).isInstanceOf(SubqueryAliasNode.class);
        ResolvedPlan optimized = rule.apply(analyzed);
        assertThat(optimized).isInstanceOf(ScanNode.class);
        assertThat(((ScanNode) optimized).relationName()).isEqualTo("lineitem");
    }

    @Test
    void doesNotFireWithoutAliases() {
        ResolvedPlan analyzed = new Analyzer().analyze(Tpch.lineitemFile());
        assertThat(rule.apply(analyzed)).isSameAs(analyzed);
    }
}
