package io.updraft.planner.physical;

import io.updraft.core.expr.ColumnRef;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Comparison;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.FileSplit;
import io.updraft.core.plan.Filter;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Limit;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.Project;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.TopN;
import io.updraft.core.plan.Sort;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskSpec;
import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.Tpch;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.countStar;
import static io.updraft.planner.Tpch.lit;
import static org.assertj.core.api.Assertions.assertThat;

class StagePlanningTest {
    private final DefaultQueryPlanner planner = new DefaultQueryPlanner(new PlannerConfig(2, 128L << 20));

    /** Operator class names from the root down the (single-child) pipeline. */
    private static List<String> pipeline(Stage stage) {
        List<String> names = new ArrayList<>();
        Operator op = stage.root();
        while (true) {
            names.add(op instanceof HashAggregate a ? "HashAggregate " + a.mode()
                    : op instanceof io.updraft.core.plan.ShuffleWrite w
                    ? "ShuffleWrite " + w.partitioning().getClass().getSimpleName() + " " + w.numPartitions()
                    : op.getClass().getSimpleName());
            if (op.children().isEmpty()) {
                return names;
            }
            op = op.children().get(0);
        }
    }

    private static <T extends Operator> T leaf(Stage stage, Class<T> type) {
        Operator op = stage.root();
        while (!op.children().isEmpty()) {
            op = op.children().get(0);
        }
        return type.cast(op);
    }

    private static LogicalPlan select(LogicalPlan child, String... columns) {
        return new io.updraft.planner.logical.Project(child, java.util.Arrays.stream(columns).map(Tpch::col).toList());
    }

    @Test
    void q1IsAScanStageWithPartialAggregationAHashExchangeAndAGatherForTheSort() {
        JobPlan job = planner.plan(Tpch.q1Dataset());
        assertThat(job.stages()).hasSize(3);
        Stage scan = job.stages().get(0);
        assertThat(pipeline(scan)).containsExactly("ShuffleWrite Hash 4", "HashAggregate PARTIAL", "Project", "Filter",
                "FileScan");
        assertThat(scan.description()).isEqualTo("scan lineitem → filter → project → partial aggregate → hash exchange (4)");
        assertThat(scan.inputStages()).isEmpty();
        FileScan parquet = leaf(scan, FileScan.class);
        assertThat(parquet.splits()).containsExactly(new FileSplit("/data/lineitem/part-0.parquet", List.of(), 1000),
                new FileSplit("/data/lineitem/part-1.parquet", List.of(), 1000));
        assertThat(parquet.schema().fieldNames()).containsExactly("l_quantity", "l_extendedprice", "l_discount", "l_tax",
                "l_returnflag", "l_linestatus", "l_shipdate");
        assertThat(parquet.pruningFilter()).isEqualTo(new Comparison(CompareOp.LESS_THAN_OR_EQUAL,
                new ColumnRef(6, DataTypes.DateType, true),
                new Literal(DataTypes.DateType, (int) LocalDate.parse("1998-09-02").toEpochDay())));
        ShuffleWrite write = (ShuffleWrite) scan.root();
        assertThat(write.partitioning()).isEqualTo(new Partitioning.Hash(List.of(
                new ColumnRef(0, DataTypes.StringType, true), new ColumnRef(1, DataTypes.StringType, true))));
        HashAggregate partial = (HashAggregate) write.child();
        assertThat(partial.aggregates()).hasSize(8);
        assertThat(partial.aggregates().get(7).function()).isEqualTo(AggregateFunction.COUNT);
        assertThat(partial.aggregates().get(7).argument()).isNull();

        Stage merge = job.stages().get(1);
        assertThat(pipeline(merge)).containsExactly("ShuffleWrite Single 1", "Project", "HashAggregate FINAL",
                "StageInput");
        assertThat(merge.description()).isEqualTo("read stage 0 → final aggregate → project → gather");
        assertThat(leaf(merge, StageInput.class)).isEqualTo(new StageInput(0, partial.schema(), false));

        Stage last = job.stages().get(2);
        assertThat(pipeline(last)).containsExactly("Sort", "StageInput");
        assertThat(last.inputStages()).containsExactly(1);
        assertThat(last.description()).isEqualTo("read stage 1 → sort");
        assertThat(last.root().schema().fieldNames()).containsExactly(job.resultSchema().fieldNames());
        assertThat(job.resultSchema()).isEqualTo(planner.schema(Tpch.q1Dataset()));
    }

