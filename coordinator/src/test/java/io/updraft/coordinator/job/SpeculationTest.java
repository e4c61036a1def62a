package io.updraft.coordinator.job;

import io.updraft.coordinator.testing.FakeEngine;
import io.updraft.coordinator.testing.ManualClock;
import io.updraft.coordinator.testing.MemoryObjectStore;
import io.updraft.coordinator.testing.Plans;
import io.updraft.coordinator.testing.ScriptedInvoker;
import io.updraft.coordinator.testing.ScriptedInvoker.Answer;
import io.updraft.core.error.ErrorType;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.Stage;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.shuffle.format.ShuffleKeys;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import static io.updraft.coordinator.testing.Plans.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;

/** Stragglers get a duplicate; the first committed attempt wins and the loser's output is deleted. */
class SpeculationTest {
    private static final long SECOND = 1_000_000_000L;
    private final MemoryObjectStore store = new MemoryObjectStore();
    private final FakeEngine engine = new FakeEngine(store);
    private final ManualClock clock = new ManualClock();
    private final CompletableFuture<TaskResult> firstAttemptOfTask0 = new CompletableFuture<>();
    private ScriptedInvoker invoker;

    private static final SpeculationPolicy ON = new SpeculationPolicy(true, 1.5, 0.75, SECOND, SECOND / 10);

    private JobRunner runner(SpeculationPolicy policy, Function<TaskSpec, Answer> script) {
        invoker = new ScriptedInvoker(4, script);
        return new JobRunner(invoker, Plans.oneRowGroupPerFile(), Plans::decode, store,
                JobRunnerOptions.defaults(4).withProgress(null).withClock(clock).withSpeculation(policy));
    }

    /** Map task 0's first attempt hangs until the test releases it; every other attempt takes 2 s. */
    private Answer hangFirstAttemptOfTask0(TaskSpec spec) {
        if (spec.stageId() == 0 && spec.taskId() == 0 && spec.attempt() == 0) {
            return Answer.hold(firstAttemptOfTask0);
        }
        return Answer.of(engine.run(spec));
    }

    private List<String> mapAttempts() {
        return invoker.specsOf(0).stream().map(s -> s.taskId() + "/" + s.attempt()).toList();
    }

    @Test
    void aHangingAttemptGetsADuplicateAndTheFirstCommitWins() {
        JobRunner runner = runner(ON, this::hangFirstAttemptOfTask0);
        CompletableFuture<JobResult> job = runner.runAsync(Plans.shuffle(4, 2));
        assertThat(mapAttempts()).containsExactly("0/0", "1/0", "2/0", "3/0");

        clock.advance(Duration.ofMillis(1000));   // 1.0 s: not beyond the 1 s minimum yet
        assertThat(mapAttempts()).hasSize(4);
        clock.advance(Duration.ofMillis(100));    // 1.1 s > max(1 s, 1.5 × median 0 s)

        JobResult result = job.join();
        String jobId = result.jobId();
        assertThat(mapAttempts()).containsExactly("0/0", "1/0", "2/0", "3/0", "0/1");
        for (TaskSpec reducer : invoker.specsOf(1)) {
            assertThat(((ShuffleRead) reducer.plan()).blocks()).extracting(ShuffleBlock::key)
                    .contains(ShuffleKeys.mapOutput(jobId, 0, 0, 1))
                    .doesNotContain(ShuffleKeys.mapOutput(jobId, 0, 0, 0));
        }
        assertThat(result.summary().speculativeAttempts()).isEqualTo(1);
        assertThat(result.summary().invocations()).isEqualTo(7);

        // the loser finishes late and writes its object: it is deleted at once
        firstAttemptOfTask0.complete(engine.run(invoker.specsOf(0).get(0)));
        assertThat(store.putKeys).contains(ShuffleKeys.mapOutput(jobId, 0, 0, 0));
        assertThat(store.keys()).isEmpty();
    }

