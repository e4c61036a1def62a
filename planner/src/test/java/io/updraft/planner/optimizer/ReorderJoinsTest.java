package io.updraft.planner.optimizer;

import io.updraft.core.stats.ColumnRange;
import io.updraft.planner.Tpch;
import io.updraft.planner.TpchCatalog;
import io.updraft.planner.analysis.Analyzer;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.sql.SqlFrontEnd;
import io.updraft.planner.stats.SizeEstimatorRangesTest;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

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
    void columnRangesLetQ7StreamLineitemThroughItsSuppliersNationsFirst() {
        // l_shipdate in 1995..1996 keeps 2 of lineitem's ~7 years: 1.7 M rows, more than orders' 1.5 M, so lineitem
        // streams and meets supplier and nation (broadcast) before orders; with the fixed 1/3 per comparison
        // (0.67 M rows) orders would stream and lineitem be joined to it first.
        Map<String, Map<String, ColumnRange>> ranges = Map.of(
                "lineitem", Map.of("l_shipdate", new ColumnRange(8036, 10562)),
                "orders", Map.of("o_orderdate", new ColumnRange(8035, 10440)));
        ResolvedPlan withRanges = rule.apply(analyzed(TpchCatalog.sql(7), SizeEstimatorRangesTest.tables(ranges)));
        assertThat(find(withRanges, ScanNode.class)).extracting(ScanNode::relationName)
                .containsExactly("lineitem", "supplier", "nation", "orders", "customer", "nation");
        ResolvedPlan without = rule.apply(analyzed(TpchCatalog.sql(7), TpchCatalog.tables()));
        assertThat(find(without, ScanNode.class)).extracting(ScanNode::relationName).first().isEqualTo("orders");
    }

    private static ResolvedPlan analyzed(String sql, Map<String, LogicalPlan> tables) {
        return new EliminateSubqueryAliases().apply(new Analyzer().analyze(new SqlFrontEnd().parse(sql,
                Tpch.catalog(tables))));
    }

    @Test
    void doesNotFireOnTwoInputs() {
        ResolvedPlan plan = analyzeForRule("select * from nation, region where n_regionkey = r_regionkey");
        assertThat(rule.apply(plan)).isSameAs(plan);
    }

    @Test
    void q3JoinsOrdersToTheirFilteredCustomersBeforeLineitemMeetsThem() {
        // orders meet the BUILDING customers first (a tenth of them), so lineitem streams into one small input
        // instead of joining all matching orders first and customer after
        ResolvedPlan plan = rule.apply(analyzed(TpchCatalog.sql(3), SizeEstimatorRangesTest.tables(TPCH_RANGES)));
        JoinNode top = find(plan, JoinNode.class).get(0);
        assertThat(find(top.left(), ScanNode.class)).extracting(ScanNode::relationName).containsExactly("lineitem");
        assertThat(find(top.right(), ScanNode.class)).extracting(ScanNode::relationName)
                .containsExactlyInAnyOrder("orders", "customer");
    }

    @Test
    void q7JoinsOrdersCustomerAndTheirNationOnTheirOwn() {
        // the nation filter implied by the OR of names keeps two of 25: orders of French and German customers
        ResolvedPlan plan = rule.apply(analyzed(TpchCatalog.sql(7), SizeEstimatorRangesTest.tables(TPCH_RANGES)));
        JoinNode top = find(plan, JoinNode.class).get(0);
        List<String> right = find(top.right(), ScanNode.class).stream().map(ScanNode::relationName).toList();
        List<String> left = find(top.left(), ScanNode.class).stream().map(ScanNode::relationName).toList();
        assertThat(left.contains("orders") ? left : right).containsExactlyInAnyOrder("orders", "customer", "nation");
        assertThat(left.contains("orders") ? right : left).contains("lineitem");
    }

    @Test
    void q5KeepsItsLeftDeepPlanBecauseCustomerAndSupplierShareOnlyTheirNation() {
        // c_nationkey = s_nationkey has 25 values: joining orders, customer and supplier apart from lineitem
        // would multiply rows, so every input joins the lineitem stream in turn
        ResolvedPlan plan = rule.apply(analyzed(TpchCatalog.sql(5), SizeEstimatorRangesTest.tables(TPCH_RANGES)));
        for (JoinNode j : find(plan, JoinNode.class)) {
            assertThat(find(j.right(), ScanNode.class)).hasSize(1);
        }
        assertThat(find(plan, ScanNode.class)).extracting(ScanNode::relationName).first().isEqualTo("lineitem");
    }

    /** The key and date ranges of TPC-H SF 1 that the estimates read. */
    private static final Map<String, Map<String, ColumnRange>> TPCH_RANGES = Map.of(
            "lineitem", Map.of("l_shipdate", new ColumnRange(8036, 10562)),
            "orders", Map.of("o_orderdate", new ColumnRange(8035, 10440)),
            "customer", Map.of("c_nationkey", new ColumnRange(0, 24)),
            "supplier", Map.of("s_nationkey", new ColumnRange(0, 24)),
            "nation", Map.of("n_nationkey", new ColumnRange(0, 24)));
}
