package io.updraft.planner.analysis;

import io.updraft.core.error.AnalysisException;
import io.updraft.planner.logical.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.TpchCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.analyze;
import static io.updraft.planner.TestQueries.find;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnalyzerJoinTest {
    private static List<String> names(ResolvedPlan plan) {
        return List.of(plan.schema().fieldNames());
    }

    @Test
    void onJoinSeesBothSidesAndQualifiedNames() {
        ResolvedPlan plan = analyze("select n.n_name, r.r_name from nation n join region r on n.n_regionkey = r.r_regionkey");
        JoinNode join = find(plan, JoinNode.class).get(0);
        assertThat(join.joinType()).isEqualTo(JoinType.INNER);
        assertThat(ExpressionPrinter.pretty(join.condition())).isEqualTo("(n_regionkey = r_regionkey)");
        assertThat(names(plan)).containsExactly("n_name", "r_name");
    }

    @Test
    void aNameOnBothSidesIsAmbiguousUnlessQualified() {
        assertThatThrownBy(() -> analyze("select n_name from nation a join nation b on a.n_nationkey = b.n_nationkey"))
                .isInstanceOf(AnalysisException.class)
                .hasMessageStartingWith("[AMBIGUOUS_REFERENCE] Reference `n_name` is ambiguous, could be: [`a`.`n_name`, `b`.`n_name`].");
        assertThat(names(analyze("select a.n_name from nation a join nation b on a.n_nationkey = b.n_nationkey")))
                .containsExactly("n_name");
    }

    @Test
    void outerJoinsMakeTheNullSuppliedSideNullable() {
        ResolvedPlan left = analyze("select * from nation left join region on n_regionkey = r_regionkey");
        assertThat(left.schema().fieldList().stream().filter(f -> f.name().startsWith("r_")).allMatch(f -> f.nullable()))
                .isTrue();
        ResolvedPlan semi = analyze("select * from nation left semi join region on n_regionkey = r_regionkey");
        assertThat(names(semi)).containsExactly("n_nationkey", "n_name", "n_regionkey", "n_comment");
    }

    @Test
    void usingJoinOutputsTheKeyOnceFirst() {
        Join join = Join.using(new SubqueryAlias("a", TpchCatalog.tables().get("nation")),
                new SubqueryAlias("b", TpchCatalog.tables().get("nation")), JoinType.INNER, List.of("n_regionkey"));
        ResolvedPlan plan = new Analyzer().analyze(join);
        assertThat(names(plan)).containsExactly("n_regionkey", "n_nationkey", "n_name", "n_comment", "n_nationkey",
                "n_name", "n_comment");
        assertThat(plan).isInstanceOf(ProjectNode.class);
    }

    @Test
    void fullOuterUsingJoinCoalescesTheKeys() {
        ResolvedPlan plan = analyze("select * from nation n full outer join "
                + "(select r_regionkey as n_regionkey, r_name from region) r using (n_regionkey)");
        ProjectNode project = find(plan, ProjectNode.class).stream()
                .filter(p -> p.child() instanceof JoinNode).findFirst().orElseThrow();
        assertThat(ExpressionPrinter.pretty(project.projectList().get(0))).isEqualTo("coalesce(n_regionkey, n_regionkey)");
        assertThat(names(plan)).containsExactly("n_regionkey", "n_nationkey", "n_name", "n_comment", "r_name");
        assertThat(plan.schema().fieldList().get(0).nullable()).isTrue();
    }

    @Test
    void naturalJoinUsesEveryCommonName() {
        ResolvedPlan plan = analyze("select * from nation natural join (select n_nationkey, n_name as other from nation) x");
        assertThat(names(plan)).containsExactly("n_nationkey", "n_name", "n_regionkey", "n_comment", "other");
        assertThat(ExpressionPrinter.pretty(find(plan, JoinNode.class).get(0).condition()))
                .isEqualTo("(n_nationkey = n_nationkey)");
    }

    @Test
    void usingColumnMissingOnOneSideIsNamed() {
        assertThatThrownBy(() -> analyze("select * from nation join region using (n_regionkey)"))
                .hasMessageStartingWith("[UNRESOLVED_USING_COLUMN_FOR_JOIN] USING column `n_regionkey` cannot be"
                        + " resolved on the right side of the join. The right-side columns: [`r_regionkey`, `r_name`,"
                        + " `r_comment`].");
    }

    @Test
    void joinConditionMustBeBoolean() {
        assertThatThrownBy(() -> analyze("select * from nation join region on n_regionkey + r_regionkey"))
                .hasMessageStartingWith("[DATATYPE_MISMATCH.JOIN_CONDITION_IS_NOT_BOOLEAN_TYPE]");
    }

    @Test
    void commaJoinsAreInnerJoinsWithoutCondition() {
        JoinNode join = find(analyze("select * from nation, region where n_regionkey = r_regionkey"), JoinNode.class).get(0);
        assertThat(join.joinType()).isEqualTo(JoinType.INNER);
        assertThat(join.condition()).isNull();
    }

    @Test
    void selfJoinsResolveEachSideSeparately() {
        Join join = Join.using(TpchCatalog.tables().get("region"), TpchCatalog.tables().get("region"), JoinType.INNER,
                List.of("r_regionkey"));
        JoinNode node = find(new Analyzer().analyze(join), JoinNode.class).get(0);
        assertThat(node.left().output().get(0).id()).isNotEqualTo(node.right().output().get(0).id());
    }

    @Test
    void joinTypeNamesFollowSpark() {
        assertThat(JoinType.fromString("left_outer")).isEqualTo(JoinType.LEFT_OUTER);
        assertThat(JoinType.fromString("FullOuter")).isEqualTo(JoinType.FULL_OUTER);
        assertThat(JoinType.fromString("outer")).isEqualTo(JoinType.FULL_OUTER);
        assertThat(JoinType.fromString("semi")).isEqualTo(JoinType.LEFT_SEMI);
        assertThat(JoinType.fromString("leftanti")).isEqualTo(JoinType.LEFT_ANTI);
        assertThatThrownBy(() -> JoinType.fromString("sideways")).hasMessageStartingWith("Unsupported join type 'sideways'");
    }
}