    @Test
    void aLoserFinishingBeforeTheJobEndsIsDeletedAtOnce() {
        JobRunner runner = runner(ON, spec -> spec.stageId() == 1 && spec.attempt() == 0
                ? Answer.hold(new CompletableFuture<>())   // keep the job running: reducers hang
                : hangFirstAttemptOfTask0(spec));
        CompletableFuture<JobResult> job = runner.runAsync(Plans.shuffle(4, 1));
        clock.advance(Duration.ofMillis(1100));
        String jobId = invoker.specs.get(0).jobId();
        assertThat(mapAttempts()).contains("0/1");

        firstAttemptOfTask0.complete(engine.run(invoker.specsOf(0).get(0)));

        assertThat(job).isNotDone();
        assertThat(store.deletedKeys).containsExactly(ShuffleKeys.mapOutput(jobId, 0, 0, 0));
        assertThat(store.keys()).containsExactlyInAnyOrder(ShuffleKeys.mapOutput(jobId, 0, 0, 1),
                ShuffleKeys.mapOutput(jobId, 0, 1, 0), ShuffleKeys.mapOutput(jobId, 0, 2, 0),
                ShuffleKeys.mapOutput(jobId, 0, 3, 0));
    }

    @Test
    void theThresholdIsAMultipleOfTheMedianFinishedTime() {
        // tasks 1..3 take 4 s each (the invoker moves the clock), so a straggler needs > 6 s
        JobRunner runner = runner(ON, spec -> {
            if (spec.taskId() == 0 && spec.attempt() == 0) {
                return Answer.hold(firstAttemptOfTask0);
            }
            CompletableFuture<TaskResult> later = new CompletableFuture<>();
            clock.schedule(4 * SECOND, () -> later.complete(engine.run(spec)));
            return Answer.hold(later);
        });
        CompletableFuture<JobResult> job = runner.runAsync(
                new JobPlan(List.of(new Stage(0, Plans.scan(4), List.of(), null)), SCHEMA));

        clock.advance(Duration.ofMillis(6000));
        assertThat(invoker.specs).hasSize(4);
        clock.advance(Duration.ofMillis(200));
        assertThat(invoker.specs).hasSize(5);
        clock.advance(Duration.ofSeconds(4));

        assertThat(job.join().rows()).hasSize(4);
    }

    @Test
    void nothingIsSpeculatedBeforeTheQuantileOfTasksFinished() {
        CompletableFuture<TaskResult> second = new CompletableFuture<>();
        JobRunner runner = runner(ON, spec -> spec.taskId() == 1 && spec.attempt() == 0 ? Answer.hold(second)
                : hangFirstAttemptOfTask0(spec));
        CompletableFuture<JobResult> job = runner.runAsync(
                new JobPlan(List.of(new Stage(0, Plans.scan(4), List.of(), null)), SCHEMA));

        clock.advance(Duration.ofSeconds(30));   // 2 of 4 finished < 75 %
        assertThat(invoker.specs).hasSize(4);
        second.complete(engine.run(invoker.specs.get(1)));
        clock.advance(Duration.ofMillis(100));   // 3 of 4: task 0 has run 30 s
        assertThat(invoker.specs).hasSize(5);

        assertThat(job.join().summary().speculativeAttempts()).isEqualTo(1);
    }

    @Test
    void speculationIsOffByDefault() {
        JobRunner runner = runner(SpeculationPolicy.DISABLED, this::hangFirstAttemptOfTask0);
        CompletableFuture<JobResult> job = runner.runAsync(Plans.shuffle(4, 1));
        clock.advance(Duration.ofMinutes(10));

        assertThat(mapAttempts()).hasSize(4);
        assertThat(clock.pending()).isZero();
        firstAttemptOfTask0.complete(engine.run(invoker.specsOf(0).get(0)));
        assertThat(job.join().summary().speculativeAttempts()).isZero();
    }

    @Test
    void whenTheSpeculativeCopyFailsTheOriginalCanStillWin() {
        JobRunner runner = runner(ON, spec -> spec.stageId() == 0 && spec.taskId() == 0 && spec.attempt() == 1
                ? Answer.of(TaskResult.failure(spec, ErrorType.TRANSIENT, "SlowDown", TaskMetrics.EMPTY))
                : hangFirstAttemptOfTask0(spec));
        CompletableFuture<JobResult> job = runner.runAsync(Plans.shuffle(4, 1));
        clock.advance(Duration.ofMillis(1100));
        assertThat(mapAttempts()).contains("0/1");

        firstAttemptOfTask0.complete(engine.run(invoker.specsOf(0).get(0)));

        JobResult result = job.join();
        assertThat(invoker.specsOf(1)).singleElement().satisfies(r -> assertThat(((ShuffleRead) r.plan()).blocks())
                .extracting(ShuffleBlock::key).contains(ShuffleKeys.mapOutput(result.jobId(), 0, 0, 0)));
        assertThat(result.summary().retries()).isZero();
    }
}
