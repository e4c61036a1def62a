package io.updraft.coordinator.testing;

import io.updraft.coordinator.invoke.WorkerInvoker;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A {@link WorkerInvoker} answering every spec from a script. Plain answers complete on the invoking thread, so a
 * job on this invoker runs entirely on the test's thread; {@link Answer#hold()} keeps an attempt running until
 * the test completes it. Records specs and the highest number of attempts in flight. Thread-safe.
 */
public final class ScriptedInvoker implements WorkerInvoker {
    /** What one attempt does. */
    public static final class Answer {
        final TaskResult result;
        final RuntimeException error;
        final CompletableFuture<TaskResult> later;

        private Answer(TaskResult result, RuntimeException error, CompletableFuture<TaskResult> later) {
            this.result = result;
            this.error = error;
            this.later = later;
        }

        public static Answer of(TaskResult result) {
            return new Answer(result, null, null);
        }

        public static Answer fail(RuntimeException error) {
            return new Answer(null, error, null);
        }

        /** Runs until the test completes the future this answer holds. */
        public static Answer hold(CompletableFuture<TaskResult> later) {
            return new Answer(null, null, later);
        }
    }

    private final int concurrency;
    private final Function<TaskSpec, Answer> script;
    public final List<TaskSpec> specs = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();

    public ScriptedInvoker(int concurrency, Function<TaskSpec, Answer> script) {
        this.concurrency = concurrency;
        this.script = script;
    }

    @Override
    public CompletableFuture<String> invoke(String taskSpecJson) {
        TaskSpec spec = TaskCodec.decodeSpec(taskSpecJson);
        specs.add(spec);
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        Answer a = script.apply(spec);
        CompletableFuture<String> f;
        if (a.later != null) {
            f = a.later.thenApply(TaskCodec::encode);
        } else if (a.error != null) {
            f = CompletableFuture.failedFuture(a.error);
        } else {
            f = CompletableFuture.completedFuture(TaskCodec.encode(a.result));
        }
        f.whenComplete((r, e) -> inFlight.decrementAndGet());
        return f;
    }

    @Override
    public int concurrency() {
        return concurrency;
    }

    public int maxInFlight() {
        return maxInFlight.get();
    }

    /** The specs of one stage, in the order they were sent. */
    public List<TaskSpec> specsOf(int stageId) {
        synchronized (specs) {
            return specs.stream().filter(s -> s.stageId() == stageId).toList();
        }
    }
}
