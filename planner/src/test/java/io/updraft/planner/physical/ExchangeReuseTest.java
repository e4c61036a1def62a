package io.updraft.planner.physical;

import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.TpchCatalog;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.sql.SqlFrontEnd;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static io.updraft.planner.TestQueries.operators;
import static org.assertj.core.api.Assertions.assertThat;

/** spark.sql.exchange.reuse: a stage equal to one already cut is read again, not built again. */
class ExchangeReuseTest {
    private static final PlannerConfig CONFIG = new PlannerConfig(2, 128L << 20);
    private final DefaultQueryPlanner planner = new DefaultQueryPlanner(CONFIG);
    private final DefaultQueryPlanner noReuse = new DefaultQueryPlanner(CONFIG.withExchangeReuse(false));
    private final SqlFrontEnd sql = new SqlFrontEnd();

    private LogicalPlan tpch(int q) {
        return sql.parse(TpchCatalog.sql(q), TpchCatalog.catalog());
    }

    private LogicalPlan parse(String text) {
        return sql.parse(text, TpchCatalog.catalog());
    }

    private static List<String> descriptions(JobPlan job) {
        return job.stages().stream().map(Stage::description).toList();
    }

    private static long scans(JobPlan job, String table) {
        return job.stages().stream().filter(s -> s.description().startsWith("scan " + table + " ")).count();
    }

    /** Stage id → how many StageInputs of other stages read it. */
    private static Map<Integer, Long> readers(JobPlan job) {
        return job.stages().stream().flatMap(s -> operators(s, StageInput.class).stream())
                .collect(Collectors.groupingBy(StageInput::stageId, Collectors.counting()));
    }

    @Test
    void q15ScansLineitemOnceAndBothAggregationsReadThatStage() {
        JobPlan job = planner.plan(tpch(15));
        assertThat(scans(job, "lineitem")).isEqualTo(1);
        assertThat(descriptions(job)).containsExactly(
                "scan supplier → broadcast",
                "scan lineitem → filter → project → partial aggregate → hash exchange (4)",
                "read stage 1 → final aggregate → project → partial aggregate → gather",
                "read stage 2 → final aggregate → project → broadcast",
                "read broadcast stage 0 → read stage 1 → final aggregate → project → broadcast hash join → project →"
                        + " read broadcast stage 3 → broadcast hash join → project → gather",
                "read stage 4 → sort");
        assertThat(readers(job).get(1)).isEqualTo(2);
        // each reader keeps its own column names; the types are the producer's
        for (int consumer : List.of(2, 4)) {
            StageInput in = operators(job.stages().get(consumer), StageInput.class).stream()
                    .filter(i -> i.stageId() == 1).findFirst().orElseThrow();
            assertThat(in.schema().fields()).extracting(f -> f.dataType())
                    .containsExactlyElementsOf(java.util.Arrays.stream(job.stages().get(1).root().schema().fields())
                            .map(f -> f.dataType()).toList());
        }
        for (Stage s : job.stages()) {
            assertThat(s.inputStages()).allMatch(i -> i < s.stageId());
        }
    }

    @Test
    void lambdaPlansReuseTheSameWay() {
        JobPlan job = new DefaultQueryPlanner(PlannerConfig.lambda()).plan(tpch(15));
        assertThat(scans(job, "lineitem")).isEqualTo(1);
        assertThat(descriptions(job).get(1)).isEqualTo(
                "scan lineitem → filter → project → partial aggregate → hash exchange (64)");
        assertThat(scans(new DefaultQueryPlanner(PlannerConfig.lambda().withExchangeReuse(false)).plan(tpch(15)),
                "lineitem")).isEqualTo(2);
    }

    @Test
    void q15WithReuseOffScansLineitemTwice() {
        JobPlan job = noReuse.plan(tpch(15));
        assertThat(scans(job, "lineitem")).isEqualTo(2);
        assertThat(job.stages()).hasSize(7);
        assertThat(readers(job).values()).containsOnly(1L);
    }

