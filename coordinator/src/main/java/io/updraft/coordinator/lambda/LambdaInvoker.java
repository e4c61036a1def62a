package io.updraft.coordinator.lambda;

import io.updraft.coordinator.invoke.StoreRequests;
import io.updraft.coordinator.invoke.WorkerInvocationException;
import io.updraft.coordinator.invoke.WorkerInvocationException.Kind;
import io.updraft.coordinator.invoke.WorkerInvoker;
import io.updraft.coordinator.job.TaskClock;
import io.updraft.coordinator.lambda.LambdaResponses.Answer;
import io.updraft.coordinator.lambda.SlotPool.Slot;
import io.updraft.shuffle.store.ObjectStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.services.lambda.model.InvocationType;
import software.amazon.awssdk.services.lambda.model.InvokeRequest;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * {@link WorkerInvoker} on AWS Lambda: one RequestResponse Invoke of the worker function per task attempt.
 * <ul>
 *   <li><b>Slots</b> ({@link SlotPool}): with endpoints (a pool of Runtime Interface Emulators) one transport
 *   per endpoint serving ONE invocation at a time, like a real execution environment; without, one transport to
 *   AWS serving up to {@code maxConcurrency}. Beyond the concurrency an invocation waits in a FIFO queue
 *   ({@link #invoke} never blocks).</li>
 *   <li><b>Answers</b> ({@link LambdaResponses}) → a TaskResult, or a {@link WorkerInvocationException} by kind;
 *   no answer within {@code timeoutMillis} is TIMEOUT too (all but REJECTED are retried by the scheduler). A
 *   timed-out invocation keeps its slot until the call really ends (the environment is still busy); if it then
 *   answers with a shuffle object, that object is deleted (the attempt was never committed).</li>
 *   <li><b>Large payloads</b> ({@link PayloadOffload}): a spec over {@code maxPayloadBytes} is stored under the
 *   payload root and sent as a reference; a worker answering with a reference has its result read from the
 *   store; both objects are deleted afterwards.</li>
 * </ul>
 * Thread-safe.
 */
public final class LambdaInvoker implements WorkerInvoker {
    private static final Logger LOG = LoggerFactory.getLogger(LambdaInvoker.class);

    private final LambdaSettings settings;
    private final SlotPool pool;
    private final int concurrency;
    private final TaskClock clock;
    private final PayloadOffload payloads;
    private final LateAnswers late;
    private final AutoCloseable resources;
    private final Object lock = new Object();
    private final Deque<Pending> pending = new ArrayDeque<>();
    private boolean closed;
    private boolean wakeUpScheduled;

    private record Pending(String spec, CompletableFuture<String> result) {
    }

    /**
     * @param transports    one per emulator endpoint (capacity 1 each), or a single one to AWS (capacity
     *                      {@code maxConcurrency}) when {@code settings.endpoints()} is empty
     * @param payloadStore  the store under {@code payloadRoot} for payloads over the limit (null: none allowed);
     *                      not closed here
     * @param storeSettings the {@code updraft.s3.*} settings a worker needs to read a spec reference
     * @param resources     closed last by {@link #close()} (e.g. shared event loops), may be null
     */
    public LambdaInvoker(LambdaSettings settings, List<LambdaTransport> transports, TaskClock clock,
                         ObjectStore payloadStore, String payloadRoot, Map<String, String> storeSettings,
                         AutoCloseable resources) {
        this(settings, transports, clock, payloadStore, payloadRoot, storeSettings, null, resources);
    }

    /**
     * As above, plus {@code shuffleStore}: the store under {@code updraft.shuffle.root} (not closed here), where
     * the shuffle object of a map attempt that answers after its invocation timed out is deleted — the
     * scheduler has already given up on that attempt, so nothing else would (null: leave it to the bucket's
     * lifecycle rule).
     */
    public LambdaInvoker(LambdaSettings settings, List<LambdaTransport> transports, TaskClock clock,
                         ObjectStore payloadStore, String payloadRoot, Map<String, String> storeSettings,
                         ObjectStore shuffleStore, AutoCloseable resources) {
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        if (transports.isEmpty()) {
            throw new IllegalArgumentException("at least one transport is needed");
        }
        boolean emulators = !settings.endpoints().isEmpty();
        if (emulators && transports.size() != settings.endpoints().size()) {
            throw new IllegalArgumentException(transports.size() + " transports for " + settings.endpoints().size()
                    + " endpoints");
        }
        List<Slot> list = new ArrayList<>();
        for (int i = 0; i < transports.size(); i++) {
            String name = emulators ? settings.endpoints().get(i).toString()
                    : "AWS Lambda (" + settings.region() + ")";
            list.add(new Slot(name, transports.get(i), emulators ? 1 : settings.maxConcurrency()));
        }
        this.pool = new SlotPool(list);
        this.concurrency = emulators ? Math.min(settings.maxConcurrency(), list.size()) : settings.maxConcurrency();
        this.payloads = new PayloadOffload(payloadStore, payloadRoot, storeSettings, settings.maxPayloadBytes());
        this.late = new LateAnswers(payloads, shuffleStore);
        this.resources = resources;
    }

    /**
     * SDK clients for {@code settings}: one per endpoint, or one to AWS; they share two Netty event-loop threads.
     */
    public static LambdaInvoker create(LambdaSettings settings, TaskClock clock, ObjectStore payloadStore,
                                       String payloadRoot, Map<String, String> storeSettings) {
        return create(settings, clock, payloadStore, payloadRoot, storeSettings, null);
    }

    /** As above; late map answers have their shuffle object deleted from {@code shuffleStore}. */
    public static LambdaInvoker create(LambdaSettings settings, TaskClock clock, ObjectStore payloadStore,
                                       String payloadRoot, Map<String, String> storeSettings,
                                       ObjectStore shuffleStore) {
        SdkEventLoopGroup eventLoops = SdkEventLoopGroup.builder().numberOfThreads(2).build();
        Duration sdkTimeout = Duration.ofNanos(settings.timeoutNanos()).plusSeconds(60);
        List<LambdaTransport> transports = new ArrayList<>();
        if (settings.endpoints().isEmpty()) {
            transports.add(LambdaTransport.sdk(settings, null, settings.maxConcurrency(), sdkTimeout, eventLoops));
        } else {
            for (URI endpoint : settings.endpoints()) {
                transports.add(LambdaTransport.sdk(settings, endpoint, 2, sdkTimeout, eventLoops));
            }
        }
        return new LambdaInvoker(settings, transports, clock, payloadStore, payloadRoot, storeSettings,
                shuffleStore, () -> eventLoops.eventLoopGroup().shutdownGracefully(0, 2, TimeUnit.SECONDS));
    }

    @Override
    public CompletableFuture<String> invoke(String taskSpecJson) {
        Objects.requireNonNull(taskSpecJson, "taskSpecJson is null");
        CompletableFuture<String> result = new CompletableFuture<>();
        synchronized (lock) {
            if (closed) {
                result.completeExceptionally(new WorkerInvocationException(Kind.REJECTED, "the Lambda invoker is"
                        + " closed"));
                return result;
            }
            pending.add(new Pending(taskSpecJson, result));
        }
        pump();
        return result;
    }

    @Override
    public int concurrency() {
        return concurrency;
    }

    @Override
    public StoreRequests storeRequests() {
        return payloads.requests();
    }

    /** Invocations in flight now (tests). */
    int inFlight() {
        synchronized (lock) {
            return pool.inFlight();
        }
    }

    // ---------------------------------------------------------------- dispatch

    private record Dispatch(Pending pending, Slot slot) {
    }

    private void pump() {
        List<Dispatch> start = new ArrayList<>();
        synchronized (lock) {
            long now = clock.nanoTime();
            while (pool.inFlight() < concurrency && !pending.isEmpty()) {
                Pending p = pending.peek();
                if (p.result().isDone()) {
                    pending.poll();
                    continue;
                }
                Slot slot = pool.acquire(now);
                if (slot == null) {
                    scheduleWakeUp(now);
                    break;
                }
                pending.poll();
                start.add(new Dispatch(p, slot));
            }
        }
        for (Dispatch d : start) {
            dispatch(d);
        }
    }

    /** With every free slot skipped, pumps again when the first may be used. Called under the lock. */
    private void scheduleWakeUp(long now) {
        long wakeAt = pool.nextWakeUp(now);
        if (wakeAt == Long.MAX_VALUE || wakeUpScheduled) {
            return;
        }
        wakeUpScheduled = true;
        clock.schedule(wakeAt - now, () -> {
            synchronized (lock) {
                wakeUpScheduled = false;
            }
            pump();
        });
    }

    private void dispatch(Dispatch d) {
        CompletableFuture<PayloadOffload.Outgoing> outgoing;
        try {
            outgoing = payloads.outgoing(d.pending().spec());
        } catch (RuntimeException e) {
            outgoing = CompletableFuture.failedFuture(e);
        }
        CompletableFuture<String> result = d.pending().result();
        TaskClock.Cancellable timeout = clock.schedule(settings.timeoutNanos(), () -> result.completeExceptionally(
                new WorkerInvocationException(Kind.TIMEOUT, function() + " at " + d.slot().name
                        + " did not answer within " + settings.timeoutNanos() / 1_000_000 + " ms ("
                        + LambdaSettings.TIMEOUT_MILLIS + "; raise it, or make tasks smaller with more"
                        + " spark.sql.shuffle.partitions)")));
        String[] storedSpec = new String[1];
        outgoing.thenCompose(out -> {
                    storedSpec[0] = out.storedKey();
                    return d.slot().transport.invoke(InvokeRequest.builder()
                            .functionName(settings.functionName())
                            .invocationType(InvocationType.REQUEST_RESPONSE)
                            .payload(SdkBytes.fromByteArray(out.bytes()))
                            .build());
                })
                .whenComplete((response, error) -> {
                    timeout.cancel();
                    Answer answer = error == null
                            ? LambdaResponses.classify(function(), d.slot().name, response) : null;
                    if (answer != null && result.isDone()) {
                        late.handle(answer, d.pending().spec());   // before release: close() waits for the deletes it starts
                    }
                    release(d.slot(), error);
                    if (storedSpec[0] != null) {
                        payloads.delete(storedSpec[0]);
                    }
                    complete(d.slot(), result, answer, error);
                    pump();
                });
    }

    private String function() {
        return "Lambda function " + settings.functionName();
    }

    private void release(Slot slot, Throwable error) {
        synchronized (lock) {
            pool.release(slot, unwrap(error) instanceof SdkClientException, error == null, clock.nanoTime());
            lock.notifyAll();
        }
    }

    // ---------------------------------------------------------------- answers

    private void complete(Slot slot, CompletableFuture<String> result, Answer answer, Throwable error) {
        if (result.isDone()) {
            return;
        }
        if (error != null) {
            WorkerInvocationException failure = LambdaResponses.classify(function() + " at " + slot.name,
                    unwrap(error));
            LOG.debug("Invocation of {} failed ({}): {}", slot.name, failure.kind(), failure.getMessage());
            result.completeExceptionally(failure);
            return;
        }
        switch (answer) {
            case LambdaResponses.Result r -> result.complete(r.json());
            case LambdaResponses.Reference r -> payloads.read(r.reference()).whenComplete((json, e) -> {
                if (e != null) {
                    result.completeExceptionally(unwrap(e));
                } else {
                    result.complete(json);
                }
            });
            case LambdaResponses.Failed f -> {
                LOG.debug("Invocation of {} failed ({}): {}", slot.name, f.error().kind(), f.error().getMessage());
                result.completeExceptionally(f.error());
            }
        }
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** Fails queued invocations, waits (up to 30 s) for those in flight, then closes the clients. */
    @Override
    public void close() {
        List<Pending> dropped;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            dropped = new ArrayList<>(pending);
            pending.clear();
        }
        for (Pending p : dropped) {
            p.result().completeExceptionally(new WorkerInvocationException(Kind.REJECTED, "the Lambda invoker was"
                    + " closed"));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        synchronized (lock) {
            while (pool.inFlight() > 0 && deadline - System.nanoTime() > 0) {
                try {
                    lock.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            if (pool.inFlight() > 0) {
                LOG.warn("Closing the Lambda invoker with {} invocation(s) still in flight; objects they write are"
                        + " left for the lifecycle rule", pool.inFlight());
            }
        }
        late.await(deadline);
        for (Slot s : pool.slots()) {
            s.transport.close();
        }
        if (resources != null) {
            try {
                resources.close();
            } catch (Exception e) {
                LOG.debug("Closing the Lambda client's event loops failed", e);
            }
        }
    }
}
