package io.updraft.planner.optimizer;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.expr.SubqueryExpression;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
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
        // The subquery is read twice; the anti join's copy has ids of its own.
        assertThat(joins.get(0).right().output().get(0).id())
                .isNotEqualTo(counts.child().output().get(0).id());
        assertThat(plan.schema().fieldNames()).containsExactly("n_name");
    }

    /** Neither side can be null (IS NOT NULL below both): NOT IN is a plain anti join, as NOT EXISTS. */
    @Test
    void notInOverNonNullableColumnsIsAPlainAntiJoin() {
        JoinNode join = onlyJoin("select n_name from (select * from nation where n_regionkey is not null) n"
                + " where n_regionkey not in (select r_regionkey from region where r_regionkey is not null)");
        assertThat(join.joinType()).isEqualTo(JoinType.LEFT_ANTI);
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("(n_regionkey = r_regionkey)");
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
    void existsUnderOrBecomesACountJoin() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select n_name from nation where n_nationkey = 1 or exists"
                + " (select * from region)"));
        assertThat(find(plan, JoinNode.class)).extracting(JoinNode::joinType).containsExactly(JoinType.LEFT_OUTER);
        assertThat(plan.output()).extracting(a -> a.name()).containsExactly("n_name");
        assertThat(Plans.anyExpression(plan, x -> x instanceof SubqueryExpression)).isFalse();
    }

    @Test
    void correlatedExistsInTheSelectListIsAnExistenceJoinOverAGroupedCount() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select c_custkey, exists (select 1 from orders where"
                + " o_custkey = c_custkey) as buyer from customer"));
        JoinNode join = find(plan, JoinNode.class).get(0);
        assertThat(join.joinType()).isEqualTo(JoinType.LEFT_OUTER);
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("(o_custkey = c_custkey)");
        AggregateNode counts = find(join.right(), AggregateNode.class).get(0);
        // Grouped by the correlation key: at most one match per outer row, so no row is duplicated.
        assertThat(counts.groupingExpressions()).extracting(ExpressionPrinter::pretty).containsExactly("o_custkey");
        assertThat(plan.output()).extracting(a -> a.name()).containsExactly("c_custkey", "buyer");
        assertThat(plan.output().get(1).nullable()).isFalse();
        assertThat(Plans.anyExpression(plan, x -> x instanceof SubqueryExpression)).isFalse();
    }

    @Test
    void existsInsideAnAggregateArgumentIsComputedBelowTheAggregate() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select sum(case when exists (select 1 from orders where"
                + " o_custkey = c_custkey) then 1 else 0 end) as buyers, count(*) as customers from customer"));
        AggregateNode top = (AggregateNode) find(plan, AggregateNode.class).get(0);
        assertThat(top.groupingExpressions()).isEmpty();
        assertThat(find(top.child(), JoinNode.class)).extracting(JoinNode::joinType)
                .containsExactly(JoinType.LEFT_OUTER);
        assertThat(Plans.anyExpression(plan, x -> x instanceof SubqueryExpression)).isFalse();
    }

    @Test
    void inInTheSelectListIsAnExistenceJoinOnTheValue() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select n_nationkey, n_nationkey in (select nullif(r_regionkey,"
                + " 4) from region) as in_sub from nation"));
        JoinNode join = find(plan, JoinNode.class).get(0);
        assertThat(join.joinType()).isEqualTo(JoinType.LEFT_OUTER);
        assertThat(ExpressionPrinter.pretty(join.condition())).startsWith("(nullif(").endsWith("= n_nationkey)");
        assertThat(Plans.anyExpression(plan, x -> x instanceof SubqueryExpression)).isFalse();
        // Spark's existence join: false, never null, when nothing matches.
        assertThat(plan.output().get(1).nullable()).isFalse();
    }

    @Test
    void nullableNotInInTheSelectListReadsTheSubqueryTwice() {
        ResolvedPlan plan = rule.apply(analyzeForRule("select n_nationkey, n_nationkey not in (select"
                + " nullif(r_regionkey, 4) from region) as out_sub from nation"));
        List<JoinNode> joins = find(plan, JoinNode.class);
        // One join for the matches (grouped by the subquery's value), one for its emptiness and nulls (joined once
        // although read twice in the condition).
        assertThat(joins).extracting(JoinNode::joinType).containsExactly(JoinType.LEFT_OUTER, JoinType.LEFT_OUTER);
        assertThat(Plans.anyExpression(plan, x -> x instanceof SubqueryExpression)).isFalse();
        // The subquery is read twice; the copy has ids of its own.
        assertThat(joins.get(0).right().output().get(0).id()).isNotEqualTo(joins.get(1).right().output().get(0).id());
    }

    @Test
    void correlatedNullableNotInOutsideAConjunctIsNotSupported() {
        assertThatThrownBy(() -> rule.apply(analyzeForRule("select n_name, n_regionkey not in (select"
                + " nullif(r_regionkey, 4) from region where r_name = n_name) from nation")))
                .hasMessageStartingWith("[UNSUPPORTED_FEATURE]");
    }

    @Test
    void doesNotFireWithoutSubqueries() {
        ResolvedPlan plan = analyzeForRule("select n_name from nation where n_nationkey = 1");
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
