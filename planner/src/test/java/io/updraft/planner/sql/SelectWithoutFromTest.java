package io.updraft.planner.sql;

import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Stage;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.Project;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.updraft.planner.TestQueries.PLANNER;
import static io.updraft.planner.TestQueries.operators;
import static io.updraft.planner.TestQueries.optimize;
import static io.updraft.planner.TestQueries.parse;
import static org.assertj.core.api.Assertions.assertThat;

/** SELECT without FROM reads Spark's OneRowRelation: a global aggregate with no outputs over no files. */
class SelectWithoutFromTest {
    @Test
    void selectWithoutFromProjectsOverOneRowRelation() {
        Project project = (Project) parse("select 1 + 1 as two, 'x' as s");
        assertThat(project.child()).isEqualTo(QueryConverter.oneRowRelation());
        Aggregate one = (Aggregate) project.child();
        assertThat(one.groupingExpressions()).isEmpty();
        assertThat(one.aggregateExpressions()).isEmpty();
        FileRelation none = (FileRelation) one.child();
        assertThat(none.source().files()).isEmpty();
        assertThat(none.source().schema().size()).isZero();
    }

    @Test
    void schemaAndTypesFollowSpark() {
        StructType schema = PLANNER.schema(parse("select 1 + 1 as two, 'x' as s, date '2020-01-01' + interval '1' day as d"));
        assertThat(schema.fieldNames()).containsExactly("two", "s", "d");
        assertThat(schema.get(0).dataType()).isEqualTo(DataTypes.IntegerType);
        assertThat(schema.get(1).dataType()).isEqualTo(DataTypes.StringType);
        assertThat(schema.get(2).dataType()).isEqualTo(DataTypes.DateType);
    }

    @Test
    void plansToAScanOfNoSplitsUnderAGlobalAggregate() {
        ResolvedPlan optimized = optimize("select 1 + 1 as two, 'x' as s");
        assertThat(optimized.output()).hasSize(2);
        JobPlan job = PLANNER.plan(parse("select 1 + 1 as two, 'x' as s"));
        List<FileScan> scans = new ArrayList<>();
        List<HashAggregate> aggregates = new ArrayList<>();
        for (Stage stage : job.stages()) {
            scans.addAll(operators(stage, FileScan.class));
            aggregates.addAll(operators(stage, HashAggregate.class));
        }
        assertThat(scans).hasSize(1);
        assertThat(scans.get(0).splits()).isEmpty();
        assertThat(aggregates).isNotEmpty().allSatisfy(a -> assertThat(a.groupBy()).isEmpty());
    }

    @Test
    void selectsWithoutFromCombineWithSetOperationsAndTables() {
        assertThat(PLANNER.plan(parse("select 1 as a union all select 2 order by a")).resultSchema().fieldNames())
                .containsExactly("a");
        assertThat(PLANNER.schema(parse("select n_name, (select 1 + 1) as two from nation")).fieldNames())
                .containsExactly("n_name", "two");
    }

    @Test
    void aggregatesWithoutFromWork() {
        assertThat(PLANNER.schema(parse("select count(*) as c")).fieldNames()).containsExactly("c");
    }
}
