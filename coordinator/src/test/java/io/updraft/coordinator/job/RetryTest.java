package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.WorkerInvocationException;
import io.updraft.coordinator.invoke.WorkerInvocationException.Kind;
import io.updraft.coordinator.testing.FakeEngine;
import io.updraft.coordinator.testing.ManualClock;
import io.updraft.coordinator.testing.MemoryObjectStore;
import io.updraft.coordinator.testing.Plans;
import io.updraft.coordinator.testing.ScriptedInvoker;
import io.updraft.coordinator.testing.ScriptedInvoker.Answer;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Stage;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.random.RandomGenerator;

import static io.updraft.coordinator.testing.Plans.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Failure classification and retries with backoff, on a hand-driven clock (nothing sleeps). */
class RetryTest {
    private static final long MS = 1_000_000;
    private final MemoryObjectStore store = new MemoryObjectStore();
    private final FakeEngine engine = new FakeEngine(store);
    private final ManualClock clock = new ManualClock();

    /** Always draws the top of the range, so every delay is its ceiling. */
    static final RandomGenerator HIGHEST = new RandomGenerator() {
        @Override
        public long nextLong() {
            throw new UnsupportedOperationException();
        }

        @Override
        public long nextLong(long origin, long bound) {
            return bound - 1;
        }
    };

    private static JobPlan oneTask() {
        return new JobPlan(List.of(new Stage(0, Plans.scan(1), List.of(), null)), SCHEMA);
    }

    private ScriptedInvoker invoker;

    private JobRunner runner(Function<TaskSpec, Answer> script) {
        invoker = new ScriptedInvoker(2, script);
        return new JobRunner(invoker, Plans.oneRowGroupPerFile(), Plans::decode, store,
                JobRunnerOptions.defaults(2).withProgress(null).withClock(clock).withRandom(HIGHEST)
                        .withRetry(new RetryPolicy(4, 100 * MS, 10_000 * MS)));
    }

    private List<Integer> attempts() {
        return invoker.specs.stream().map(TaskSpec::attempt).toList();
    }

    @Test
    void transientFailuresAreRetriedAfterAnExponentialBackoffOnTheClock() {
        JobRunner runner = runner(spec -> spec.attempt() < 2
                ? Answer.of(TaskResult.failure(spec, ErrorType.TRANSIENT, "SlowDown: reduce your request rate",
                TaskMetrics.EMPTY))
                : Answer.of(engine.run(spec)));

        CompletableFuture<JobResult> job = runner.runAsync(oneTask());
        assertThat(attempts()).containsExactly(0);
        clock.advance(Duration.ofMillis(99));
        assertThat(attempts()).containsExactly(0);
        clock.advance(Duration.ofMillis(1));
        assertThat(attempts()).containsExactly(0, 1);
        clock.advance(Duration.ofMillis(199));
        assertThat(job).isNotDone();
        clock.advance(Duration.ofMillis(1));

        JobResult result = job.join();
        assertThat(attempts()).containsExactly(0, 1, 2);
        assertThat(clock.delays()).containsExactly(100 * MS, 200 * MS);
        assertThat(result.summary().retries()).isEqualTo(2);
        assertThat(result.summary().invocations()).isEqualTo(3);
    }

    @Test
    void crashesThrottlingAndTimeoutsAreRetried() {
        JobRunner runner = runner(spec -> switch (spec.attempt()) {
            case 0 -> Answer.fail(new WorkerInvocationException(Kind.CRASH, "Runtime.ExitError"));
            case 1 -> Answer.fail(new WorkerInvocationException(Kind.THROTTLED, "429 TooManyRequests"));
            case 2 -> Answer.fail(new WorkerInvocationException(Kind.TIMEOUT, "no answer within 1000 ms"));
            default -> Answer.of(engine.run(spec));
        });

        CompletableFuture<JobResult> job = runner.runAsync(oneTask());
        clock.advance(Duration.ofSeconds(10));

        assertThat(job.join().rows()).hasSize(1);
        assertThat(attempts()).containsExactly(0, 1, 2, 3);
    }

    @Test
    void anyOtherInvocationExceptionCountsAsACrash() {
        JobRunner runner = runner(spec -> spec.attempt() == 0 ? Answer.fail(new IllegalStateException("socket closed"))
                : Answer.of(engine.run(spec)));

        CompletableFuture<JobResult> job = runner.runAsync(oneTask());
        clock.advance(Duration.ofSeconds(1));

        assertThat(job.join().summary().retries()).isEqualTo(1);
    }