    @Test
    void finalAggregateReadsThePartialStateLayout() {
        JobPlan job = planner.plan(Tpch.q1Dataset());
        HashAggregate fin = (HashAggregate) job.stages().get(1).root().children().get(0).children().get(0);
        assertThat(fin.mode()).isEqualTo(AggregateMode.FINAL);
        assertThat(fin.groupBy()).containsExactly(new ColumnRef(0, DataTypes.StringType, true),
                new ColumnRef(1, DataTypes.StringType, true));
        // sum, sum, sum, sum take one state column each; avg takes two (sum, count).
        assertThat(fin.aggregates()).extracting(a -> a.argument() == null ? -1 : ((ColumnRef) a.argument()).index())
                .containsExactly(2, 3, 4, 5, 6, 8, 10, -1);
        assertThat(fin.schema().fieldNames()).containsExactly("l_returnflag", "l_linestatus", "sum(l_quantity)",
                "sum(l_extendedprice)", "sum((l_extendedprice * (1 - l_discount)))",
                "sum(((l_extendedprice * (1 - l_discount)) * (1 + l_tax)))", "avg(l_quantity)", "avg(l_extendedprice)",
                "avg(l_discount)", "count(1)");
    }

    @Test
    void q6PushesAllConjunctsIntoTheScanAndGathersThePartialSums() {
        JobPlan job = planner.plan(Tpch.q6Dataset());
        assertThat(job.stages()).hasSize(2);
        assertThat(pipeline(job.stages().get(0))).containsExactly("ShuffleWrite Single 1", "HashAggregate PARTIAL",
                "Project", "Filter", "FileScan");
        assertThat(pipeline(job.stages().get(1))).containsExactly("Project", "HashAggregate FINAL", "StageInput");
        FileScan scan = leaf(job.stages().get(0), FileScan.class);
        assertThat(scan.schema().fieldNames()).containsExactly("l_quantity", "l_extendedprice", "l_discount", "l_shipdate");
        assertThat(scan.pruningFilter().toString()).contains("LESS_THAN", "0.05", "0.07", "24.00");
        assertThat(job.resultSchema().fieldList()).containsExactly(
                new StructField("revenue", new io.updraft.sql.types.DecimalType(38, 4), true));
    }

    @Test
    void countMovesNoRowsAndReadsNoColumns() {
        JobPlan job = planner.planCount(Tpch.lineitem());
        assertThat(job.stages()).hasSize(2);
        Stage scan = job.stages().get(0);
        assertThat(pipeline(scan)).containsExactly("ShuffleWrite Single 1", "HashAggregate PARTIAL", "FileScan");
        assertThat(leaf(scan, FileScan.class).schema().fieldList()).isEmpty();
        assertThat(pipeline(job.stages().get(1))).containsExactly("Project", "HashAggregate FINAL", "StageInput");
        assertThat(job.resultSchema().fieldList()).containsExactly(new StructField("count", DataTypes.LongType, false));
    }

    @Test
    void countOfAFilterReadsOnlyTheFilteredColumn() {
        LogicalPlan filtered = new io.updraft.planner.logical.Filter(Tpch.lineitem(),
                Tpch.cmp(CompareOp.EQUAL, col("l_returnflag"), lit("R")));
        JobPlan job = planner.planCount(select(filtered, "l_orderkey", "l_comment"));
        assertThat(pipeline(job.stages().get(0))).containsExactly("ShuffleWrite Single 1", "HashAggregate PARTIAL",
                "Filter", "FileScan");
        assertThat(leaf(job.stages().get(0), FileScan.class).schema().fieldNames()).containsExactly("l_returnflag");
    }

