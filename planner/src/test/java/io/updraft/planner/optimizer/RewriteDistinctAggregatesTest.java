package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.ExpandNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static org.assertj.core.api.Assertions.assertThat;

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
    void twoDistinctColumnsGoThroughAnExpand() {
        ResolvedPlan analyzed = analyzeForRule("select o_orderstatus, count(distinct o_custkey) as c, count(distinct"
                + " o_clerk) as k, sum(o_totalprice) as s from orders group by o_orderstatus");
        AggregateNode second = (AggregateNode) rule.apply(analyzed);
        AggregateNode first = (AggregateNode) second.child();
        ExpandNode expand = (ExpandNode) first.child();
        // one projection for the regular aggregates (gid 0), one per distinct argument list
        assertThat(expand.projections()).hasSize(3);
        assertThat(expand.schema().fieldNames()).containsExactly("o_orderstatus", "gid", "o_custkey", "o_clerk",
                "o_totalprice");
        assertThat(first.groupingExpressions()).extracting(ExpressionPrinter::pretty)
                .containsExactly("o_orderstatus", "gid", "o_custkey", "o_clerk");
        assertThat(second.aggregateExpressions()).extracting(ExpressionPrinter::pretty).containsExactly(
                "o_orderstatus", "count(CASE WHEN (gid = 1) THEN o_custkey END)",
                "count(CASE WHEN (gid = 2) THEN o_clerk END)",
                "first(CASE WHEN (gid = 0) THEN sum(o_totalprice) END)"); // ignoring nulls: names leave it out, as Spark
        assertThat(second.output()).isEqualTo(analyzed.output());
    }

    @Test
    void countDistinctOfSeveralColumnsCountsTheTuplesWithoutANull() {
        AggregateNode second = (AggregateNode) rule.apply(analyzeForRule(
                "select count(distinct o_custkey, o_clerk) as c from orders"));
        assertThat(second.child()).isInstanceOf(AggregateNode.class);
        assertThat(((AggregateNode) second.child()).child()).isInstanceOf(ExpandNode.class);
        assertThat(second.aggregateExpressions()).extracting(ExpressionPrinter::pretty).containsExactly(
                "count(CASE WHEN ((o_custkey IS NULL) OR (o_clerk IS NULL)) THEN NULL ELSE CASE WHEN (gid = 1) THEN 1"
                        + " END END)");
    }

    @Test
    void aDistinctAggregateWithAFilterGoesThroughAnExpand() {
        AggregateNode second = (AggregateNode) rule.apply(analyzeForRule(
                "select count(distinct o_custkey) filter (where o_totalprice > 1000) as c from orders"));
        assertThat(((AggregateNode) second.child()).child()).isInstanceOf(ExpandNode.class);
    }

    @Test
    void doesNotFireWithoutDistinct() {
        ResolvedPlan plan = analyzeForRule("select count(o_custkey) from orders");
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
