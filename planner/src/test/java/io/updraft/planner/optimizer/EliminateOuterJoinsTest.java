package io.updraft.planner.optimizer;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;

class EliminateOuterJoinsTest {
    private final EliminateOuterJoins rule = new EliminateOuterJoins();

    private JoinType typeAfter(String sql) {
        return find(rule.apply(analyzeForRule(sql)), JoinNode.class).get(0).joinType();
    }

    @Test
    void aFilterRejectingNullsOfTheNullSuppliedSideMakesTheJoinInner() {
        assertThat(typeAfter("select * from nation left join region on n_regionkey = r_regionkey where r_name = 'ASIA'"))
                .isEqualTo(JoinType.INNER);
        assertThat(typeAfter("select * from nation right join region on n_regionkey = r_regionkey"
                + " where upper(n_name) like 'A%'")).isEqualTo(JoinType.INNER);
        assertThat(typeAfter("select * from nation full join region on n_regionkey = r_regionkey"
                + " where r_regionkey > 1")).isEqualTo(JoinType.RIGHT_OUTER);
    }

    @Test
    void doesNotFireOnNullTolerantFilters() {
        ResolvedPlan plan = analyzeForRule("select * from nation left join region on n_regionkey = r_regionkey"
                + " where r_name is null or n_nationkey = 1");
        assertThat(rule.apply(plan)).isSameAs(plan);
        ResolvedPlan coalesce = analyzeForRule("select * from nation left join region on n_regionkey = r_regionkey"
                + " where coalesce(r_name, 'x') = 'x'");
        assertThat(rule.apply(coalesce)).isSameAs(coalesce);
    }
}