    @Test
    void aTaskThatFailsMaxAttemptsTimesFailsTheJobWithTheWorkersMessage() {
        JobRunner runner = runner(spec -> Answer.of(TaskResult.failure(spec, ErrorType.TRANSIENT,
                "Rate exceeded (Service: S3, Status Code: 503)", TaskMetrics.EMPTY)));

        CompletableFuture<JobResult> job = runner.runAsync(oneTask());
        clock.advance(Duration.ofMinutes(1));

        assertThatThrownBy(job::join).cause().isInstanceOfSatisfying(UpdraftException.class,
                        e -> assertThat(e.type()).isEqualTo(ErrorType.INTERNAL))
                .hasMessageMatching("Task 0 \\(attempt 3\\) of stage 0 in job-\\S+ failed \\(TRANSIENT\\): "
                        + "Rate exceeded \\(Service: S3, Status Code: 503\\)");
        assertThat(attempts()).containsExactly(0, 1, 2, 3);
        assertThat(clock.delays()).containsExactly(100 * MS, 200 * MS, 400 * MS);
    }

    @Test
    void invocationFailuresGiveUpWithTheirMessageToo() {
        JobRunner runner = runner(spec -> Answer.fail(new WorkerInvocationException(Kind.THROTTLED,
                "Lambda function w is throttled (429 TooManyRequests): Rate Exceeded.")));

        CompletableFuture<JobResult> job = runner.runAsync(oneTask());
        clock.advance(Duration.ofMinutes(1));

        assertThatThrownBy(job::join).cause().hasMessageEndingWith(
                "(attempt 3) of stage 0 in " + invoker.specs.get(0).jobId() + " could not run: Lambda function w is"
                        + " throttled (429 TooManyRequests): Rate Exceeded.");
    }

    @Test
    void userErrorsAreNeverRetried() {
        JobRunner runner = runner(spec -> Answer.of(TaskResult.failure(spec, ErrorType.USER,
                "[DIVIDE_BY_ZERO] Division by zero.", TaskMetrics.EMPTY)));

        assertThatThrownBy(() -> runner.run(oneTask())).isInstanceOfSatisfying(UpdraftException.class,
                e -> assertThat(e.type()).isEqualTo(ErrorType.USER)).hasMessage("[DIVIDE_BY_ZERO] Division by zero.");
        assertThat(attempts()).containsExactly(0);
        assertThat(clock.delays()).isEmpty();
    }

    @Test
    void rejectedInvocationsAreUserErrorsAndNotRetried() {
        JobRunner runner = runner(spec -> Answer.fail(new WorkerInvocationException(Kind.REJECTED,
                "Lambda function nope refused the invocation (HTTP 404): Function not found")));

        assertThatThrownBy(() -> runner.run(oneTask())).isInstanceOfSatisfying(UpdraftException.class,
                e -> assertThat(e.type()).isEqualTo(ErrorType.USER)).hasMessageContaining("Function not found");
        assertThat(attempts()).containsExactly(0);
    }

    @Test
    void internalResultsAreNotRetried() {
        JobRunner runner = runner(spec -> Answer.of(TaskResult.failure(spec, ErrorType.INTERNAL, "leaked Arrow memory",
                TaskMetrics.EMPTY)));

        assertThatThrownBy(() -> runner.run(oneTask())).hasMessageEndingWith("failed (INTERNAL): leaked Arrow memory");
        assertThat(attempts()).containsExactly(0);
    }

    @Test
    void aFailedMapTaskIsRetriedUnderANewKeyAndOnlyTheCommittedOneIsRead() {
        JobRunner runner = runner(spec -> spec.stageId() == 0 && spec.taskId() == 1 && spec.attempt() == 0
                ? Answer.fail(new WorkerInvocationException(Kind.CRASH, "Runtime.ExitError"))
                : Answer.of(engine.run(spec)));

        CompletableFuture<JobResult> job = runner.runAsync(Plans.shuffle(2, 1));
        clock.advance(Duration.ofSeconds(1));

        String jobId = job.join().jobId();
        assertThat(invoker.specsOf(1)).singleElement().satisfies(s -> assertThat(FakeEngine.describeLeaves(s.plan()))
                .contains(io.updraft.shuffle.format.ShuffleKeys.mapOutput(jobId, 0, 1, 1))
                .doesNotContain(io.updraft.shuffle.format.ShuffleKeys.mapOutput(jobId, 0, 1, 0)));
        assertThat(store.deletedKeys).contains(io.updraft.shuffle.format.ShuffleKeys.mapOutput(jobId, 0, 1, 0));
    }
}
