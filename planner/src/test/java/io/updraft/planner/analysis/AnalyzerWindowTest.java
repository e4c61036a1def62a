package io.updraft.planner.analysis;

import io.updraft.planner.TpchCatalog;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.WindowExpr;
import io.updraft.core.plan.FrameBound;
import io.updraft.core.plan.FrameType;
import io.updraft.core.plan.WindowFrame;
import io.updraft.planner.logical.Project;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.WindowExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.WindowNode;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.analyze;
import static io.updraft.planner.TestQueries.find;
import static io.updraft.planner.Tpch.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnalyzerWindowTest {
    private static WindowExpression window(WindowNode node) {
        return (WindowExpression) node.windowExpressions().get(0).child();
    }

    @Test
    void windowFunctionsAreExtractedIntoAWindowNodeUnderAProject() {
        ResolvedPlan plan = analyze("select n_name, rank() over (partition by n_regionkey order by n_name) as r from nation");
        assertThat(plan).isInstanceOf(ProjectNode.class);
        WindowNode node = (WindowNode) ((ProjectNode) plan).child();
        assertThat(node.windowExpressions()).extracting(a -> a.name()).containsExactly("r");
        assertThat(ExpressionPrinter.explainList(node.partitionSpec())).isEqualTo("[n_regionkey#2L]");
        assertThat(window(node).frame()).isEqualTo(WindowFrame.rows(WindowFrame.UNBOUNDED_PRECEDING, 0));
        assertThat(plan.schema().fieldList().get(1).dataType()).isEqualTo(DataTypes.IntegerType);
        assertThat(plan.schema().fieldList().get(1).nullable()).isFalse();
    }

    @Test
    void eachWindowSpecificationGetsItsOwnNode() {
        ResolvedPlan plan = analyze("select row_number() over (order by n_name), sum(n_nationkey) over (partition by"
                + " n_regionkey), count(*) over (order by n_name) from nation");
        List<WindowNode> windows = find(plan, WindowNode.class);
        assertThat(windows).hasSize(2);
        assertThat(windows.get(1).windowExpressions()).hasSize(2);
    }

    @Test
    void defaultFramesFollowSpark() {
        WindowExpression ordered = window(find(analyze("select sum(n_nationkey) over (order by n_name) from nation"),
                WindowNode.class).get(0));
        assertThat(ordered.frame()).isEqualTo(WindowFrame.range(WindowFrame.UNBOUNDED_PRECEDING, 0));
        WindowExpression unordered = window(find(analyze("select sum(n_nationkey) over (partition by n_regionkey)"
                + " from nation"), WindowNode.class).get(0));
        assertThat(unordered.frame()).isEqualTo(WindowFrame.rows(WindowFrame.UNBOUNDED_PRECEDING,
                WindowFrame.UNBOUNDED_FOLLOWING));
        WindowExpression lead = window(find(analyze("select lead(n_name, 2) over (order by n_nationkey) from nation"),
                WindowNode.class).get(0));
        assertThat(lead.frame()).isEqualTo(WindowFrame.rows(2, 2));
        assertThat(ExpressionPrinter.pretty(lead.function())).isEqualTo("lead(n_name, 2, NULL)");
    }

    @Test
    void explicitFramesAreKept() {
        WindowExpression w = window(find(analyze("select avg(n_nationkey) over (order by n_nationkey rows between 2"
                + " preceding and 1 following) from nation"), WindowNode.class).get(0));
        assertThat(w.frame()).isEqualTo(new WindowFrame(FrameType.ROWS,
                FrameBound.preceding(2).spelled(FrameBound.Spelling.PRECEDING),
                FrameBound.following(1).spelled(FrameBound.Spelling.FOLLOWING)));
        // the rows are the Column API's rowsBetween(-2, 1); the name keeps SQL's spelling, as Spark's
        assertThat(w.frame().sql()).isEqualTo("ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING");
        assertThat(WindowFrame.rows(-2, 1).sql()).isEqualTo("ROWS BETWEEN -2 FOLLOWING AND 1 FOLLOWING");
    }

    @Test
    void windowsOverAnAggregationReadTheAggregatesOutput() {
        ResolvedPlan plan = analyze("select n_regionkey, sum(n_nationkey) as s, rank() over (order by sum(n_nationkey)"
                + " desc) as r from nation group by n_regionkey");
        WindowNode window = find(plan, WindowNode.class).get(0);
        assertThat(window.child()).isInstanceOf(AggregateNode.class);
        assertThat(ExpressionPrinter.explainOrder(window.orderSpec().get(0))).startsWith("s#");
        assertThat(plan.schema().fieldNames()).containsExactly("n_regionkey", "s", "r");
    }

    @Test
    void datasetWindowExpressionsResolveTheSame() {
        WindowExpr rowNumber = new WindowExpr(new FunctionCall("row_number", List.of(), false), List.of(col("n_regionkey")),
                List.of(SortOrderExpr.asc(col("n_name"))), null);
        ResolvedPlan plan = new Analyzer().analyze(new Project(TpchCatalog.tables().get("nation"),
                List.of(col("n_name"), rowNumber)));
        assertThat(plan.schema().fieldNames()).containsExactly("n_name",
                "row_number() OVER (PARTITION BY n_regionkey ORDER BY n_name ASC NULLS FIRST ROWS BETWEEN UNBOUNDED"
                        + " PRECEDING AND CURRENT ROW)");
    }

    @Test
    void rankingNeedsAnOrder() {
        assertThatThrownBy(() -> analyze("select rank() over (partition by n_regionkey) from nation"))
                .hasMessageStartingWith("[WINDOW_FUNCTION_AND_FRAME_MISMATCH] \"rank()\" requires the window to be"
                        + " ordered");
    }

    @Test
    void windowFunctionsNeedAnOverClause() {
        assertThatThrownBy(() -> analyze("select row_number() from nation"))
                .hasMessageStartingWith("[WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE]");
    }

    @Test
    void windowFunctionsAreNotAllowedInWhere() {
        assertThatThrownBy(() -> analyze("select n_name from nation where rank() over (order by n_name) = 1"))
                .hasMessageStartingWith("[UNSUPPORTED_EXPR_FOR_OPERATOR]").hasMessageContaining("in WHERE");
    }

    @Test
    void rangeFramesWithOffsetsNeedOneNumericOrderKey() {
        assertThatThrownBy(() -> analyze("select sum(n_nationkey) over (order by n_name range between 1 preceding"
                + " and current row) from nation"))
                .hasMessageStartingWith("[DATATYPE_MISMATCH.RANGE_FRAME_INVALID_TYPE]");
    }

    @Test
    void functionsTheEngineCannotWindowAreRejected() {
        assertThatThrownBy(() -> analyze("select cume_dist() over (order by n_name) from nation"))
                .hasMessageStartingWith("[UNSUPPORTED_FEATURE]");
        assertThatThrownBy(() -> analyze("select stddev(n_nationkey) over (order by n_name) from nation"))
                .hasMessageStartingWith("[UNSUPPORTED_FEATURE]");
    }
}