    @Test
    void q2AndQ11BroadcastTheirRepeatedDimensionsOnce() {
        JobPlan q2 = planner.plan(tpch(2));
        JobPlan q2Off = noReuse.plan(tpch(2));
        assertThat(scans(q2, "region")).isEqualTo(1);
        assertThat(scans(q2Off, "region")).isEqualTo(2);
        // the outer query reads n_name too, the subquery only the keys: two different scans of nation
        assertThat(scans(q2, "nation")).isEqualTo(2);
        assertThat(q2.stages()).hasSize(q2Off.stages().size() - 1);

        JobPlan q11 = planner.plan(tpch(11));
        JobPlan q11Off = noReuse.plan(tpch(11));
        assertThat(scans(q11, "nation")).isEqualTo(1);
        assertThat(scans(q11, "supplier")).isEqualTo(1);
        // the grouped and the total aggregation of partsupp differ (hash exchange vs gather): both stay
        assertThat(scans(q11, "partsupp")).isEqualTo(2);
        assertThat(q11.stages()).hasSize(q11Off.stages().size() - 2);
    }

    @Test
    void differentFiltersDoNotShare() {
        JobPlan job = planner.plan(parse("SELECT a.c, b.c FROM "
                + "(SELECT count(*) c FROM lineitem WHERE l_quantity > 10) a CROSS JOIN "
                + "(SELECT count(*) c FROM lineitem WHERE l_quantity > 20) b"));
        assertThat(scans(job, "lineitem")).isEqualTo(2);
    }

    @Test
    void sameSubplanUnderDifferentNamesShares() {
        JobPlan job = planner.plan(parse("SELECT a.c, b.d FROM "
                + "(SELECT l_suppkey k, sum(l_quantity) c FROM lineitem GROUP BY l_suppkey) a JOIN "
                + "(SELECT l_suppkey s, sum(l_quantity) d FROM lineitem GROUP BY l_suppkey) b ON a.k = b.s"));
        assertThat(scans(job, "lineitem")).isEqualTo(1);
        JobPlan other = planner.plan(parse("SELECT a.c, b.d FROM "
                + "(SELECT l_suppkey k, sum(l_quantity) c FROM lineitem GROUP BY l_suppkey) a JOIN "
                + "(SELECT l_suppkey s, max(l_quantity) d FROM lineitem GROUP BY l_suppkey) b ON a.k = b.s"));
        // another aggregate: the scan stages differ in what they write
        assertThat(scans(other, "lineitem")).isEqualTo(2);
    }

    @Test
    void aStageReadTwiceByOneReaderIsBuiltOnce() {
        JobPlan job = planner.plan(parse("SELECT * FROM (SELECT l_suppkey k, sum(l_quantity) c FROM lineitem "
                + "GROUP BY l_suppkey) a UNION ALL SELECT * FROM (SELECT l_suppkey k, sum(l_quantity) c FROM lineitem "
                + "GROUP BY l_suppkey) b"));
        assertThat(scans(job, "lineitem")).isEqualTo(1);
        assertThat(scans(noReuse.plan(parse("SELECT * FROM (SELECT l_suppkey k, sum(l_quantity) c FROM lineitem "
                + "GROUP BY l_suppkey) a UNION ALL SELECT * FROM (SELECT l_suppkey k, sum(l_quantity) c FROM lineitem "
                + "GROUP BY l_suppkey) b")), "lineitem")).isEqualTo(2);
    }

    @Test
    void explainPrintsReusedExchangeOnceTheSubtreeWasShown() {
        String simple = planner.explain(tpch(15), "simple");
        assertThat(simple).containsOnlyOnce("Scan parquet lineitem");
        assertThat(simple).contains("ReusedExchange [");
        assertThat(simple).containsPattern("ReusedExchange \\[l_suppkey#\\d+L, .*\\], Exchange hashpartitioning\\(l_suppkey#\\d+L, 4\\)");
        assertThat(noReuse.explain(tpch(15), "simple")).doesNotContain("ReusedExchange");

        String formatted = planner.explain(tpch(15), "formatted");
        assertThat(formatted).containsPattern("ReusedExchange \\(\\d+\\)");
        assertThat(formatted).containsPattern("\\(\\d+\\) ReusedExchange \\[Reuses operator id: \\d+\\]\nOutput \\[2\\]: ");

        String extended = planner.explain(tpch(15), "extended");
        assertThat(extended.substring(extended.indexOf("== Stages =="))).containsOnlyOnce("scan lineitem");
    }
}
