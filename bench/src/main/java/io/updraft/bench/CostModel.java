package io.updraft.bench;

import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.core.task.TaskMetrics;

import java.util.ArrayList;
import java.util.List;

/**
 * Prices a query at a TPC-H scale factor on Lambda from the stage metrics of one run at a small scale (see the bench
 * README, "Cost model", for every assumption). Per stage, in the measured order: the work is scaled — a stage that
 * reads base tables by {@code target / measured} scale; a stage that reads shuffle by how much the output of the
 * stages it reads grew; a stage that ends in an aggregation whose tasks wrote at most
 * {@link Assumptions#smallOutputRows} rows each (a partial aggregation into a few groups) writes as many bytes per task as measured, whatever the scale — then the tasks and
 * the memory size are chosen: of every candidate (task counts from {@link Assumptions#bytesPerTaskCandidates}, memory
 * sizes from {@link Assumptions#memoryCandidatesMb}) that fits Lambda's limits, the cheapest whose stage time is at
 * most {@link Assumptions#targetStageSeconds}, else the fastest. Task time = invocation overhead + CPU time ÷ the
 * vCPU share of the memory size (single-threaded tasks: at most one vCPU) + bytes ÷ per-task throughput + request
 * latency; stage time = waves (tasks ÷ concurrency) × task time + scheduling overhead. Immutable.
 */
public final class CostModel {
    /** Memory per vCPU on Lambda. */
    public static final int MB_PER_VCPU = 1769;
    public static final int MAX_MEMORY_MB = 10240;
    public static final double MAX_TASK_SECONDS = 900;
    private static final double MIB = 1024 * 1024;
    private static final double GIB = 1024 * MIB;

    /**
     * The model's assumptions (defaults: {@link #DEFAULTS}, reasoned in the README).
     *
     * @param invocationSeconds      per task: a warm invocation, the task's decoding and its result
     * @param schedulingSeconds      per stage: the coordinator's planning and fan-out
     * @param bytesPerSecondPerTask  S3 transfer of one task (Standard and Express alike: Lambda's network limits it)
     * @param standardLatencySeconds first-byte latency of an S3 Standard request
     * @param expressLatencySeconds  first-byte latency of an S3 Express One Zone request
     * @param parallelRequests       requests one task keeps in flight
     * @param rangeGetBytes          the largest input range one GET reads
     * @param concurrency            the account's Lambda concurrency
     * @param taskSecondsLimit       a task's longest planned time (below Lambda's 15 min, for retries)
     * @param targetStageSeconds     the stage time the choice aims at
     * @param smallOutputRows        per task: at most this many output rows counts as a fixed-size output
     * @param baseMemoryMb           a task's memory besides its data (JVM, Arrow batches of a scan)
     * @param shuffleMemoryFactor    memory a task needs per byte of shuffle input (decoded Arrow and hash tables)
     * @param armCpuFactor           arm64 CPU time ÷ measured (x86) CPU time
     */
    public record Assumptions(double invocationSeconds, double schedulingSeconds, double bytesPerSecondPerTask,
                              double standardLatencySeconds, double expressLatencySeconds, int parallelRequests,
                              long rangeGetBytes, int concurrency, double taskSecondsLimit,
                              double targetStageSeconds, long smallOutputRows, int baseMemoryMb,
                              double shuffleMemoryFactor, double armCpuFactor, List<Long> bytesPerTaskCandidates,
                              List<Integer> memoryCandidatesMb) {
        public Assumptions {
            bytesPerTaskCandidates = List.copyOf(bytesPerTaskCandidates);
            memoryCandidatesMb = List.copyOf(memoryCandidatesMb);
            if (taskSecondsLimit > MAX_TASK_SECONDS) {
                throw new IllegalArgumentException("a Lambda invocation lasts at most 900 s");
            }
            for (int memory : memoryCandidatesMb) {
                if (memory < 128 || memory > MAX_MEMORY_MB) {
                    throw new IllegalArgumentException("Lambda memory is 128..10240 MB, not " + memory);
                }
            }
            if (concurrency < 1 || parallelRequests < 1 || bytesPerSecondPerTask <= 0 || rangeGetBytes <= 0) {
                throw new IllegalArgumentException("concurrency, requests in flight, throughput and range size must "
                        + "be positive");
            }
        }
    }