    @Test
    void limitWithoutSortLimitsEachTaskThenGathers() {
        JobPlan job = planner.plan(new io.updraft.planner.logical.Limit(select(Tpch.lineitem(), "l_orderkey"), 10, 5));
        assertThat(job.stages()).hasSize(2);
        assertThat(pipeline(job.stages().get(0))).containsExactly("ShuffleWrite Single 1", "Limit", "FileScan");
        Limit perTask = (Limit) job.stages().get(0).root().children().get(0);
        assertThat(perTask).isEqualTo(new Limit(perTask.child(), 15, 0));
        assertThat(pipeline(job.stages().get(1))).containsExactly("Limit", "StageInput");
        Limit global = (Limit) job.stages().get(1).root();
        assertThat(global.limit()).isEqualTo(10);
        assertThat(global.offset()).isEqualTo(5);
    }

    @Test
    void sortOfASmallInputSortsOnceAfterTheGather() {
        JobPlan job = planner.plan(new io.updraft.planner.logical.Sort(select(Tpch.lineitem(), "l_orderkey", "l_tax"),
                List.of(SortOrderExpr.desc(col("l_tax")))));
        assertThat(pipeline(job.stages().get(0))).containsExactly("ShuffleWrite Single 1", "FileScan");
        assertThat(pipeline(job.stages().get(1))).containsExactly("Sort", "StageInput");
        Sort sort = (Sort) job.stages().get(1).root();
        assertThat(sort.keys().get(0).ascending()).isFalse();
        assertThat(sort.keys().get(0).nullsFirst()).isFalse();
        assertThat(sort.keys().get(0).expr()).isEqualTo(new ColumnRef(1, Tpch.MONEY, true));
    }

    @Test
    void sortOfALargeInputIsRangePartitionedWithBoundsFromASampleStage() {
        DefaultQueryPlanner small = new DefaultQueryPlanner(new PlannerConfig(2, 128L << 20)
                .withSinglePartitionSortBytes(0));
        JobPlan job = small.plan(new io.updraft.planner.logical.Sort(select(Tpch.lineitem(), "l_orderkey", "l_tax"),
                List.of(SortOrderExpr.desc(col("l_tax")))));
        assertThat(job.stages()).hasSize(3);
        Stage sample = job.stages().get(0);
        assertThat(pipeline(sample)).containsExactly("Limit", "Project", "FileScan");
        assertThat(((Limit) sample.root()).limit()).isEqualTo(80);
        assertThat(sample.description()).isEqualTo("scan lineitem → sample 80 sort keys per task");
        Stage map = job.stages().get(1);
        assertThat(pipeline(map)).containsExactly("ShuffleWrite Range 4", "FileScan");
        assertThat(map.rangeBoundsStage()).isZero();
        assertThat(map.inputStages()).containsExactly(0);
        Partitioning.Range range = (Partitioning.Range) ((ShuffleWrite) map.root()).partitioning();
        assertThat(range.keys()).containsExactly(new SortKey(new ColumnRef(1, Tpch.MONEY, true), false, false));
        assertThat(range.upperBounds()).hasSize(3).allSatisfy(b -> assertThat(b.get(0).value()).isNull());
        Stage sort = job.stages().get(2);
        assertThat(pipeline(sort)).containsExactly("Sort", "StageInput");
        assertThat(sort.rangeBoundsStage()).isEqualTo(-1);
    }

    @Test
    void topNKeepsTheTopRowsOfEachTaskThenOfAll() {
        JobPlan job = planner.plan(new io.updraft.planner.logical.Limit(new io.updraft.planner.logical.Sort(
                select(Tpch.lineitem(), "l_orderkey"), List.of(SortOrderExpr.asc(col("l_orderkey")))), 3, 0));
        assertThat(pipeline(job.stages().get(0))).containsExactly("ShuffleWrite Single 1", "TopN", "FileScan");
        assertThat(pipeline(job.stages().get(1))).containsExactly("TopN", "StageInput");
        assertThat(job.stages().get(0).description()).isEqualTo("scan lineitem → top 3 per task → gather");
    }

