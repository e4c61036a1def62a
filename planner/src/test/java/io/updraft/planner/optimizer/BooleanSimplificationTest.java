package io.updraft.planner.optimizer;

import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import org.junit.jupiter.api.Test;

import static io.updraft.planner.TestQueries.analyzeForRule;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;

class BooleanSimplificationTest {
    private final BooleanSimplification rule = new BooleanSimplification();

    private String where(String condition) {
        ResolvedPlan plan = rule.apply(analyzeForRule("select * from part, lineitem where " + condition));
        return ExpressionPrinter.pretty(find(plan, FilterNode.class).get(0).condition());
    }

    @Test
    void commonConjunctsOfADisjunctionAreFactoredOut() {
        assertThat(where("(p_partkey = l_partkey and p_size = 1) or (p_partkey = l_partkey and p_size = 2)"))
                .isEqualTo("((p_partkey = l_partkey) AND ((p_size = 1) OR (p_size = 2)))");
        assertThat(where("(p_size = 1) or (p_size = 1 and l_tax > 0)")).isEqualTo("(p_size = 1)");
    }

    @Test
    void negationsAndConstantsSimplify() {
        assertThat(where("not (p_size < 5)")).isEqualTo("(p_size >= 5)");
        assertThat(where("not (p_name is null)")).isEqualTo("(p_name IS NOT NULL)");
        assertThat(where("true and p_size = 1")).isEqualTo("(p_size = 1)");
        assertThat(where("p_size = 1 or false")).isEqualTo("(p_size = 1)");
        assertThat(where("p_size = 1 and p_size = 1")).isEqualTo("(p_size = 1)");
    }

    @Test
    void doesNotFireOnSimpleConjunctions() {
        ResolvedPlan plan = analyzeForRule("select * from part where p_size = 1 and p_name like 'a%'");
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