    public static final Assumptions DEFAULTS = new Assumptions(0.05, 0.2, 90e6, 0.025, 0.005, 8, 8L << 20, 1000, 600,
            10, 1000, 512, 4, 1.0,
            List.of(16L << 20, 32L << 20, 64L << 20, 128L << 20, 256L << 20, 512L << 20, 1L << 30, 2L << 30,
                    4L << 30),
            List.of(1024, MB_PER_VCPU, 2 * MB_PER_VCPU, 4 * MB_PER_VCPU, MAX_MEMORY_MB));

    /** The work of one stage at the target scale, before the choice of tasks. */
    public record ScaledStage(int stageId, String description, boolean scan, double cpuSeconds, long inputBytes,
                              long rowGroups, long shuffleReadBytes, long broadcastBytes, long producerTasks,
                              boolean fixedOutputPerTask,
                              long shuffleWriteBytes, long shuffleWriteBytesPerTask) {
    }

    /** One stage as chosen: the scaled work, tasks, memory, a task's time, the stage's time and dollars. */
    public record StagePlan(ScaledStage work, int tasks, int memoryMb, double taskSeconds, double stageSeconds,
                            double lambdaDollars, double requestDollars, double s3Dollars, long inputGets,
                            long shufflePuts, long shuffleGets, long shuffleWrittenBytes) {
        public double dollars() {
            return lambdaDollars + requestDollars + s3Dollars;
        }

        public double gbSeconds() {
            return tasks * taskSeconds * memoryMb / 1024.0;
        }
    }

    /** A query priced on one deployment. */
    public record QueryCost(double scale, CostPrices prices, List<StagePlan> stages) {
        public QueryCost {
            stages = List.copyOf(stages);
        }

        public double wallSeconds() {
            return stages.stream().mapToDouble(StagePlan::stageSeconds).sum();
        }

        /** Lambda duration: what Skyrise reports as "compute". */
        public double lambdaDollars() {
            return stages.stream().mapToDouble(StagePlan::lambdaDollars).sum();
        }

        public double requestDollars() {
            return stages.stream().mapToDouble(StagePlan::requestDollars).sum();
        }

        public double s3Dollars() {
            return stages.stream().mapToDouble(StagePlan::s3Dollars).sum();
        }

        public double dollars() {
            return lambdaDollars() + requestDollars() + s3Dollars();
        }
    }

    /** The plan of a query that priced cheapest among its measured alternatives, by the alternative's name. */
    public record PlanChoice(String plan, QueryCost cost) {
    }

    /**
     * Prices every measured plan of one query (e.g. "as planned" with its broadcast joins, and "shuffle joins" measured
     * with broadcasts off) and keeps the cheapest: at a large scale a broadcast every probe task re-reads costs more
     * than shuffling both sides, so the plan to price is the one a cost-based choice would make. Ties keep the first.
     */
    public PlanChoice cheapest(java.util.Map<String, List<StageMetrics>> plans, double measuredScale, double targetScale,
                               CostPrices prices) {
        PlanChoice best = null;
        IllegalStateException unfit = null;
        for (var plan : plans.entrySet()) {
            QueryCost cost;
            try {
                cost = price(plan.getValue(), measuredScale, targetScale, prices);
            } catch (IllegalStateException fitsNoTask) {
                // a broadcast chosen at the measured scale may fit no Lambda memory at the target: the other plan
                unfit = fitsNoTask;
                continue;
            }
            if (best == null || cost.dollars() < best.cost().dollars()) {
                best = new PlanChoice(plan.getKey(), cost);
            }
        }
        if (best == null) {
            if (unfit != null) {
                throw unfit;
            }
            throw new IllegalArgumentException("no plan to price");
        }
        return best;
    }

    private final Assumptions assumptions;

    public CostModel(Assumptions assumptions) {
        this.assumptions = assumptions;
    }

    public Assumptions assumptions() {
        return assumptions;
    }