    @Test
    void topNWithOffsetKeepsLimitPlusOffsetRowsThenSkips() {
        JobPlan job = planner.plan(new io.updraft.planner.logical.Limit(new io.updraft.planner.logical.Sort(
                select(Tpch.lineitem(), "l_orderkey"), List.of(SortOrderExpr.asc(col("l_orderkey")))), 3, 2));
        assertThat(((TopN) job.stages().get(0).root().children().get(0)).limit()).isEqualTo(5);
        assertThat(pipeline(job.stages().get(1))).containsExactly("Limit", "TopN", "StageInput");
    }

    @Test
    void topNOfAColumnTheSelectDropsKeepsTheProjectionOnTop() {
        LogicalPlan plan = new io.updraft.planner.logical.Limit(new io.updraft.planner.logical.Sort(
                select(Tpch.lineitem(), "l_orderkey"), List.of(SortOrderExpr.desc(col("l_tax")))), 3, 0);
        JobPlan job = planner.plan(plan);
        assertThat(pipeline(job.stages().get(1))).containsExactly("Project", "TopN", "StageInput");
        assertThat(job.resultSchema().fieldNames()).containsExactly("l_orderkey");
        assertThat(job.stages().get(1).root().schema().fieldNames()).containsExactly("l_orderkey");
    }

    @Test
    void filterAndProjectIsASingleStage() {
        LogicalPlan plan = select(new io.updraft.planner.logical.Filter(Tpch.lineitem(),
                Tpch.cmp(CompareOp.LESS_THAN, col("l_quantity"), lit(24))), "l_orderkey");
        JobPlan job = planner.plan(plan);
        assertThat(job.stages()).hasSize(1);
        assertThat(pipeline(job.finalStage())).containsExactly("Project", "Filter", "FileScan");
        assertThat(job.finalStage().description()).isEqualTo("scan lineitem → filter → project");
        Filter filter = (Filter) job.finalStage().root().children().get(0);
        assertThat(filter.condition().toString()).contains("24.00");
    }

    @Test
    void aggregateOverALimitAggregatesInOneStepAfterTheGather() {
        LogicalPlan plan = new Aggregate(new io.updraft.planner.logical.Limit(Tpch.lineitem(), 100, 0), List.of(),
                List.of(Tpch.fn("sum", col("l_quantity"))));
        JobPlan job = planner.plan(plan);
        assertThat(pipeline(job.finalStage())).containsExactly("Project", "HashAggregate COMPLETE", "Limit", "StageInput");
    }

    @Test
    void everyStageSurvivesTheTaskWireFormat() {
        for (JobPlan job : List.of(planner.plan(Tpch.q1Dataset()), planner.plan(Tpch.q6Dataset()),
                planner.planCount(Tpch.lineitem()))) {
            for (Stage stage : job.stages()) {
                TaskSpec spec = new TaskSpec("job", stage.stageId(), 0, 0, stage.root(), Map.of());
                assertThat(TaskCodec.decodeSpec(TaskCodec.encode(spec))).isEqualTo(spec);
            }
        }
    }

    @Test
    void groupedCountUsesTheGroupingKeysAsPartialOutput() {
        LogicalPlan plan = new Aggregate(Tpch.lineitem(), List.of(col("l_shipmode")), List.of(countStar(), col("l_shipmode")));
        JobPlan job = planner.plan(plan);
        HashAggregate partial = (HashAggregate) job.stages().get(0).root().children().get(0);
        assertThat(partial.schema().fieldNames()).containsExactly("l_shipmode", "count(1)#0");
        assertThat(job.finalStage().root()).isInstanceOf(Project.class);
        assertThat(job.resultSchema().fieldNames()).containsExactly("count(1)", "l_shipmode");
        assertThat(job.finalStage().root().schema().fieldNames()).containsExactly("count(1)", "l_shipmode");
    }
}
