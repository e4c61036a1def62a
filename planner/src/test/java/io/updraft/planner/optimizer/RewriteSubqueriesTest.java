package io.updraft.planner.optimizer;

import io.updraft.planner.logical.JoinType;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RewriteSubqueriesTest {
    private final RewriteSubqueries rule = new RewriteSubqueries();

    private JoinNode onlyJoin(String sql) {
        List<JoinNode> joins = find(rule.apply(analyzeForRule(sql)), JoinNode.class);
        assertThat(joins).hasSize(1);
        return joins.get(0);
    }

    @Test
    void correlatedExistsBecomesASemiJoinOnThePulledUpPredicate() {
        JoinNode join = onlyJoin("select n_name from nation where exists (select * from region where r_regionkey ="
                + " n_regionkey and r_name like 'A%')");
        assertThat(join.joinType()).isEqualTo(JoinType.LEFT_SEMI);
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("(r_regionkey = n_regionkey)");
        assertThat(ExpressionPrinter.pretty(find(join.right(), io.updraft.planner.resolved.plan.FilterNode.class)
                .get(0).condition())).isEqualTo("like(r_name, A%)");
    }

    @Test
    void notExistsBecomesAnAntiJoin() {
        assertThat(onlyJoin("select n_name from nation where not exists (select * from region where r_regionkey ="
                + " n_regionkey)").joinType()).isEqualTo(JoinType.LEFT_ANTI);
    }

    @Test
    void inBecomesASemiJoinOnTheValue() {
        JoinNode join = onlyJoin("select n_name from nation where n_regionkey in (select r_regionkey from region)");
        assertThat(join.joinType()).isEqualTo(JoinType.LEFT_SEMI);
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("(n_regionkey = r_regionkey)");
    }

    @Test
    void uncorrelatedNotInIsNullAware() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select n_name from nation where n_regionkey not in"
                + " (select r_regionkey from region)"));
        List<JoinNode> joins = find(plan, JoinNode.class);
        assertThat(joins).extracting(JoinNode::joinType).containsExactly(JoinType.LEFT_ANTI, JoinType.CROSS);
        assertThat(ExpressionPrinter.pretty(joins.get(0).condition())).isEqualTo("(n_regionkey = r_regionkey)");
        AggregateNode counts = (AggregateNode) joins.get(1).right();
        assertThat(counts.schema().fieldNames()).containsExactly("count(1)", "count(r_regionkey)");
        assertThat(plan.schema().fieldNames()).containsExactly("n_name");
    }

    @Test
    void multiColumnNotInUsesTheOrIsNullCondition() {
        JoinNode join = onlyJoin("select n_name from nation where (n_regionkey, n_name) not in"
                + " (select r_regionkey, r_name from region)");
        assertThat(join.joinType()).isEqualTo(JoinType.LEFT_ANTI);
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("(((n_regionkey = r_regionkey) OR"
                + " ((n_regionkey = r_regionkey) IS NULL)) AND ((n_name = r_name) OR ((n_name = r_name) IS NULL)))");
    }

    @Test
    void correlatedScalarSubqueryBecomesALeftOuterJoinWithAGroupedAggregate() {
        JoinNode join = onlyJoin("select p_name from part where p_retailprice > (select avg(ps_supplycost) from"
                + " partsupp where ps_partkey = p_partkey)");
        assertThat(join.joinType()).isEqualTo(JoinType.LEFT_OUTER);
        AggregateNode aggregate = (AggregateNode) join.right();
        assertThat(ExpressionPrinter.pretty(aggregate.groupingExpressions().get(0))).isEqualTo("ps_partkey");
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("(ps_partkey = p_partkey)");
    }

    @Test
    void countSubqueriesKeepZeroForUnmatchedRows() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select p_name from part where 2 < (select count(*) from partsupp"
                + " where ps_partkey = p_partkey)"));
        String filter = ExpressionPrinter.pretty(find(plan, io.updraft.planner.resolved.plan.FilterNode.class).get(0)
                .condition());
        assertThat(filter).isEqualTo("(2 < CASE WHEN (alwaysTrue IS NULL) THEN 0 ELSE count(1) END)");
    }

    @Test
    void scalarSubqueriesInTheSelectListJoinToo() {
        JoinNode join = onlyJoin("select n_name, (select max(r_name) from region) from nation");
        assertThat(join.joinType()).isEqualTo(JoinType.LEFT_OUTER);
        assertThat(join.condition()).isNull();
    }

    @Test
    void existsUnderOrIsNotSupported() {
        assertThatThrownBy(() -> rule.apply(analyzeForRule("select n_name from nation where n_nationkey = 1 or exists"
                + " (select * from region)"))).hasMessageStartingWith("[UNSUPPORTED_FEATURE]");
    }

    @Test
    void doesNotFireWithoutSubqueries() {
        ResolvedPlan plan = analyzeForRule("select n_name from nation where n_nationkey = 1");
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
