package io.updraft.planner.analysis;

import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.InSubqueryExpression;
import io.updraft.planner.resolved.expr.OuterReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.expr.ScalarSubqueryExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.updraft.planner.TestQueries.analyze;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnalyzerSubqueryTest {
    private static <T extends ResolvedExpression> List<T> expressions(ResolvedPlan plan, Class<T> type) {
        List<T> out = new ArrayList<>();
        Plans.forEach(plan, n -> Plans.expressions(n).forEach(e -> Expressions.anyMatch(e, x -> {
            if (type.isInstance(x)) {
                out.add(type.cast(x));
            }
            return false;
        })));
        return out;
    }

    @Test
    void correlatedColumnsBecomeOuterReferences() {
        ResolvedPlan plan = analyze("select n_name from nation where exists (select * from region where r_regionkey ="
                + " n_regionkey)");
        FilterNode filter = find(plan, FilterNode.class).get(0);
        ResolvedPlan subquery = ((io.updraft.planner.resolved.expr.ExistsExpression) filter.condition()).plan();
        List<OuterReference> outer = expressions(subquery, OuterReference.class);
        assertThat(outer).extracting(o -> o.attribute().name()).containsExactly("n_regionkey");
    }

    @Test
    void localNamesWinOverOuterOnes() {
        ResolvedPlan plan = analyze("select n_name from nation a where n_nationkey in (select n_regionkey from nation b"
                + " where n_name = 'X')");
        InSubqueryExpression in = expressions(plan, InSubqueryExpression.class).get(0);
        assertThat(expressions(in.plan(), OuterReference.class)).isEmpty();
    }

    @Test
    void scalarSubqueriesReturnOneColumn() {
        ResolvedPlan plan = analyze("select n_name, (select max(r_name) from region) from nation");
        ScalarSubqueryExpression s = expressions(plan, ScalarSubqueryExpression.class).get(0);
        assertThat(s.dataType()).isEqualTo(DataTypes.StringType);
        assertThat(plan.schema().fieldNames()[1]).isEqualTo("scalarsubquery()");
        assertThatThrownBy(() -> analyze("select n_name from nation where n_nationkey = (select r_regionkey, r_name"
                + " from region)")).hasMessageStartingWith(
                "[INVALID_SUBQUERY_EXPRESSION.SCALAR_SUBQUERY_RETURN_MORE_THAN_ONE_OUTPUT_COLUMN]");
    }

    @Test
    void inSubqueryValuesAndColumnsAreCoercedTogether() {
        ResolvedPlan plan = analyze("select n_name from nation where n_nationkey in (select p_size from part)");
        InSubqueryExpression in = expressions(plan, InSubqueryExpression.class).get(0);
        assertThat(in.plan()).isInstanceOf(ProjectNode.class);
        assertThat(in.plan().output().get(0).dataType()).isEqualTo(DataTypes.LongType);
        assertThatThrownBy(() -> analyze("select n_name from nation where n_nationkey in (select p_size, p_name from"
                + " part)")).hasMessageStartingWith("[DATATYPE_MISMATCH.IN_SUBQUERY_LENGTH_MISMATCH]");
    }

    @Test
    void unknownColumnsInSubqueriesNameTheSubquerysColumns() {
        assertThatThrownBy(() -> analyze("select n_name from nation where exists (select * from region where"
                + " r_nope = 1)")).hasMessageStartingWith("[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable,"
                + " or function parameter with name `r_nope` cannot be resolved.");
    }
}
