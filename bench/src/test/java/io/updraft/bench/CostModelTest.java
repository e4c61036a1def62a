package io.updraft.bench;

import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.core.task.TaskMetrics;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CostModelTest {
    /** No fixed overheads and no latency, 100 MB/s per task: every number below can be worked out by hand. */
    private static CostModel model(List<Long> bytesPerTask, List<Integer> memories, double targetSeconds) {
        return new CostModel(new CostModel.Assumptions(0, 0, 100e6, 0, 0, 8, 8L << 20, 1000, 600, targetSeconds,
                1000, 512, 4, 1.0, bytesPerTask, memories));
    }

    /** A measured broadcast join: lineitem filtered and broadcast, 3 orders tasks each reading all 600 KB of it. */
    private static List<StageMetrics> broadcastJoin() {
        return List.of(
                stage(0, "scan lineitem → filter → project → broadcast", 4, 6_000_000, 40_000_000, 4, 30_000,
                        600_000, 0, 0.6),
                stage(1, "scan orders → read broadcast stage 0 → broadcast hash join → partial aggregate → shuffle write",
                        3, 1_500_000, 30_000_000, 3, 6, 60, 1_800_000, 0.3),
                stage(2, "read stage 1 → final aggregate", 1, 6, 0, 0, 2, 0, 60, 0.001));
    }

    private static StageMetrics stage(int id, String description, int tasks, long rowsRead, long bytesRead, int rowGroups, long rowsOut,
                                      long shuffleWritten, long shuffleRead, double cpuSeconds) {
        return new StageMetrics(id, description, tasks, new TaskMetrics(rowsRead, bytesRead, rowGroups, 0, rowsOut,
                1, 0, 0, shuffleWritten, shuffleRead, 0, Math.round(cpuSeconds * 1e9)), 1);
    }

    /** A Q1-like job at SF 1: a scan with a partial aggregation into 4 groups per task, then the final stage. */
    private static final List<StageMetrics> AGGREGATION = List.of(
            stage(0, "scan lineitem → filter → project → partial aggregate → shuffle write", 8, 6_000_000,
                    1_000_000_000L, 4, 32, 8000, 0, 10),
            stage(1, "read stage 0 → final aggregate", 1, 32, 0, 0, 4, 0, 8000, 0.01));

    @Test
    void scanScalesLinearlyAndItsSmallAggregateOutputScalesWithItsTasks() {
        CostModel.QueryCost cost = model(List.of(1L << 30), List.of(1769), 1000)
                .price(AGGREGATION, 1, 100, CostPrices.X86_S3);

        CostModel.StagePlan scan = cost.stages().get(0);
        assertThat(scan.work().inputBytes()).isEqualTo(100_000_000_000L);
        assertThat(scan.work().cpuSeconds()).isCloseTo(1000, within(1e-9));
        assertThat(scan.work().fixedOutputPerTask()).isTrue();
        assertThat(scan.tasks()).isEqualTo(94);   // ceil(1e11 / 1 GiB)
        assertThat(scan.memoryMb()).isEqualTo(1769);
        // 1000 s / 94 of CPU + (1e11 / 94 + 1000) bytes at 100 MB/s
        assertThat(scan.taskSeconds()).isCloseTo(21.276606, within(1e-5));
        assertThat(scan.lambdaDollars()).isCloseTo(0.0575848, within(1e-6));
        assertThat(scan.requestDollars()).isCloseTo(1.88e-5, within(1e-10));
        // 128 range GETs a task (a 1.06 GB split in 8 MiB ranges, + the footer) and one shuffle PUT each
        assertThat(scan.inputGets()).isEqualTo(12_032);
        assertThat(scan.shufflePuts()).isEqualTo(94);
        assertThat(scan.s3Dollars()).isCloseTo(0.0052828, within(1e-9));
        assertThat(scan.shuffleWrittenBytes()).isEqualTo(94_000);   // 1000 bytes per task, as measured

        CostModel.StagePlan last = cost.stages().get(1);
        assertThat(last.work().shuffleReadBytes()).isEqualTo(94_000);
        assertThat(last.work().cpuSeconds()).isCloseTo(0.1175, within(1e-9));   // CPU per byte read as measured
        assertThat(last.tasks()).isEqualTo(1);
        assertThat(last.shuffleGets()).isEqualTo(94);   // one range of every map task's object
        assertThat(last.taskSeconds()).isCloseTo(0.11844, within(1e-9));
        assertThat(last.s3Dollars()).isCloseTo(3.76e-5, within(1e-12));
        assertThat(cost.wallSeconds()).isCloseTo(21.276606 + 0.11844, within(1e-5));
        assertThat(cost.dollars()).isCloseTo(scan.dollars() + last.dollars(), within(1e-12));
    }

    @Test
    void choosesTheCheapestCandidateWithinTheTargetElseTheFastest() {
        List<Long> sizes = List.of(64L << 20, 1L << 30);
        // 1 GiB tasks take 21 s; 64 MiB tasks (1491, two waves at concurrency 1000) 1.34 s at 1769 MB and 1.83 s at
        // 1024 MB, whose GB-seconds are fewer: the task is half transfer, which a smaller size does not slow
        CostModel.StagePlan cheapest = model(sizes, List.of(1024, 1769), 15)
                .price(AGGREGATION, 1, 100, CostPrices.X86_S3).stages().get(0);
        assertThat(cheapest.tasks()).isEqualTo(1491);
        assertThat(cheapest.memoryMb()).isEqualTo(1024);
        assertThat(cheapest.stageSeconds()).isCloseTo(3.658691, within(1e-5));
        assertThat(cheapest.lambdaDollars()).isCloseTo(0.0454593, within(1e-6));

        CostModel.StagePlan fastest = model(sizes, List.of(1024, 1769), 1)
                .price(AGGREGATION, 1, 100, CostPrices.X86_S3).stages().get(0);
        assertThat(fastest.tasks()).isEqualTo(1491);
        assertThat(fastest.memoryMb()).isEqualTo(1769);
        assertThat(fastest.stageSeconds()).isCloseTo(2.682783, within(1e-5));

        // one task would run 1000 s of CPU: past the 600 s planned limit, so no candidate fits
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> model(List.of(1L << 40), List.of(1769), 10_000)
                .price(AGGREGATION, 1, 100, CostPrices.X86_S3))).hasMessageContaining("stage 0 fits no Lambda task");
        assertThat(model(List.of(1L << 40), List.of(1769), 10_000).price(AGGREGATION, 1, 20, CostPrices.X86_S3)
                .stages().get(0).taskSeconds()).isCloseTo(400, within(1e-3));   // SF 20: 200 s CPU + 200 s transfer
    }

    @Test
    void aJoinReadsBothScansAndGrowsWithThem() {
        List<StageMetrics> join = List.of(
                stage(0, "scan orders → shuffle write", 2, 150_000, 4_000_000, 2, 100_000, 1_000_000, 0, 0.2),
                // a selective filter: few rows a task, but a share of the input at every scale
                stage(1, "scan lineitem → filter → shuffle write", 4, 6_000_000, 20_000_000, 4, 2_000, 2_000_000, 0,
                        0.6),
                stage(2, "read stage 0 → hash join → partial aggregate → shuffle write", 2, 300_000, 0, 0, 4, 100,
                        3_000_000, 0.4),
                stage(3, "read stage 2 → final aggregate", 1, 4, 0, 0, 2, 0, 100, 0.001));
        CostModel.QueryCost cost = model(List.of(64L << 20), List.of(1769), 1000).price(join, 1, 10, CostPrices.X86_S3);

        assertThat(cost.stages().get(0).work().fixedOutputPerTask()).isFalse();
        assertThat(cost.stages().get(0).shuffleWrittenBytes()).isEqualTo(10_000_000);
        assertThat(cost.stages().get(1).work().fixedOutputPerTask()).isFalse();   // a filter, not an aggregate
        assertThat(cost.stages().get(1).shuffleWrittenBytes()).isEqualTo(20_000_000);
        CostModel.StagePlan joined = cost.stages().get(2);
        assertThat(joined.work().shuffleReadBytes()).isEqualTo(30_000_000);
        assertThat(joined.work().cpuSeconds()).isCloseTo(4.0, within(1e-9));
        assertThat(joined.work().producerTasks()).isEqualTo(cost.stages().get(0).tasks() + cost.stages().get(1).tasks());
        assertThat(joined.work().fixedOutputPerTask()).isTrue();
        assertThat(joined.tasks()).isEqualTo(1);   // 30 MB fits one 64 MiB task
        CostModel.StagePlan last = cost.stages().get(3);
        assertThat(last.work().shuffleReadBytes()).isEqualTo(50);   // 50 bytes per join task, one task
    }

    @Test
    void expressChargesTheBytesAboveHalfAMegabytePerRequest() {
        CostModel model = model(List.of(1L << 30), List.of(1769), 1000);
        // 10 tasks reading 400 MB each need 512 MB + 4 × 381 MiB: more than 1769 MB
        assertThat(model.evaluate(new CostModel.ScaledStage(5, "reduce", false, 20, 0, 0, 4_000_000_000L, 0, 20,
                false, 0, 0), 10, 1769, CostPrices.X86_S3)).isNull();
        CostModel.ScaledStage reduce = new CostModel.ScaledStage(5, "reduce", false, 20, 0, 0, 4_000_000_000L, 0,
                20, false, 0, 0);
        CostModel.StagePlan express = model.evaluate(reduce, 10, 10240, CostPrices.X86_EXPRESS);
        CostModel.StagePlan standard = model.evaluate(reduce, 10, 10240, CostPrices.X86_S3);

        assertThat(express.shuffleGets()).isEqualTo(200);
        // 200 GETs of 20 MB: (20e6 - 512 KiB) × 200 bytes at $0.0006/GB + 200 × $0.00003/1000
        assertThat(express.s3Dollars()).isCloseTo(0.00218258, within(1e-8));
        assertThat(standard.s3Dollars()).isCloseTo(200 * 0.0004 / 1000, within(1e-12));
        assertThat(express.taskSeconds()).isCloseTo(6.0, within(1e-9));   // 2 s CPU + 400 MB at 100 MB/s
        assertThat(model.evaluate(reduce, 1, 10240, CostPrices.X86_S3)).isNull();   // 4 GB of input needs > 10 GB
    }

    @Test
    void everyTaskOfAStageThatReadsABroadcastReadsAllOfIt() {
        List<StageMetrics> broadcastJoin = broadcastJoin();
        CostModel.QueryCost cost = model(List.of(64L << 20), List.of(1769, 10240), 5)
                .price(broadcastJoin, 1, 100, CostPrices.X86_S3);
        CostModel.StagePlan probe = cost.stages().get(1);
        assertThat(cost.stages().get(0).shuffleWrittenBytes()).isEqualTo(60_000_000);
        assertThat(probe.work().broadcastBytes()).isEqualTo(60_000_000);   // the whole broadcast, for every task
        assertThat(probe.work().shuffleReadBytes()).isZero();
        assertThat(probe.work().cpuSeconds()).isCloseTo(30, within(1e-9));   // grows with orders, not with its reads
        assertThat(probe.tasks()).isEqualTo(45);   // ceil(3 GB of orders / 64 MiB); 1 task would take 60 s
        assertThat(probe.memoryMb()).isEqualTo(1769);
        assertThat(probe.shuffleGets()).isEqualTo(45L * cost.stages().get(0).tasks());
        // 0.667 s CPU + (66.7 MB of orders + 60 MB of broadcast + 60 B) at 100 MB/s
        assertThat(probe.taskSeconds()).isCloseTo(30.0 / 45 + (3e9 / 45 + 60e6 + 60) / 100e6, within(1e-6));
    }

    @Test
    void aBroadcastThatEveryProbeTaskRereadsIsRepricedAsAShuffleJoinAtScale() {
        List<StageMetrics> broadcastJoin = broadcastJoin();
        // the same query with broadcasts off: both sides shuffled (orders' two columns: 12 MB), joined by partition
        List<StageMetrics> shuffleJoin = List.of(
                stage(0, "scan lineitem → filter → project → shuffle write", 4, 6_000_000, 40_000_000, 4, 30_000,
                        600_000, 0, 0.6),
                stage(1, "scan orders → project → shuffle write", 3, 1_500_000, 30_000_000, 3, 1_500_000, 12_000_000, 0,
                        0.3),
                stage(2, "read stage 0, stage 1 → hash join → partial aggregate → shuffle write", 4, 1_530_000, 0, 0,
                        8, 80, 12_600_000, 0.3),
                stage(3, "read stage 2 → final aggregate", 1, 8, 0, 0, 2, 0, 80, 0.001));
        CostModel model = model(List.of(64L << 20), List.of(1769, 10240), 5);
        java.util.Map<String, List<StageMetrics>> plans = new java.util.LinkedHashMap<>();
        plans.put("as planned", broadcastJoin);
        plans.put("shuffle joins", shuffleJoin);
        for (double scale : List.of(1.0, 1000.0)) {
            double broadcast = model.price(broadcastJoin, 1, scale, CostPrices.X86_S3).dollars();
            double shuffle = model.price(shuffleJoin, 1, scale, CostPrices.X86_S3).dollars();
            CostModel.PlanChoice choice = model.cheapest(plans, 1, scale, CostPrices.X86_S3);
            assertThat(choice.cost().dollars()).isEqualTo(Math.min(broadcast, shuffle));
            assertThat(choice.plan()).isEqualTo(broadcast <= shuffle ? "as planned" : "shuffle joins");
        }
        // at SF 1000 the 600 MB broadcast re-read by each of hundreds of probe tasks costs more than the shuffle
        assertThat(model.cheapest(plans, 1, 1000, CostPrices.X86_S3).plan()).isEqualTo("shuffle joins");
        // with 1,024 MB only, the 600 MB broadcast fits no probe task at SF 1000: the shuffle joins are priced
        CostModel small = model(List.of(64L << 20), List.of(1024), 5);
        assertThat(org.assertj.core.api.Assertions.catchThrowable(
                () -> small.price(broadcastJoin, 1, 1000, CostPrices.X86_S3))).hasMessageContaining("fits no Lambda task");
        assertThat(small.cheapest(plans, 1, 1000, CostPrices.X86_S3).plan()).isEqualTo("shuffle joins");
    }

    @Test
    void onlyAnAggregateAsTheLastRowChangingStepHasAFixedOutput() {
        assertThat(CostModel.endsInAggregate("scan lineitem → filter → project → partial aggregate → shuffle write"))
                .isTrue();
        assertThat(CostModel.endsInAggregate("scan lineitem → filter → project → shuffle write")).isFalse();
        assertThat(CostModel.endsInAggregate("read stage 0 → partial aggregate → hash join → shuffle write")).isFalse();
        assertThat(CostModel.endsInAggregate("read stage 0 → hash join → partial aggregate")).isTrue();
    }

    @Test
    void lambdaLimitsAreChecked() {
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> new CostModel.Assumptions(0, 0, 1, 0, 0, 1, 1,
                1, 901, 1, 1, 1, 1, 1, List.of(1L), List.of(1769)))).hasMessageContaining("900 s");
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> new CostModel.Assumptions(0, 0, 1, 0, 0, 1, 1,
                1, 600, 1, 1, 1, 1, 1, List.of(1L), List.of(10241)))).hasMessageContaining("10240");
    }
}
