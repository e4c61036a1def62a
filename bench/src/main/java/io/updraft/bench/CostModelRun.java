package io.updraft.bench;

import io.updraft.coordinator.job.JobResult;
import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.core.task.TaskMetrics;
import io.updraft.engine.join.BroadcastTables;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code updraft bench --model-scale 100,1000}: each query's SQL text runs on Updraft {@code local[N]} at the
 * benchmark's scale (warm-ups, then one measured run whose jobs' stage metrics the session's job listener hands
 * over), and the {@link CostModel} prices it at every model scale on the four {@link CostPrices#ALL} deployments,
 * with Skyrise's published SF 1000 figures beside Q6 and Q12.
 */
public final class CostModelRun {
    /** Skyrise (SIGMOD 2025 artifact), SF 1000, Lambda: seconds and cents of compute, by query. */
    static final Map<Integer, double[]> SKYRISE_SF1000 = Map.of(6, new double[] {5.7, 4.87}, 12,
            new double[] {19.2, 21.19});

    private CostModelRun() {
    }

    /** The plan as the planner chose it at the measured scale. */
    static final String AS_PLANNED = "as planned";
    /** The same query measured with broadcast joins off ({@code spark.sql.autoBroadcastJoinThreshold=-1}). */
    static final String SHUFFLE_JOINS = "shuffle joins";

    /** Runs and prices the options' queries; returns the stages measured per query, by plan. */
    public static Map<Integer, Map<String, List<StageMetrics>>> run(BenchmarkOptions options, List<Double> modelScales,
                                                                    PrintStream out) {
        Benchmark.prepareData(options, out);
        Map<Integer, Map<String, List<StageMetrics>>> measured = measure(options);
        CostModel model = new CostModel(CostModel.DEFAULTS);
        out.print(report(model, measured, options.scale(), modelScales));
        out.flush();
        return measured;
    }

    /**
     * Per query: its stages as planned, and — when the plan broadcasts — the stages of a second run with broadcast
     * joins off, so that the model can price the shuffle join instead when it is cheaper at the target scale.
     */
    static Map<Integer, Map<String, List<StageMetrics>>> measure(BenchmarkOptions options) {
        Map<Integer, Map<String, List<StageMetrics>>> measured = new LinkedHashMap<>();
        UpdraftSession.Builder builder = UpdraftSession.builder().appName("updraft bench cost model")
                .master("local[" + options.threads() + "]").config(RuntimeConfig.SHOW_PROGRESS, false)
                // every task builds its broadcast tables, as a Lambda task does alone: what the model prices
                .config(BroadcastTables.ENABLED, "false");
        options.updraftConf().forEach(builder::config);
        List<StageMetrics> jobs = new ArrayList<>();
        try (UpdraftSession session = builder.create()) {
            UpdraftEngine.tables(options.dataDir()).forEach((name, folder) ->
                    session.read().parquet(folder.toString()).createOrReplaceTempView(name));
            session.addJobListener((JobResult result) -> jobs.addAll(result.stages()));
            for (int query : options.queries()) {
                String text = TpchQueries.sqlWithoutComments(query);
                for (int i = 0; i < options.warmup(); i++) {
                    session.sql(text).collectAsList();
                }
                jobs.clear();
                session.sql(text).collectAsList();
                Map<String, List<StageMetrics>> plans = new LinkedHashMap<>();
                plans.put(AS_PLANNED, List.copyOf(jobs));
                if (jobs.stream().anyMatch(st -> st.description().contains("broadcast"))) {
                    var previous = session.conf().getOption(RuntimeConfig.AUTO_BROADCAST_JOIN_THRESHOLD);
                    session.conf().set(RuntimeConfig.AUTO_BROADCAST_JOIN_THRESHOLD, -1L);
                    try {
                        for (int i = 0; i < options.warmup(); i++) {
                            session.sql(text).collectAsList();
                        }
                        jobs.clear();
                        session.sql(text).collectAsList();
                        plans.put(SHUFFLE_JOINS, List.copyOf(jobs));
                    } finally {
                        if (previous.isPresent()) {
                            session.conf().set(RuntimeConfig.AUTO_BROADCAST_JOIN_THRESHOLD, previous.get());
                        } else {
                            session.conf().unset(RuntimeConfig.AUTO_BROADCAST_JOIN_THRESHOLD);
                        }
                    }
                }
                measured.put(query, plans);
            }
        }
        return measured;
    }

    /** The cost table: per query and model scale, the stages as chosen on x86 + S3, then every deployment. */
    static String report(CostModel model, Map<Integer, Map<String, List<StageMetrics>>> measured, double measuredScale,
                         List<Double> modelScales) {
        StringBuilder b = new StringBuilder();
        CostModel.Assumptions a = model.assumptions();
        b.append(String.format(Locale.ROOT, "Cost model: measured on Updraft local at SF %s; Lambda: %d MB per vCPU "
                        + "(single-threaded tasks), %.0f MB/s and %d requests in flight per task, %.0f ms per "
                        + "invocation, concurrency %d, stage time target %.0f s (bench README, \"Cost model\")%n",
                Demo.scaleText(measuredScale), CostModel.MB_PER_VCPU, a.bytesPerSecondPerTask() / 1e6,
                a.parallelRequests(), a.invocationSeconds() * 1000, a.concurrency(), a.targetStageSeconds()));
        for (Map.Entry<Integer, Map<String, List<StageMetrics>>> entry : measured.entrySet()) {
            int query = entry.getKey();
            Map<String, List<StageMetrics>> plans = entry.getValue();
            List<StageMetrics> stages = plans.get(AS_PLANNED);
            TaskMetrics total = stages.stream().map(StageMetrics::totals).reduce(TaskMetrics.EMPTY, TaskMetrics::plus);
            b.append(String.format(Locale.ROOT, "%nQ%d measured at SF %s: %d stages, %d tasks, CPU %.3f s, input %s, "
                            + "shuffle %s written%n", query, Demo.scaleText(measuredScale), stages.size(),
                    stages.stream().mapToInt(StageMetrics::tasks).sum(), total.cpuNanos() / 1e9,
                    bytes(total.bytesRead()), bytes(total.shuffleBytesWritten())));
            if (plans.size() > 1) {
                b.append(String.format(Locale.ROOT, "  (it broadcasts: also measured with broadcast joins off, %d stages;"
                        + " each deployment is priced with the cheaper plan)%n", plans.get(SHUFFLE_JOINS).size()));
            }
            for (double scale : modelScales) {
                CostModel.PlanChoice firstChoice = model.cheapest(plans, measuredScale, scale, CostPrices.X86_S3);
                CostModel.QueryCost first = firstChoice.cost();
                b.append(String.format(Locale.ROOT, "  SF %s, stages as chosen for %s (%s):%n", Demo.scaleText(scale),
                        CostPrices.X86_S3.label(), firstChoice.plan()));
                for (CostModel.StagePlan p : first.stages()) {
                    CostModel.ScaledStage w = p.work();
                    b.append(String.format(Locale.ROOT, "    stage %d %-5s %6d tasks × %5d MB, task %7.2f s, stage %7.2f s;"
                                    + " CPU %9.1f s, input %s, shuffle %s read / %s written%s: %s%n", w.stageId(),
                            w.scan() ? "scan" : "shuf", p.tasks(), p.memoryMb(), p.taskSeconds(), p.stageSeconds(),
                            w.cpuSeconds(), bytes(w.inputBytes()), bytes(w.shuffleReadBytes() + w.broadcastBytes() * p.tasks()),
                            bytes(p.shuffleWrittenBytes()), w.fixedOutputPerTask() ? " (fixed per task)" : "",
                            w.description()));
                }
                for (CostPrices prices : CostPrices.ALL) {
                    CostModel.PlanChoice choice = prices == CostPrices.X86_S3 ? firstChoice
                            : model.cheapest(plans, measuredScale, scale, prices);
                    CostModel.QueryCost cost = choice.cost();
                    String other = "";
                    if (plans.size() > 1) {
                        String otherPlan = choice.plan().equals(AS_PLANNED) ? SHUFFLE_JOINS : AS_PLANNED;
                        try {
                            other = String.format(Locale.ROOT, "; %s: %.3f¢", otherPlan,
                                    model.price(plans.get(otherPlan), measuredScale, scale, prices).dollars() * 100);
                        } catch (IllegalStateException fitsNoTask) {
                            other = "; " + otherPlan + ": a stage fits no Lambda task";
                        }
                    }
                    b.append(String.format(Locale.ROOT, "    %-30s %7.1f s  %8.3f¢ = Lambda %.3f¢ + requests %.3f¢ + "
                                    + "S3 %.3f¢  (%s, tasks %s%s)%n", prices.label(), cost.wallSeconds(),
                            cost.dollars() * 100, cost.lambdaDollars() * 100, cost.requestDollars() * 100,
                            cost.s3Dollars() * 100, choice.plan(), cost.stages().stream()
                                    .map(p -> p.tasks() + "×" + p.memoryMb()).collect(Collectors.joining(", ")), other));
                }
                double[] skyrise = SKYRISE_SF1000.get(query);
                if (skyrise != null && scale == 1000) {
                    b.append(String.format(Locale.ROOT, "    %-30s %7.1f s  %8.3f¢ compute (published)%n",
                            "Skyrise, SF 1000", skyrise[0], skyrise[1]));
                }
            }
        }
        return b.toString();
    }

    private static String bytes(long n) {
        if (n < 1024L * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
        }
        if (n < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f MiB", n / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.1f GiB", n / (1024.0 * 1024 * 1024));
    }
}
