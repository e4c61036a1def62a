package io.updraft.coordinator.summary;

import io.updraft.coordinator.job.JobResult;
import io.updraft.coordinator.job.JobRunner;
import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.coordinator.scan.ParquetFooterReader;
import io.updraft.coordinator.scan.PlanningRequests;
import io.updraft.coordinator.testing.FakeEngine;
import io.updraft.coordinator.testing.ManualClock;
import io.updraft.coordinator.testing.MemoryObjectStore;
import io.updraft.coordinator.testing.Plans;
import io.updraft.coordinator.testing.ScriptedInvoker;
import io.updraft.coordinator.testing.ScriptedInvoker.Answer;
import io.updraft.core.task.TaskResult;
import org.junit.jupiter.api.Test;

import io.updraft.engine.parquet.ParquetFileInfo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** What a job did and cost: counted over every attempt, data over committed ones. */
class JobSummaryTest {
    private final MemoryObjectStore store = new MemoryObjectStore();
    private final FakeEngine engine = new FakeEngine(store);
    private final ManualClock clock = new ManualClock();

    @Test
    void countsWorkRequestsGbSecondsAndCost() {
        // every attempt takes 2 s of (manual) time; map attempts PUT once, reducers make 3 GETs each
        ScriptedInvoker invoker = new ScriptedInvoker(8, spec -> {
            CompletableFuture<TaskResult> later = new CompletableFuture<>();
            clock.schedule(2_000_000_000L, () -> later.complete(engine.run(spec)));
            return Answer.hold(later);
        });
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        JobRunner runner = new JobRunner(invoker, Plans.oneRowGroupPerFile(), Plans::decode, store,
                JobRunnerOptions.defaults(8).withClock(clock)
                        .withProgress(new PrintStream(progress, true, StandardCharsets.UTF_8))
                        .withCost(new LambdaPrices(0.0000166667, 0.20, 0.005, 0.0004, 2048)));

        CompletableFuture<JobResult> job = runner.runAsync(Plans.shuffle(2, 3));
        clock.advance(Duration.ofSeconds(4));
        JobSummary s = job.join().summary();

        assertThat(s.stages()).isEqualTo(2);
        assertThat(s.tasks()).isEqualTo(5);
        assertThat(s.invocations()).isEqualTo(5);
        assertThat(s.workerPuts()).isEqualTo(2);
        assertThat(s.workerGets()).isEqualTo(9);
        assertThat(s.coordinatorPuts()).isZero();
        assertThat(s.inputBytesRead()).isEqualTo(5 * 1000);
        assertThat(s.shuffleBytesWritten()).isEqualTo(2 * 300);
        assertThat(s.lambdaGbSeconds()).isCloseTo(5 * 2 * 2.0, within(1e-9));   // 10 s at 2 GB
        double expected = 20 * 0.0000166667 + 5 * 0.20 / 1e6 + 2 * 0.005 / 1000 + 9 * 0.0004 / 1000;
        assertThat(s.estimatedDollars()).isCloseTo(expected, within(1e-12));
        String text = progress.toString(StandardCharsets.UTF_8);
        assertThat(text.lines().toList()).hasSize(3);
        assertThat(text).contains("[Stage 1/2] map: 2/2 tasks, 20 rows, 2.00 s", "[Stage 2/2] reduce: 3/3 tasks",
                "] 2 stages, 5 tasks, 5 invocations (0 retries, 0 speculative, 0 lost-output re-runs); read 4.9 KiB,"
                        + " shuffle 600 B written / 0 B read, results ",
                "S3 2 PUT / 9 GET (planning: 0 LIST, 0 HEAD, 0 GET); Lambda 20.000 GB-s; est. $0.000348");
    }

    @Test
    void planningRequestsAreShownApartAndPricedOnce() {
        ParquetFooterReader plain = Plans.oneRowGroupPerFile();
        java.util.concurrent.atomic.AtomicReference<PlanningRequests> pending =
                new java.util.concurrent.atomic.AtomicReference<>(new PlanningRequests(1, 8, 8));
        ParquetFooterReader footers = new ParquetFooterReader() {
            @Override
            public ParquetFileInfo read(String path) {
                return plain.read(path);
            }

            @Override
            public PlanningRequests takePlanningRequests() {
                return pending.getAndSet(PlanningRequests.NONE);
            }
        };
        ScriptedInvoker invoker = new ScriptedInvoker(4, spec -> Answer.of(engine.run(spec)));
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        LambdaPrices cost = new LambdaPrices(0.0000166667, 0.20, 0.005, 0.0004, 2048);
        JobRunner runner = new JobRunner(invoker, footers, Plans::decode, store, JobRunnerOptions.defaults(4)
                .withClock(clock).withProgress(new PrintStream(progress, true, StandardCharsets.UTF_8)).withCost(cost));

        JobSummary s = runner.runAsync(Plans.shuffle(2, 3)).join().summary();

        assertThat(s.planning()).isEqualTo(new PlanningRequests(1, 8, 8));
        assertThat(s.s3Puts()).isEqualTo(2);
        assertThat(s.s3Gets()).isEqualTo(9);
        assertThat(s.s3RequestDollars()).isCloseTo(cost.s3RequestDollars(2 + 1, 9 + 16), within(1e-15));
        assertThat(progress.toString(StandardCharsets.UTF_8)).contains("S3 2 PUT / 9 GET (planning: 1 LIST, 8 HEAD, 8 GET)");
        JobSummary next = runner.runAsync(Plans.shuffle(2, 3)).join().summary();
        assertThat(next.planning()).as("taken by the first job").isEqualTo(PlanningRequests.NONE);
    }

    @Test
    void aFailedJobPrintsItsSummaryToo() {
        ScriptedInvoker invoker = new ScriptedInvoker(2, spec -> Answer.of(spec.stageId() == 1
                ? TaskResult.failure(spec, io.updraft.core.error.ErrorType.USER, "bad", null) : engine.run(spec)));
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        JobRunner runner = new JobRunner(invoker, Plans.oneRowGroupPerFile(), Plans::decode, store,
                JobRunnerOptions.defaults(2).withClock(clock)
                        .withProgress(new PrintStream(progress, true, StandardCharsets.UTF_8)));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> runner.run(Plans.shuffle(2, 2))).hasMessage("bad");
        assertThat(progress.toString(StandardCharsets.UTF_8).lines().toList()).last().asString()
                .contains("2 stages, 4 tasks, 4 invocations").endsWith(" (failed)");
    }

    @Test
    void bytesReadWell() {
        assertThat(JobSummary.bytes(1023)).isEqualTo("1023 B");
        assertThat(JobSummary.bytes(1536)).isEqualTo("1.5 KiB");
        assertThat(JobSummary.bytes(5L * 1024 * 1024)).isEqualTo("5.0 MiB");
        assertThat(JobSummary.bytes(3L * 1024 * 1024 * 1024)).isEqualTo("3.00 GiB");
    }

    @Test
    void costModelArithmetic() {
        LambdaPrices m = LambdaPrices.AWS_US_EAST_1;
        assertThat(m.gbSeconds(1_000_000_000L)).isCloseTo(3008 / 1024.0, within(1e-12));
        assertThat(m.lambdaRequestDollars(1_000_000)).isCloseTo(0.20, within(1e-12));
        assertThat(m.s3RequestDollars(1000, 1000)).isCloseTo(0.0054, within(1e-12));
        assertThat(m.lambdaDurationDollars(1.0)).isEqualTo(0.0000166667);
    }
}
