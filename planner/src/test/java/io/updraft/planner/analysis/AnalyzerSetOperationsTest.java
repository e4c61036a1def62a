package io.updraft.planner.analysis;

import io.updraft.planner.TpchCatalog;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.logical.Deduplicate;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Union;
import io.updraft.planner.resolved.plan.DeduplicateNode;
import io.updraft.planner.resolved.plan.DistinctNode;
import io.updraft.planner.resolved.plan.ExceptNode;
import io.updraft.planner.resolved.plan.IntersectNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.UnionNode;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.analyze;
import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnalyzerSetOperationsTest {
    private static LogicalPlan select(String table, Expression... columns) {
        return new Project(TpchCatalog.tables().get(table), List.of(columns));
    }

    @Test
    void unionWidensColumnTypesAndKeepsTheFirstChildsNames() {
        ResolvedPlan plan = analyze("select n_name, n_nationkey from nation union all select r_name, 1 from region");
        UnionNode union = (UnionNode) plan;
        assertThat(union.schema().fieldNames()).containsExactly("n_name", "n_nationkey");
        assertThat(union.schema().fieldList().get(1).dataType()).isEqualTo(DataTypes.LongType);
        assertThat(union.children().get(1)).isInstanceOf(ProjectNode.class);
        assertThat(union.children().get(1).output().get(1).dataType()).isEqualTo(DataTypes.LongType);
    }

    @Test
    void sqlUnionIsDistinct() {
        assertThat(analyze("select n_name from nation union select r_name from region")).isInstanceOf(DistinctNode.class);
    }

    @Test
    void childrenOfDifferentWidthsAreRejected() {
        assertThatThrownBy(() -> analyze("select n_name, n_nationkey from nation union all select r_name from region"))
                .hasMessageStartingWith("[NUM_COLUMNS_MISMATCH] UNION can only be performed on inputs with the same"
                        + " number of columns, but the first input has 2 columns and the second input has 1 columns.");
    }

    @Test
    void incompatibleColumnTypesAreRejected() {
        assertThatThrownBy(() -> analyze("select o_orderdate from orders intersect select o_shippriority = 1 from orders"))
                .hasMessageStartingWith("[INCOMPATIBLE_COLUMN_TYPE] INTERSECT can only be performed on tables with"
                        + " compatible column types. The first column of the second table is \"BOOLEAN\" type");
    }

    @Test
    void unionByNameMatchesColumnsByName() {
        LogicalPlan left = select("nation", col("n_name"), new Alias(col("n_nationkey"), "k"));
        LogicalPlan right = select("region", new Alias(col("r_regionkey"), "k"), new Alias(col("r_name"), "n_name"));
        ResolvedPlan plan = new Analyzer().analyze(new Union(List.of(left, right), true, false));
        UnionNode union = (UnionNode) plan;
        assertThat(union.children().get(1).schema().fieldNames()).containsExactly("n_name", "k");
    }

    @Test
    void unionByNameWithMissingColumnsFillsNulls() {
        LogicalPlan left = select("nation", col("n_name"));
        LogicalPlan right = select("region", new Alias(col("r_name"), "n_name"), new Alias(lit(1), "extra"));
        UnionNode union = (UnionNode) new Analyzer().analyze(new Union(List.of(left, right), true, true));
        assertThat(union.schema().fieldNames()).containsExactly("n_name", "extra");
        assertThat(union.schema().fieldList().get(1).nullable()).isTrue();
        assertThatThrownBy(() -> new Analyzer().analyze(new Union(List.of(left, right), true, false)))
                .hasMessageStartingWith("[NUM_COLUMNS_MISMATCH]");
    }

    @Test
    void intersectAndExceptKeepTheirAllFlag() {
        assertThat(((IntersectNode) analyze("select n_name from nation intersect all select r_name from region")).all())
                .isTrue();
        assertThat(((ExceptNode) analyze("select n_name from nation except select r_name from region")).all()).isFalse();
    }

    @Test
    void dropDuplicatesResolvesItsColumns() {
        DeduplicateNode node = (DeduplicateNode) new Analyzer().analyze(new Deduplicate(
                TpchCatalog.tables().get("nation"), List.of("N_REGIONKEY")));
        assertThat(node.keys()).extracting(a -> a.name()).containsExactly("n_regionkey");
        assertThat(node.schema().fieldNames()).hasSize(4);
        assertThatThrownBy(() -> new Analyzer().analyze(new Deduplicate(TpchCatalog.tables().get("nation"),
                List.of("nope")))).hasMessageStartingWith("[UNRESOLVED_COLUMN.WITH_SUGGESTION]");
    }
}
