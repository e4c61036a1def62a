package io.updraft.coordinator.job;

import io.updraft.coordinator.testing.FakeEngine;
import io.updraft.coordinator.testing.ManualClock;
import io.updraft.coordinator.testing.MemoryObjectStore;
import io.updraft.coordinator.testing.Plans;
import io.updraft.coordinator.testing.ScriptedInvoker;
import io.updraft.coordinator.testing.ScriptedInvoker.Answer;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.ShuffleOutputLostException;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.plan.Union;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.shuffle.format.ShuffleKeys;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import static io.updraft.coordinator.testing.Plans.SCHEMA;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A stage read by two consumer stages (what the planner's exchange reuse makes: Q15's lineitem aggregation read by
 * two final aggregations, a broadcast read by two joins): both read every committed output, the output stays until
 * the job ends, a retried consumer reads it again, and a lost object found by the second consumer re-runs only the
 * producing task, not the first consumer.
 */
class SharedStageOutputTest {
    private static final long MS = 1_000_000;
    private final MemoryObjectStore store = new MemoryObjectStore();
    private final FakeEngine engine = new FakeEngine(store);
    private final ManualClock clock = new ManualClock();
    private ScriptedInvoker invoker;

    private JobRunner runner(Function<TaskSpec, Answer> script) {
        invoker = new ScriptedInvoker(3, script);
        return new JobRunner(invoker, Plans.oneRowGroupPerFile(), Plans::decode, store,
                JobRunnerOptions.defaults(3).withProgress(null).withClock(clock)
                        .withRetry(new RetryPolicy(4, 100 * MS, 1000 * MS)));
    }

    /**
     * Stage 0: 2 map tasks hashing into 2 partitions; stage 1: a broadcast. Stages 2 and 3 both read stage 0
     * partition-wise and stage 1 as a broadcast (stage 3 also waits for stage 2, so the order is fixed); stage 4
     * reads stage 3 partition-wise and stage 2 as a broadcast and returns rows.
     */
    private static JobPlan sharedPlan() {
        Operator reads = new Union(List.of(new StageInput(0, SCHEMA), new StageInput(1, SCHEMA, true)));
        return new JobPlan(List.of(
                new Stage(0, new ShuffleWrite(Plans.scan(2), Plans.hash(), 2), List.of(), "map"),
                new Stage(1, new ShuffleWrite(Plans.scan(1), new Partitioning.Single(), 1), List.of(), "broadcast"),
                new Stage(2, new ShuffleWrite(reads, new Partitioning.Single(), 1), List.of(0, 1), "first reader"),
                new Stage(3, new ShuffleWrite(reads, Plans.hash(), 2), List.of(0, 1, 2), "second reader"),
                new Stage(4, new Union(List.of(new StageInput(3, SCHEMA), new StageInput(2, SCHEMA, true))),
                        List.of(2, 3), "result")), SCHEMA);
    }

    /** The blocks task {@code spec} reads from stage {@code producer}'s outputs, as key@offset. */
    private static List<String> blocksOf(TaskSpec spec, String job, int producer) {
        List<String> out = new ArrayList<>();
        for (Operator leaf : ((Union) ((ShuffleWrite) spec.plan()).child()).inputs()) {
            for (ShuffleBlock b : ((ShuffleRead) leaf).blocks()) {
                ShuffleObjectNames.MapAttempt writer = ShuffleObjectNames.parse(b.key());
                if (writer.jobId().equals(job) && writer.stageId() == producer) {
                    out.add(b.key() + "@" + b.offset());
                }
            }
        }
        return out;
    }

    private static String block(String job, int stage, int task, int attempt, int partition) {
        return ShuffleKeys.mapOutput(job, stage, task, attempt) + "@" + 100 * partition;
    }

