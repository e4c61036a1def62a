package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.Tpch;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Project;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.lit;
import static org.assertj.core.api.Assertions.assertThat;

class ColumnPruningTest {
    private final ColumnPruning rule = new ColumnPruning();

    private static List<String> names(List<AttributeReference> attributes) {
        return attributes.stream().map(AttributeReference::name).toList();
    }

    @Test
    void theScanReadsOnlyWhatTheQueryUses() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(new Filter(Tpch.lineitemFile(),
                Tpch.cmp(CompareOp.LESS_THAN, col("l_quantity"), lit(24))), List.of(col("l_tax"))));
        ProjectNode project = (ProjectNode) rule.apply(plan);
        ScanNode scan = (ScanNode) ((FilterNode) project.child()).child();
        assertThat(names(scan.output())).containsExactly("l_quantity", "l_tax");
    }

    @Test
    void aggregatesGetANarrowingProjectionAboveTheFilter() {
        AggregateNode aggregate = (AggregateNode) ((io.updraft.planner.resolved.plan.SortNode)
                rule.apply(RuleTestSupport.analyze(Tpch.q1Dataset()))).child();
        ProjectNode narrowing = (ProjectNode) aggregate.child();
        assertThat(names(narrowing.output())).containsExactly("l_quantity", "l_extendedprice", "l_discount", "l_tax",
                "l_returnflag", "l_linestatus");
        ScanNode scan = (ScanNode) ((FilterNode) narrowing.child()).child();
        assertThat(names(scan.output())).containsExactly("l_quantity", "l_extendedprice", "l_discount", "l_tax",
                "l_returnflag", "l_linestatus", "l_shipdate");
    }

    @Test
    void countReadsNoColumn() {
        ResolvedPlan plan = RuleTestSupport.analyze(DefaultQueryPlanner.countPlan(Tpch.lineitemFile()));
        AggregateNode aggregate = (AggregateNode) rule.apply(plan);
        assertThat(((ScanNode) aggregate.child()).output()).isEmpty();
    }

    @Test
    void unusedAggregateOutputsAreDroppedUnderACount() {
        ResolvedPlan plan = RuleTestSupport.analyze(DefaultQueryPlanner.countPlan(Tpch.q1Dataset()));
        String text = io.updraft.planner.explain.ResolvedPlanPrinter.print(rule.apply(plan));
        assertThat(text).doesNotContain("sum_qty").contains("Relation lineitem[l_returnflag#8,l_linestatus#9,l_shipdate#10]");
    }

    @Test
    void doesNotFireWhenEverythingIsNeeded() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Filter(Tpch.lineitemFile(),
                Tpch.cmp(CompareOp.LESS_THAN, col("l_quantity"), lit(24))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }

    @Test
    void joinSidesReadOnlyTheirOutputAndConditionColumns() {
        ResolvedPlan pruned = rule.apply(io.updraft.planner.TestQueries.analyzeForRule(
                "select n_name from nation join region on n_regionkey = r_regionkey"));
        List<ScanNode> scans = io.updraft.planner.TestQueries.find(pruned, ScanNode.class);
        assertThat(names(scans.get(0).output())).containsExactly("n_name", "n_regionkey");
        assertThat(names(scans.get(1).output())).containsExactly("r_regionkey");
    }

    @Test
    void aJoinSideWithFilterOnlyColumnsIsNarrowedByAProjection() {
        ResolvedPlan pruned = rule.apply(io.updraft.planner.TestQueries.analyzeForRule(
                "select n_name from (select * from nation where n_comment like 'a%') n join region"
                        + " on n_regionkey = r_regionkey"));
        io.updraft.planner.resolved.plan.JoinNode join = io.updraft.planner.TestQueries.find(pruned,
                io.updraft.planner.resolved.plan.JoinNode.class).get(0);
        assertThat(names(join.left().output())).containsExactly("n_name", "n_regionkey");
    }

    @Test
    void unionColumnsNobodyReadsAreDroppedInEveryChild() {
        ResolvedPlan pruned = rule.apply(io.updraft.planner.TestQueries.analyzeForRule(
                "select n from (select n_name as n, n_comment as c from nation union all select r_name, r_comment"
                        + " from region)"));
        io.updraft.planner.resolved.plan.UnionNode union = io.updraft.planner.TestQueries.find(pruned,
                io.updraft.planner.resolved.plan.UnionNode.class).get(0);
        assertThat(union.children()).allSatisfy(c -> assertThat(c.output()).hasSize(1));
    }

    @Test
    void unusedWindowFunctionsAreDropped() {
        ResolvedPlan pruned = rule.apply(io.updraft.planner.TestQueries.analyzeForRule(
                "select n_name from (select n_name, rank() over (order by n_nationkey) as r from nation)"));
        assertThat(io.updraft.planner.TestQueries.find(pruned, io.updraft.planner.resolved.plan.WindowNode.class))
                .isEmpty();
    }
}
