package io.updraft.planner.analysis;

import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.ExpandNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.analyze;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnalyzerGroupingSetsTest {
    private static List<Object> groupingIds(ExpandNode expand) {
        return expand.projections().stream().map(p -> ((ConstantExpression) p.get(p.size() - 1)).value()).toList();
    }

    @Test
    void rollupExpandsEveryPrefixWithItsGroupingId() {
        ResolvedPlan plan = analyze("select n_regionkey, n_name, count(*) from nation group by rollup(n_regionkey, n_name)");
        ExpandNode expand = find(plan, ExpandNode.class).get(0);
        assertThat(groupingIds(expand)).containsExactly(0L, 1L, 3L);
        AggregateNode aggregate = (AggregateNode) plan;
        assertThat(ExpressionPrinter.explainList(aggregate.groupingExpressions()))
                .matches("\\[n_regionkey#\\d+L, n_name#\\d+, spark_grouping_id#\\d+L\\]");
        assertThat(plan.schema().fieldList().get(0).nullable()).isTrue();
    }

    @Test
    void cubeExpandsEverySubsetInSparksOrder() {
        ExpandNode expand = find(analyze("select count(*) from nation group by cube(n_regionkey, n_name)"),
                ExpandNode.class).get(0);
        assertThat(groupingIds(expand)).containsExactly(0L, 1L, 2L, 3L);
    }

    @Test
    void groupingSetsCombineWithPlainColumns() {
        ExpandNode expand = find(analyze("select count(*) from nation group by n_regionkey, grouping sets ((n_name), ())"),
                ExpandNode.class).get(0);
        assertThat(groupingIds(expand)).containsExactly(0L, 1L);
    }

    @Test
    void groupingAndGroupingIdReadTheGroupingIdColumn() {
        ResolvedPlan plan = analyze("select grouping(n_name) as g, grouping_id(n_regionkey, n_name) as gid, grouping_id()"
                + " from nation group by cube(n_regionkey, n_name)");
        assertThat(plan.schema().fieldList().get(0).dataType()).isEqualTo(DataTypes.IntegerType);
        assertThat(plan.schema().fieldList().get(1).dataType()).isEqualTo(DataTypes.LongType);
        assertThat(plan.schema().fieldNames()[2]).isEqualTo("grouping_id()");
        String gid = ExpressionPrinter.explain(((AggregateNode) plan).aggregateExpressions().get(1));
        assertThat(gid).contains("spark_grouping_id").contains("/ 2)").contains("% 2)");
    }

    @Test
    void aggregatesReadTheOriginalColumns() {
        AggregateNode aggregate = (AggregateNode) analyze("select n_regionkey, max(n_regionkey) from nation"
                + " group by rollup(n_regionkey)");
        String max = ExpressionPrinter.explain(aggregate.aggregateExpressions().get(1));
        String key = ExpressionPrinter.explain(aggregate.aggregateExpressions().get(0));
        assertThat(max).doesNotContain(key);
    }

    @Test
    void groupingWithoutGroupingSetsIsRejected() {
        assertThatThrownBy(() -> analyze("select grouping(n_name) from nation group by n_name"))
                .hasMessageStartingWith("[UNSUPPORTED_GROUPING_EXPRESSION]");
        assertThatThrownBy(() -> analyze("select grouping(n_comment) from nation group by rollup(n_name)"))
                .hasMessageStartingWith("[GROUPING_COLUMN_MISMATCH]");
    }
}
