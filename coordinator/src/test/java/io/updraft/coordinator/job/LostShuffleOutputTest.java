package io.updraft.coordinator.job;

import io.updraft.coordinator.summary.StageMetrics;
import io.updraft.coordinator.testing.FakeEngine;
import io.updraft.coordinator.testing.ManualClock;
import io.updraft.coordinator.testing.MemoryObjectStore;
import io.updraft.coordinator.testing.Plans;
import io.updraft.coordinator.testing.ScriptedInvoker;
import io.updraft.coordinator.testing.ScriptedInvoker.Answer;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.ShuffleOutputLostException;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.shuffle.format.ShuffleKeys;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A consumer that finds an input shuffle object missing gets its producer re-run, and nothing else. */
class LostShuffleOutputTest {
    private final MemoryObjectStore store = new MemoryObjectStore();
    private final FakeEngine engine = new FakeEngine(store);
    private final ManualClock clock = new ManualClock();
    private ScriptedInvoker invoker;

    private JobRunner runner(Function<TaskSpec, Answer> script) {
        invoker = new ScriptedInvoker(3, script);
        return new JobRunner(invoker, Plans.oneRowGroupPerFile(), Plans::decode, store,
                JobRunnerOptions.defaults(3).withProgress(null).withClock(clock));
    }

    /** A reducer that reports a missing input when one of its blocks names an object no longer in the store. */
    private Answer reduceOrReportLost(TaskSpec spec) {
        for (ShuffleBlock b : ((ShuffleRead) spec.plan()).blocks()) {
            if (!store.contains(b.key())) {
                return Answer.of(TaskResult.failure(spec,
                        new ShuffleOutputLostException(store.describe(b.key()), null), TaskMetrics.EMPTY));
            }
        }
        return Answer.of(engine.run(spec));
    }

    @Test
    void onlyTheProducingMapTaskRunsAgainThenTheConsumer() {
        JobRunner runner = runner(spec -> {
            if (spec.stageId() == 1 && spec.taskId() == 1 && spec.attempt() == 0) {
                store.delete(ShuffleKeys.mapOutput(spec.jobId(), 0, 2, 0));   // the object vanishes
            }
            return spec.stageId() == 1 ? reduceOrReportLost(spec) : Answer.of(engine.run(spec));
        });

        JobResult result = runner.run(Plans.shuffle(3, 2));
        String job = result.jobId();

        assertThat(invoker.specsOf(0)).extracting(s -> s.taskId() + "/" + s.attempt())
                .containsExactly("0/0", "1/0", "2/0", "2/1");
        assertThat(invoker.specsOf(1)).extracting(s -> s.taskId() + "/" + s.attempt())
                .containsExactly("0/0", "1/0", "1/1");
        TaskSpec rerun = invoker.specsOf(1).get(2);
        assertThat(((ShuffleRead) rerun.plan()).blocks()).extracting(ShuffleBlock::key).containsExactly(
                ShuffleKeys.mapOutput(job, 0, 0, 0), ShuffleKeys.mapOutput(job, 0, 1, 0),
                ShuffleKeys.mapOutput(job, 0, 2, 1));
        assertThat(result.summary().lostOutputReruns()).isEqualTo(1);
        assertThat(result.summary().retries()).isZero();
        assertThat(result.stages()).extracting(StageMetrics::tasks).containsExactly(3, 2);
        assertThat(store.keys()).isEmpty();
        assertThat(clock.delays()).isEmpty();
    }

    @Test
    void twoConsumersLosingTheSameObjectShareOneReRun() {
        JobRunner runner = runner(spec -> {
            if (spec.stageId() == 1 && spec.taskId() == 0 && spec.attempt() == 0) {
                store.delete(ShuffleKeys.mapOutput(spec.jobId(), 0, 0, 0));
            }
            return spec.stageId() == 1 ? reduceOrReportLost(spec) : Answer.of(engine.run(spec));
        });

        JobResult result = runner.run(Plans.shuffle(2, 3));

        assertThat(invoker.specsOf(0)).extracting(s -> s.taskId() + "/" + s.attempt())
                .containsExactly("0/0", "1/0", "0/1");
        assertThat(invoker.specsOf(1)).hasSize(6);
        assertThat(result.summary().lostOutputReruns()).isEqualTo(1);
    }

    @Test
    void aProducerWhoseOutputKeepsVanishingFailsTheJobEventually() {
        JobRunner runner = runner(spec -> {
            if (spec.stageId() == 1) {
                store.delete(ShuffleKeys.mapOutput(spec.jobId(), 0, 0, spec.attempt()));
                return reduceOrReportLost(spec);
            }
            return Answer.of(engine.run(spec));
        });

        assertThatThrownBy(() -> runner.run(Plans.shuffle(1, 1))).isInstanceOfSatisfying(UpdraftException.class,
                e -> assertThat(e.type()).isEqualTo(ErrorType.INTERNAL)).hasMessageContaining("Shuffle output lost: ")
                .hasMessageContaining("(lost 5 times)");
        assertThat(invoker.specsOf(0)).hasSize(5);
    }

    @Test
    void aLostObjectThatIsNoMapOutputOfThisJobFailsTheJob() {
        JobRunner runner = runner(spec -> spec.stageId() == 1
                ? Answer.of(TaskResult.failure(spec, new ShuffleOutputLostException(
                "s3://b/shuffle/aa/job-0-00000000/s0/t0-a0.arrow", null), TaskMetrics.EMPTY))
                : Answer.of(engine.run(spec)));

        assertThatThrownBy(() -> runner.run(Plans.shuffle(1, 1))).hasMessageContaining("not a map output of this job");
        assertThat(List.copyOf(invoker.specsOf(0))).hasSize(1);
    }
}
