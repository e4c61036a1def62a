package io.updraft.planner.tpch;

import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Stage;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskSpec;
import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.TpchCatalog;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.sql.SqlFrontEnd;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.TopN;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static io.updraft.planner.TestQueries.operators;
import static org.assertj.core.api.Assertions.assertThat;

/** Every TPC-H query parses, analyzes, optimizes and plans into stages that survive the task wire format. */
class TpchQueriesTest {
    private final SqlFrontEnd sql = new SqlFrontEnd();
    private final DefaultQueryPlanner planner = new DefaultQueryPlanner(new PlannerConfig(2, 128L << 20));

    static IntStream queries() {
        return IntStream.rangeClosed(1, 22);
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void plansIntoStages(int q) {
        LogicalPlan plan = sql.parse(TpchCatalog.sql(q), TpchCatalog.catalog());
        JobPlan job = planner.plan(plan);
        assertThat(job.stages()).isNotEmpty();
        assertThat(job.resultSchema()).isEqualTo(planner.schema(plan));
        assertThat(job.finalStage().root().schema().fieldNames()).containsExactly(job.resultSchema().fieldNames());
        for (Stage stage : job.stages()) {
            assertThat(stage.inputStages()).allMatch(i -> i < stage.stageId());
            TaskSpec spec = new TaskSpec("job", stage.stageId(), 0, 0, stage.root(), Map.of());
            assertThat(TaskCodec.decodeSpec(TaskCodec.encode(spec))).isEqualTo(spec);
        }
        assertThat(planner.explain(plan, "extended")).contains("== Stages ==");
    }

    @ParameterizedTest(name = "Q{0}")
    @MethodSource("queries")
    void plansWithoutBroadcastsWithRangeSortsAndForLambda(int q) {
        LogicalPlan plan = sql.parse(TpchCatalog.sql(q), TpchCatalog.catalog());
        for (PlannerConfig config : List.of(PlannerConfig.lambda(),
                new PlannerConfig(2, 128L << 20).withAutoBroadcastJoinThreshold(-1).withSinglePartitionSortBytes(0),
                new PlannerConfig(1, 128L << 20).withShufflePartitions(1))) {
            JobPlan job = new DefaultQueryPlanner(config).plan(plan);
            assertThat(job.resultSchema()).isEqualTo(planner.schema(plan));
            if (config.autoBroadcastJoinThreshold() < 0) {
                assertThat(job.stages()).allSatisfy(s -> assertThat(operators(s, Join.class))
                        .allMatch(j -> j.leftKeys().isEmpty() || !(j.right() instanceof io.updraft.core.plan.StageInput in
                                && in.broadcast())));
            }
        }
    }

    private JobPlan plan(int q) {
        return planner.plan(sql.parse(TpchCatalog.sql(q), TpchCatalog.catalog()));
    }

    private static List<String> descriptions(JobPlan job) {
        return job.stages().stream().map(Stage::description).toList();
    }

    private static Partitioning written(Stage stage) {
        return ((ShuffleWrite) stage.root()).partitioning();
    }

    @Test
    void q3BroadcastsOrdersJoinedToTheirCustomersAndStreamsLineitemWithoutAShuffledJoin() {
        JobPlan job = plan(3);
        assertThat(descriptions(job)).containsExactly(
                "scan customer → filter → project → broadcast",
                "scan orders → filter → read broadcast stage 0 → broadcast hash join → project → broadcast",
                "scan lineitem → filter → project → read broadcast stage 1 → broadcast hash join → project → partial"
                        + " aggregate → hash exchange (4)",
                "read stage 2 → final aggregate → project → top 10 per task → gather",
                "read stage 3 → top 10");
        assertThat(operators(job.stages().get(2), Join.class)).extracting(Join::type)
                .containsExactly(JoinType.INNER);
        assertThat(((TopN) job.finalStage().root()).limit()).isEqualTo(10);
    }

    @Test
    void q4BuildsItsSemiJoinOnTheOrdersOfOneQuarterNotOnLineitem() {
        JobPlan job = plan(4);
        Join join = operators(job.stages().get(2), Join.class).get(0);
        assertThat(join.type()).isEqualTo(JoinType.LEFT_SEMI);
        assertThat(join.build()).isEqualTo(io.updraft.core.plan.BuildSide.LEFT);
    }

    @Test
    void q13IsALeftOuterJoinCountedTwice() {
        JobPlan job = plan(13);
        assertThat(job.stages()).hasSize(5);
        Join join = operators(job.stages().get(2), Join.class).get(0);
        assertThat(join.type()).isEqualTo(JoinType.LEFT_OUTER);
        // customer (150,000 rows) is under half of the orders not matching the comment filter: built, its
        // unmatched rows output after the probe
        assertThat(join.build()).isEqualTo(io.updraft.core.plan.BuildSide.LEFT);
        assertThat(operators(job.stages().get(2), HashAggregate.class)).extracting(HashAggregate::mode)
                .containsExactly(AggregateMode.PARTIAL, AggregateMode.COMPLETE);
        assertThat(written(job.stages().get(2))).isInstanceOf(Partitioning.Hash.class);
        assertThat(operators(job.stages().get(1), io.updraft.core.plan.Filter.class).get(0).condition().toString())
                .contains("like", "%special%requests%");
    }

    @Test
    void q18InSubqueryIsASemiJoinOfOrdersWithTheHavingAggregate() {
        JobPlan job = plan(18);
        assertThat(job.stages()).hasSize(7);
        assertThat(descriptions(job).get(1)).isEqualTo("scan lineitem → partial aggregate → hash exchange (4)");
        Stage having = job.stages().get(2);
        assertThat(having.description()).isEqualTo("read stage 1 → final aggregate → project → filter → project → broadcast");
        assertThat(operators(having, io.updraft.core.plan.Filter.class).get(0).condition().toString())
                .contains("300.00");
        // the IN selects orders before they meet lineitem and customer (PushLeftSemiAntiThroughJoin)
        Stage semiStage = job.stages().get(3);
        assertThat(semiStage.description()).startsWith("scan orders → read broadcast stage 2 → broadcast hash join");
        Join semi = operators(semiStage, Join.class).get(0);
        assertThat(semi.type()).isEqualTo(JoinType.LEFT_SEMI);
        assertThat(((io.updraft.core.plan.StageInput) semi.right()).broadcast()).isTrue();
        assertThat(operators(job.stages().get(5), Join.class)).extracting(Join::type)
                .containsExactly(JoinType.INNER, JoinType.INNER);
    }

    @Test
    void q21ExistsAndNotExistsAreSemiAndAntiJoinsWithResidualConditions() {
        JobPlan job = plan(21);
        List<Join> joins = job.stages().stream().flatMap(s -> operators(s, Join.class).stream()).toList();
        Join anti = joins.stream().filter(j -> j.type() == JoinType.LEFT_ANTI).findFirst().orElseThrow();
        Join semi = joins.stream().filter(j -> j.type() == JoinType.LEFT_SEMI).findFirst().orElseThrow();
        for (Join j : List.of(anti, semi)) {
            assertThat(j.leftKeys()).hasSize(1);
            assertThat(j.condition()).isNotNull();
            assertThat(j.condition()).isInstanceOf(io.updraft.core.expr.Not.class);
        }
        assertThat(job.stages().stream().filter(s -> operators(s, Join.class).contains(anti)).findFirst()
                .orElseThrow().description()).contains("shuffled hash join → read stage", "shuffled hash join");
    }

    @Test
    void q16NotInIsANullAwareAntiJoin() {
        JobPlan job = plan(16);
        List<Join> joins = job.stages().stream().flatMap(s -> operators(s, Join.class).stream()).toList();
        assertThat(joins).extracting(Join::type).contains(JoinType.LEFT_ANTI);
        Join anti = joins.stream().filter(j -> j.type() == JoinType.LEFT_ANTI).findFirst().orElseThrow();
        assertThat(anti.leftKeys()).hasSize(1);
    }
}