    /**
     * Prices the stages measured at {@code measuredScale} (one job's stages in run order; several jobs of one query
     * concatenated) at {@code targetScale} on {@code prices}.
     */
    public QueryCost price(List<StageMetrics> measured, double measuredScale, double targetScale, CostPrices prices) {
        if (!(measuredScale > 0) || !(targetScale > 0)) {
            throw new IllegalArgumentException("scale factors must be positive");
        }
        double factor = targetScale / measuredScale;
        List<StagePlan> plans = new ArrayList<>();
        List<Integer> pending = new ArrayList<>();   // stages whose shuffle output no later stage has read yet
        for (StageMetrics stage : measured) {
            ScaledStage work = scale(stage, factor, measured, plans, pending);
            StagePlan plan = choose(work, prices);
            plans.add(plan);
            if (stage.totals().shuffleBytesWritten() > 0) {
                pending.add(plans.size() - 1);
            }
        }
        return new QueryCost(targetScale, prices, plans);
    }

    /** The stage's work at the target scale (the stages it reads are consumed from {@code pending}). */
    ScaledStage scale(StageMetrics stage, double factor, List<StageMetrics> measured, List<StagePlan> plans,
                      List<Integer> pending) {
        TaskMetrics t = stage.totals();
        int tasks = Math.max(1, stage.tasks());
        boolean scan = t.bytesRead() > 0;
        double growth = factor;
        long producerTasks = 0;
        boolean broadcast = stage.description().contains("read broadcast");
        // every task of a stage that reads a broadcast reads all of it
        long readOfProducers = broadcast ? t.shuffleBytesRead() / tasks : t.shuffleBytesRead();
        long broadcastBytes = 0;
        if (t.shuffleBytesRead() > 0) {
            // the most recent unread outputs whose bytes add up to what this stage read
            long measuredSum = 0;
            long modeledSum = 0;
            while (!pending.isEmpty() && measuredSum < readOfProducers * 0.99) {
                int producer = pending.removeLast();
                measuredSum += measured.get(producer).totals().shuffleBytesWritten();
                modeledSum += plans.get(producer).shuffleWrittenBytes();
                producerTasks += plans.get(producer).tasks();
            }
            growth = measuredSum == 0 ? factor : (double) modeledSum / measuredSum;
            if (broadcast) {
                broadcastBytes = modeledSum;
                growth = factor;   // the stage's own work grows with its table
            }
        }
        double workGrowth = scan ? factor : growth;
        boolean fixed = t.shuffleBytesWritten() > 0 && t.rowsOutput() <= assumptions.smallOutputRows() * tasks
                && (t.rowsRead() == 0 || t.rowsOutput() * 100 <= t.rowsRead()) && endsInAggregate(stage.description());
        return new ScaledStage(stage.stageId(), stage.description(), scan, t.cpuNanos() / 1e9 * workGrowth,
                Math.round(t.bytesRead() * factor), Math.round(t.rowGroupsRead() * factor),
                broadcast ? 0 : Math.round(t.shuffleBytesRead() * growth), broadcastBytes,
                Math.max(producerTasks, t.shuffleBytesRead() > 0 ? 1 : 0), fixed, Math.round(t.shuffleBytesWritten() * workGrowth), t.shuffleBytesWritten() / tasks);
    }

    /**
     * Whether the stage's last row-changing step ({@code StageDescriptions}: "scan lineitem → filter → partial
     * aggregate") is an aggregation — whose output is its groups, not a share of its input as a filter's or a join's.
     */
    static boolean endsInAggregate(String description) {
        String last = "";
        for (String step : description.split(" → ")) {
            if (step.contains("aggregate") || step.contains("join") || step.contains("filter") || step.startsWith("scan")
                    || step.startsWith("read stage") || step.contains("limit")) {
                last = step;
            }
        }
        return last.contains("aggregate");
    }

    /** The cheapest candidate within the target stage time, else the fastest; every candidate within Lambda's limits. */
    StagePlan choose(ScaledStage work, CostPrices prices) {
        List<Integer> taskCounts = new ArrayList<>();
        taskCounts.add(1);
        long bytes = work.inputBytes() + work.shuffleReadBytes();
        for (long perTask : assumptions.bytesPerTaskCandidates()) {
            int n = (int) Math.min(100_000, Math.max(1, (long) Math.ceil((double) bytes / perTask)));
            if (!taskCounts.contains(n)) {
                taskCounts.add(n);
            }
        }
        StagePlan cheapestInTarget = null;
        StagePlan fastest = null;
        for (int memory : assumptions.memoryCandidatesMb()) {
            for (int n : taskCounts) {
                StagePlan plan = evaluate(work, n, memory, prices);
                if (plan == null) {
                    continue;
                }
                if (plan.stageSeconds() <= assumptions.targetStageSeconds()
                        && (cheapestInTarget == null || plan.dollars() < cheapestInTarget.dollars())) {
                    cheapestInTarget = plan;
                }
                if (fastest == null || plan.stageSeconds() < fastest.stageSeconds()) {
                    fastest = plan;
                }
            }
        }
        StagePlan chosen = cheapestInTarget != null ? cheapestInTarget : fastest;
        if (chosen == null) {
            throw new IllegalStateException("stage " + work.stageId() + " fits no Lambda task: " + work);
        }
        return chosen;
    }