    @Test
    void bothConsumersReadEveryOutputOfTheSharedStages() {
        JobResult result = runner(spec -> Answer.of(engine.run(spec))).run(sharedPlan());
        String job = result.jobId();

        assertThat(invoker.specsOf(0)).hasSize(2);
        assertThat(invoker.specsOf(1)).hasSize(1);
        for (int consumer : List.of(2, 3)) {
            List<TaskSpec> specs = invoker.specsOf(consumer);
            assertThat(specs).hasSize(2);
            for (TaskSpec spec : specs) {
                int t = spec.taskId();
                assertThat(blocksOf(spec, job, 0)).as("stage %d task %d", consumer, t)
                        .containsExactly(block(job, 0, 0, 0, t), block(job, 0, 1, 0, t));
                assertThat(blocksOf(spec, job, 1)).containsExactly(block(job, 1, 0, 0, 0));
            }
        }
        assertThat(result.rows()).hasSize(2);
        assertThat(result.summary().retries()).isZero();
        assertThat(store.keys()).isEmpty();   // every output, read twice, deleted once the job ended
    }

    @Test
    void aRetriedSecondConsumerReadsTheSharedOutputAgain() throws Exception {
        CompletableFuture<JobResult> run = runner(spec -> spec.stageId() == 3 && spec.taskId() == 0
                && spec.attempt() == 0
                ? Answer.of(TaskResult.failure(spec, ErrorType.TRANSIENT, "SlowDown", TaskMetrics.EMPTY))
                : Answer.of(engine.run(spec))).runAsync(sharedPlan());
        while (!run.isDone()) {
            clock.advance(Duration.ofMillis(100));
        }
        JobResult result = run.get();
        String job = result.jobId();

        assertThat(invoker.specsOf(3)).extracting(s -> s.taskId() + "/" + s.attempt())
                .containsExactlyInAnyOrder("0/0", "1/0", "0/1");
        TaskSpec retry = invoker.specsOf(3).stream().filter(s -> s.attempt() == 1).findFirst().orElseThrow();
        assertThat(blocksOf(retry, job, 0)).containsExactly(block(job, 0, 0, 0, 0), block(job, 0, 1, 0, 0));
        assertThat(blocksOf(retry, job, 1)).containsExactly(block(job, 1, 0, 0, 0));
        assertThat(invoker.specsOf(0)).hasSize(2);
        assertThat(invoker.specsOf(2)).hasSize(2);
        assertThat(result.summary().retries()).isEqualTo(1);
        assertThat(store.keys()).isEmpty();
    }

    @Test
    void anOutputLostAfterTheFirstConsumerFinishedReRunsOnlyItsProducerTask() {
        JobResult result = runner(spec -> {
            if (spec.stageId() == 3 && spec.taskId() == 1 && spec.attempt() == 0) {
                String key = ShuffleKeys.mapOutput(spec.jobId(), 0, 0, 0);
                store.delete(key);   // the first consumer has read it; now it vanishes
                return Answer.of(TaskResult.failure(spec, new ShuffleOutputLostException(store.describe(key), null),
                        TaskMetrics.EMPTY));
            }
            return Answer.of(engine.run(spec));
        }).run(sharedPlan());
        String job = result.jobId();

        assertThat(invoker.specsOf(0)).extracting(s -> s.taskId() + "/" + s.attempt())
                .containsExactly("0/0", "1/0", "0/1");
        assertThat(invoker.specsOf(1)).hasSize(1);
        assertThat(invoker.specsOf(2)).hasSize(2);   // the first consumer is not run again
        assertThat(invoker.specsOf(3)).extracting(s -> s.taskId() + "/" + s.attempt())
                .containsExactlyInAnyOrder("0/0", "1/0", "1/1");
        TaskSpec rerun = invoker.specsOf(3).stream().filter(s -> s.attempt() == 1).findFirst().orElseThrow();
        assertThat(blocksOf(rerun, job, 0)).containsExactly(block(job, 0, 0, 1, 1), block(job, 0, 1, 0, 1));
        assertThat(result.summary().lostOutputReruns()).isEqualTo(1);
        assertThat(result.summary().retries()).isZero();
        assertThat(result.rows()).hasSize(2);
        assertThat(store.keys()).isEmpty();
    }
}
