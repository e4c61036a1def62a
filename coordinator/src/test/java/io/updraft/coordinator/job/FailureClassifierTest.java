package io.updraft.coordinator.job;

import io.updraft.coordinator.invoke.WorkerInvocationException;
import io.updraft.coordinator.invoke.WorkerInvocationException.Kind;
import io.updraft.coordinator.job.FailureClassifier.Counted;
import io.updraft.coordinator.job.FailureClassifier.Decision;
import io.updraft.coordinator.job.FailureClassifier.Fatal;
import io.updraft.coordinator.job.FailureClassifier.Ignored;
import io.updraft.coordinator.job.FailureClassifier.LostOutput;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.ShuffleOutputLostException;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;

/** The failure decision for every kind of failed attempt: one row per case. */
class FailureClassifierTest {
    private static final String TASK = "Task 1 (attempt 0) of stage 2 in job-1-00000000";
    private static final TaskSpec SPEC = new TaskSpec("job-1-00000000", 2, 1, 0,
            new InlineBatches(new StructType(List.of()), List.of()), Map.of());

    private record Row(String name, AttemptOutcome outcome, Decision expected) {
    }

    private static AttemptOutcome result(TaskResult r) {
        return new AttemptOutcome(r, null);
    }

    private static AttemptOutcome error(Throwable e) {
        return new AttemptOutcome(null, e);
    }

    @Test
    void everyFailureHasItsDecision() {
        WorkerInvocationException rejected = new WorkerInvocationException(Kind.REJECTED, "access denied");
        WorkerInvocationException crash = new WorkerInvocationException(Kind.CRASH, "exit status 137");
        WorkerInvocationException throttled = new WorkerInvocationException(Kind.THROTTLED, "429");
        WorkerInvocationException serverError = new WorkerInvocationException(Kind.SERVER_ERROR, "HTTP 503");
        WorkerInvocationException timeout = new WorkerInvocationException(Kind.TIMEOUT, "no answer within 1000 ms");
        UpdraftException userOnCoordinator = UpdraftException.user("bad input");
        IllegalStateException bug = new IllegalStateException("boom");
        List<Row> table = List.of(
                new Row("lost shuffle output", result(TaskResult.failure(SPEC,
                        new ShuffleOutputLostException("s3://b/shuffle/ab/job-1-00000000/s0/t3-a1.arrow", null), null)),
                        new LostOutput("s3://b/shuffle/ab/job-1-00000000/s0/t3-a1.arrow")),
                new Row("USER result keeps class and SQLSTATE", result(TaskResult.failure(SPEC,
                        UpdraftException.user("DIVIDE_BY_ZERO", "22012", "Division by zero."), null)),
                        new Fatal(new UpdraftException(ErrorType.USER, "DIVIDE_BY_ZERO", "22012", "Division by zero.",
                                null))),
                new Row("TRANSIENT result", result(TaskResult.failure(SPEC, ErrorType.TRANSIENT, "SlowDown", null)),
                        new Counted(true, TASK + " failed (TRANSIENT): SlowDown", null)),
                new Row("INTERNAL result", result(TaskResult.failure(SPEC, ErrorType.INTERNAL, "leaked memory", null)),
                        new Counted(false, TASK + " failed (INTERNAL): leaked memory", null)),
                new Row("result without type or message", result(TaskResult.failure(SPEC, (ErrorType) null, null,
                        null)), new Counted(false, TASK + " failed (INTERNAL): (no message)", null)),
                new Row("a message prefix is no lost output", result(TaskResult.failure(SPEC, ErrorType.INTERNAL,
                        "Shuffle output lost: file:/x", null)),
                        new Counted(false, TASK + " failed (INTERNAL): Shuffle output lost: file:/x", null)),
                new Row("stopped attempt", error(new CancellationException()), new Ignored()),
                new Row("USER exception", error(userOnCoordinator), new Fatal(userOnCoordinator)),
                new Row("REJECTED invocation", error(rejected),
                        new Fatal(new UpdraftException(ErrorType.USER, TASK + " could not run: access denied", rejected))),
                new Row("CRASH", error(crash), new Counted(true, TASK + " could not run: exit status 137", crash)),
                new Row("THROTTLED", error(throttled), new Counted(true, TASK + " could not run: 429", throttled)),
                new Row("SERVER_ERROR", error(serverError), new Counted(true, TASK + " could not run: HTTP 503",
                        serverError)),
                new Row("TIMEOUT", error(timeout), new Counted(true, TASK + " could not run: no answer within 1000 ms",
                        timeout)),
                new Row("any other exception", error(bug), new Counted(true, TASK + " could not run: "
                        + "java.lang.IllegalStateException: boom", bug)));
        for (Row row : table) {
            assertThat(describe(FailureClassifier.classify(row.outcome(), TASK))).as(row.name())
                    .isEqualTo(describe(row.expected()));
        }
    }

    @Test
    void aUserFailureOfAWorkerShowsSparksMessage() {
        TaskResult r = TaskCodec.decodeResult(TaskCodec.encode(TaskResult.failure(SPEC,
                UpdraftException.user("DIVIDE_BY_ZERO", "22012", "Division by zero."), null)));
        Fatal fatal = (Fatal) FailureClassifier.classify(result(r), TASK);
        assertThat(fatal.error().type()).isEqualTo(ErrorType.USER);
        assertThat(fatal.error().errorClass()).isEqualTo("DIVIDE_BY_ZERO");
        assertThat(fatal.error().sqlState()).isEqualTo("22012");
        assertThat(fatal.error()).hasMessage("[DIVIDE_BY_ZERO] Division by zero. SQLSTATE: 22012");
    }

    @Test
    void answersAreDecodedForTheirAttemptOnly() {
        String other = TaskCodec.encode(TaskResult.failure(new TaskSpec("job-1-00000000", 2, 1, 5,
                SPEC.plan(), Map.of()), ErrorType.USER, "x", null));
        assertThat(FailureClassifier.classify(AttemptOutcome.decode(other, null, 2, 1, 0), TASK))
                .isInstanceOfSatisfying(Counted.class, c -> assertThat(c.message()).isEqualTo(TASK
                        + " could not run: the worker answered for stage 2 task 1 attempt 5"));
        assertThat(FailureClassifier.classify(AttemptOutcome.decode("not json", null, 2, 1, 0), TASK))
                .isInstanceOfSatisfying(Counted.class, c -> assertThat(c.retryable()).isTrue());
        assertThat(AttemptOutcome.decode(null, new CompletionException(crash()), 2, 1, 0).error())
                .isInstanceOf(WorkerInvocationException.class);
    }

    private static WorkerInvocationException crash() {
        return new WorkerInvocationException(Kind.CRASH, "x");
    }

    /** Decisions compared by kind, type, class, SQLSTATE, message and cause (exceptions have no equals). */
    private static String describe(Decision d) {
        return switch (d) {
            case Fatal f -> "Fatal " + f.error().type() + " " + f.error().errorClass() + " " + f.error().sqlState()
                    + " " + f.error().getMessage() + " cause=" + f.error().getCause();
            case Counted c -> "Counted retryable=" + c.retryable() + " " + c.message() + " cause="
                    + (c.cause() == null ? null : c.cause().getClass().getSimpleName() + ":" + c.cause().getMessage());
            case LostOutput l -> "LostOutput " + l.uri();
            case Ignored i -> "Ignored";
        };
    }
}