    /** One candidate; null when it breaks Lambda's limits (time, memory). */
    StagePlan evaluate(ScaledStage work, int tasks, int memoryMb, CostPrices prices) {
        Assumptions a = assumptions;
        double inputPerTask = (double) work.inputBytes() / tasks;
        double shuffleReadPerTask = (double) work.shuffleReadBytes() / tasks + work.broadcastBytes();
        long written = work.fixedOutputPerTask() ? work.shuffleWriteBytesPerTask() * tasks : work.shuffleWriteBytes();
        double writePerTask = (double) written / tasks;
        double neededMb = a.baseMemoryMb() + a.shuffleMemoryFactor() * shuffleReadPerTask / MIB;
        if (neededMb > memoryMb) {
            return null;
        }
        long rowGroupsPerTask = (long) Math.ceil((double) work.rowGroups() / tasks);
        long inputGetsPerTask = work.inputBytes() == 0 ? 0
                : Math.max(rowGroupsPerTask, (long) Math.ceil(inputPerTask / a.rangeGetBytes())) + 1;   // + footer
        long shuffleGetsPerTask = work.producerTasks();   // one range of every map task's object
        long putsPerTask = written > 0 ? 1 : 0;
        double cpuShare = Math.min(1.0, (double) memoryMb / MB_PER_VCPU);
        double cpuFactor = prices.architecture().equals("arm64") ? a.armCpuFactor() : 1.0;
        double shuffleLatency = prices.expressShuffle() ? a.expressLatencySeconds() : a.standardLatencySeconds();
        double taskSeconds = a.invocationSeconds()
                + work.cpuSeconds() * cpuFactor / tasks / cpuShare
                + (inputPerTask + shuffleReadPerTask + writePerTask) / a.bytesPerSecondPerTask()
                + (inputGetsPerTask * a.standardLatencySeconds() + (shuffleGetsPerTask + putsPerTask) * shuffleLatency)
                / a.parallelRequests();
        if (taskSeconds > a.taskSecondsLimit()) {
            return null;
        }
        long waves = (tasks + a.concurrency() - 1) / a.concurrency();
        double stageSeconds = a.schedulingSeconds() + waves * taskSeconds;
        double lambda = tasks * taskSeconds * memoryMb / 1024.0 * prices.gbSecondDollars();
        double requests = tasks * prices.millionRequestsDollars() / 1e6;
        long inputGets = inputGetsPerTask * tasks;
        long shuffleGets = shuffleGetsPerTask * tasks;
        long shufflePuts = putsPerTask * tasks;
        double s3 = inputGets * prices.inputThousandGetsDollars() / 1000
                + shufflePuts * prices.shuffleThousandPutsDollars() / 1000
                + shuffleGets * prices.shuffleThousandGetsDollars() / 1000;
        if (prices.expressShuffle()) {
            double putBytes = Math.max(0, writePerTask - CostPrices.EXPRESS_FREE_BYTES_PER_REQUEST) * shufflePuts;
            double getSize = shuffleGets == 0 ? 0 : shuffleReadPerTask * tasks / shuffleGets;
            double getBytes = Math.max(0, getSize - CostPrices.EXPRESS_FREE_BYTES_PER_REQUEST) * shuffleGets;
            s3 += putBytes / GIB * prices.shuffleUploadGbDollars() + getBytes / GIB * prices.shuffleRetrievalGbDollars();
        }
        return new StagePlan(work, tasks, memoryMb, taskSeconds, stageSeconds, lambda, requests, s3, inputGets,
                shufflePuts, shuffleGets, written);
    }
}
