package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RewriteDistinctAggregatesTest {
    private final RewriteDistinctAggregates rule = new RewriteDistinctAggregates();

    @Test
    void oneDistinctColumnBecomesTwoAggregations() {
        ResolvedPlan analyzed = analyzeForRule("select o_orderstatus, count(distinct o_custkey) as c,"
                + " sum(o_totalprice) as s, avg(o_totalprice) as a from orders group by o_orderstatus");
        AggregateNode outer = (AggregateNode) rule.apply(analyzed);
        AggregateNode inner = (AggregateNode) outer.child();
        assertThat(inner.groupingExpressions()).extracting(ExpressionPrinter::pretty)
                .containsExactly("o_orderstatus", "o_custkey");
        assertThat(inner.schema().fieldNames()).containsExactly("o_orderstatus", "o_custkey", "sum(o_totalprice)",
                "sum(o_totalprice)", "count(o_totalprice)");
        assertThat(outer.aggregateExpressions()).extracting(ExpressionPrinter::pretty).containsExactly("o_orderstatus",
                "count(o_custkey)", "sum(sum(o_totalprice))", "(sum(sum(o_totalprice)) / sum(count(o_totalprice)))");
        assertThat(outer.output()).isEqualTo(analyzed.output());
    }

    @Test
    void twoDistinctColumnsAreNotSupportedYet() {
        assertThatThrownBy(() -> rule.apply(analyzeForRule("select count(distinct o_custkey), count(distinct"
                + " o_clerk) from orders"))).hasMessageStartingWith("[UNSUPPORTED_FEATURE]");
    }

    @Test
    void doesNotFireWithoutDistinct() {
        ResolvedPlan plan = analyzeForRule("select count(o_custkey) from orders");
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
