package io.updraft.coordinator.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.coordinator.invoke.StoreRequests;
import io.updraft.coordinator.invoke.WorkerInvocationException;
import io.updraft.coordinator.invoke.WorkerInvocationException.Kind;
import io.updraft.coordinator.invoke.WorkerInvoker;
import io.updraft.coordinator.job.TaskClock;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.shuffle.store.RequestCounts;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.services.lambda.model.InvocationType;
import software.amazon.awssdk.services.lambda.model.InvokeRequest;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;
import software.amazon.awssdk.services.lambda.model.TooManyRequestsException;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@link WorkerInvoker} on AWS Lambda: one RequestResponse Invoke of the worker function per task attempt.
 * <ul>
 *   <li><b>Slots</b>: with endpoints (a pool of Runtime Interface Emulators) one transport per endpoint serving
 *   ONE invocation at a time, like a real execution environment; without, one transport to AWS serving up to
 *   {@code maxConcurrency}. A new invocation goes to the least busy slot (ties round-robin); beyond the
 *   concurrency it waits in a FIFO queue ({@link #invoke} never blocks). An endpoint that could not be reached
 *   is skipped for a while (1 s, doubling up to 30 s) while others are up.</li>
 *   <li><b>Errors</b> → {@link WorkerInvocationException}: FunctionError / Unhandled / a Lambda error body →
 *   CRASH; 429 TooManyRequests → THROTTLED; 5xx → SERVER_ERROR; SDK timeouts and connection failures, and no
 *   answer within {@code timeoutMillis}, or Lambda's "Task timed out after N seconds" (the function's own
 *   timeout) → TIMEOUT (all retried by the scheduler); other 4xx → REJECTED (not retried). A timed-out
 *   invocation keeps its slot until the call really ends (the environment is still busy); if it then answers
 *   with a shuffle object, that object is deleted (the attempt was never committed).</li>
 *   <li><b>Large payloads</b>: a spec over {@code maxPayloadBytes} is stored under the payload root and sent as
 *   a {@link PayloadReference}; a worker answering with a reference has its result read from the store; both
 *   objects are deleted afterwards.</li>
 * </ul>
 * Thread-safe.
 */
public final class LambdaInvoker implements WorkerInvoker {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MAX_SKIP_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final LambdaSettings settings;
    private final List<Slot> slots;
    private final int concurrency;
    private final TaskClock clock;
    private final ObjectStore payloadStore;
    private final ObjectStore shuffleStore;
    private final Set<CompletableFuture<Void>> lateDeletes = ConcurrentHashMap.newKeySet();
    private final String payloadRoot;
    private final Map<String, String> storeSettings;
    private final AutoCloseable resources;
    private final Object lock = new Object();
    private final Deque<Pending> pending = new ArrayDeque<>();
    private int inFlight;
    private int cursor;
    private boolean closed;
    private boolean wakeUpScheduled;

    private static final class Slot {
        final String name;
        final LambdaTransport transport;
        final int capacity;
        int busy;
        int connectFailures;
        long skipUntilNanos;

        Slot(String name, LambdaTransport transport, int capacity) {
            this.name = name;
            this.transport = transport;
            this.capacity = capacity;
        }
    }

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
        this.shuffleStore = shuffleStore;
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        if (transports.isEmpty()) {
            throw new IllegalArgumentException("at least one transport is needed");
        }
        boolean pool = !settings.endpoints().isEmpty();
        if (pool && transports.size() != settings.endpoints().size()) {
            throw new IllegalArgumentException(transports.size() + " transports for " + settings.endpoints().size()
                    + " endpoints");
        }
        List<Slot> list = new ArrayList<>();
        for (int i = 0; i < transports.size(); i++) {
            String name = pool ? settings.endpoints().get(i).toString() : "AWS Lambda (" + settings.region() + ")";
            list.add(new Slot(name, transports.get(i), pool ? 1 : settings.maxConcurrency()));
        }
        this.slots = List.copyOf(list);
        this.concurrency = pool ? Math.min(settings.maxConcurrency(), slots.size()) : settings.maxConcurrency();
        this.payloadStore = payloadStore;
        this.payloadRoot = payloadRoot;
        this.storeSettings = Map.copyOf(storeSettings);
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
        if (payloadStore == null) {
            return StoreRequests.NONE;
        }
        RequestCounts c = payloadStore.requestCounts();
        return new StoreRequests(c.puts() + c.lists(), c.gets() + c.heads());
    }

    /** Invocations in flight now (tests). */
    int inFlight() {
        synchronized (lock) {
            return inFlight;
        }
    }

    // ---------------------------------------------------------------- dispatch

    private record Dispatch(Pending pending, Slot slot) {
    }

    private void pump() {
        List<Dispatch> start = new ArrayList<>();
        synchronized (lock) {
            long now = clock.nanoTime();
            while (inFlight < concurrency && !pending.isEmpty()) {
                Pending p = pending.peek();
                if (p.result().isDone()) {
                    pending.poll();
                    continue;
                }
                Slot slot = leastBusy(now);
                if (slot == null) {
                    break;
                }
                pending.poll();
                slot.busy++;
                inFlight++;
                start.add(new Dispatch(p, slot));
            }
        }
        for (Dispatch d : start) {
            dispatch(d);
        }
    }

    /** The free slot with the lowest load, ties round-robin; null when none is free (or all are skipped). */
    private Slot leastBusy(long now) {
        Slot best = null;
        long wakeAt = Long.MAX_VALUE;
        int n = slots.size();
        for (int i = 0; i < n; i++) {
            Slot s = slots.get((cursor + i) % n);
            if (s.busy >= s.capacity) {
                continue;
            }
            if (now - s.skipUntilNanos < 0) {
                wakeAt = Math.min(wakeAt, s.skipUntilNanos);
                continue;
            }
            if (best == null || (long) s.busy * best.capacity < (long) best.busy * s.capacity) {
                best = s;
            }
        }
        if (best != null) {
            cursor = (slots.indexOf(best) + 1) % n;
        } else if (wakeAt != Long.MAX_VALUE && !wakeUpScheduled) {
            wakeUpScheduled = true;
            clock.schedule(wakeAt - now, () -> {
                synchronized (lock) {
                    wakeUpScheduled = false;
                }
                pump();
            });
        }
        return best;
    }

    private void dispatch(Dispatch d) {
        String[] specKey = new String[1];
        CompletableFuture<byte[]> payload;
        try {
            payload = payload(d.pending().spec(), specKey);
        } catch (RuntimeException e) {
            payload = CompletableFuture.failedFuture(e);
        }
        CompletableFuture<String> result = d.pending().result();
        TaskClock.Cancellable timeout = clock.schedule(settings.timeoutNanos(), () -> result.completeExceptionally(
                new WorkerInvocationException(Kind.TIMEOUT, "Lambda function " + settings.functionName() + " at "
                        + d.slot().name + " did not answer within " + settings.timeoutNanos() / 1_000_000 + " ms ("
                        + LambdaSettings.TIMEOUT_MILLIS + "; raise it, or make tasks smaller with more"
                        + " spark.sql.shuffle.partitions)")));
        payload.thenCompose(bytes -> d.slot().transport.invoke(InvokeRequest.builder()
                        .functionName(settings.functionName())
                        .invocationType(InvocationType.REQUEST_RESPONSE)
                        .payload(SdkBytes.fromByteArray(bytes))
                        .build()))
                .whenComplete((response, error) -> {
                    timeout.cancel();
                    if (error == null && result.isDone()) {
                        deleteLateShuffleOutput(response);   // before release: close() waits for it
                    }
                    release(d.slot(), error);
                    if (specKey[0] != null) {
                        payloadStore.delete(specKey[0]);
                    }
                    complete(d.slot(), result, response, error);
                    pump();
                });
    }

    /** The bytes to send: the spec itself, or a reference to it stored under the payload root. */
    private CompletableFuture<byte[]> payload(String spec, String[] storedKey) {
        byte[] bytes = spec.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= settings.maxPayloadBytes()) {
            return CompletableFuture.completedFuture(bytes);
        }
        if (payloadStore == null) {
            throw new WorkerInvocationException(Kind.REJECTED, "a task spec of " + bytes.length + " bytes exceeds "
                    + LambdaSettings.MAX_PAYLOAD_BYTES + " (" + settings.maxPayloadBytes() + ") and no payload root"
                    + " is set (" + LambdaSettings.PAYLOAD_ROOT + ")");
        }
        String key = "payloads/spec-" + UUID.randomUUID() + ".json";
        storedKey[0] = key;
        PayloadReference ref = new PayloadReference(payloadRoot, key, bytes.length, storeSettings);
        return payloadStore.put(key, bytes).thenApply(v -> ref.toJson().getBytes(StandardCharsets.UTF_8));
    }

    private void release(Slot slot, Throwable error) {
        synchronized (lock) {
            slot.busy--;
            inFlight--;
            if (unwrap(error) instanceof SdkClientException) {
                slot.connectFailures++;
                long skip = Math.min(MAX_SKIP_NANOS, TimeUnit.SECONDS.toNanos(1) << Math.min(5,
                        slot.connectFailures - 1));
                slot.skipUntilNanos = clock.nanoTime() + skip;
            } else if (error == null) {
                slot.connectFailures = 0;
            }
            lock.notifyAll();
        }
    }

    // ---------------------------------------------------------------- answers

    private void complete(Slot slot, CompletableFuture<String> result, InvokeResponse response, Throwable error) {
        if (error != null) {
            result.completeExceptionally(classify(slot, unwrap(error)));
            return;
        }
        String body = response.payload() == null ? "" : response.payload().asUtf8String();
        if (result.isDone()) {
            discardResultObject(body);
            return;
        }
        if (isFunctionTimeout(body)) {
            result.completeExceptionally(new WorkerInvocationException(Kind.TIMEOUT, "Lambda function "
                    + settings.functionName() + " at " + slot.name + " timed out: " + errorText(body).strip()
                    + " (the function's timeout is shorter than this task: raise the function's Timeout, up to"
                    + " 900 s — AWS_LAMBDA_FUNCTION_TIMEOUT for the emulator — or make tasks smaller with more"
                    + " spark.sql.shuffle.partitions)"));
            return;
        }
        if (response.functionError() != null) {
            result.completeExceptionally(new WorkerInvocationException(Kind.CRASH, "Lambda function "
                    + settings.functionName() + " failed (" + response.functionError() + "): " + errorText(body)));
            return;
        }
        Integer status = response.statusCode();
        if (status != null && status >= 300) {
            result.completeExceptionally(new WorkerInvocationException(status >= 500 ? Kind.SERVER_ERROR
                    : Kind.REJECTED, "Lambda function " + settings.functionName() + " answered HTTP " + status));
            return;
        }
        if (body.startsWith("{\"jobId\"")) {
            result.complete(body);
        } else if (PayloadReference.isReference(body)) {
            readResultObject(body, result);
        } else if (isLambdaError(body)) {
            result.completeExceptionally(new WorkerInvocationException(Kind.CRASH, "Lambda function "
                    + settings.functionName() + " failed (Unhandled): " + errorText(body)));
        } else {
            result.complete(body);
        }
    }

    private void readResultObject(String body, CompletableFuture<String> result) {
        PayloadReference ref;
        try {
            ref = PayloadReference.parse(body);
        } catch (IllegalArgumentException e) {
            result.completeExceptionally(new WorkerInvocationException(Kind.CRASH, e.getMessage(), e));
            return;
        }
        if (payloadStore == null || !ref.root().equals(payloadRoot)) {
            result.completeExceptionally(new WorkerInvocationException(Kind.CRASH, "the worker stored its result"
                    + " under " + ref.root() + ", not the payload root " + payloadRoot));
            return;
        }
        payloadStore.get(ref.key()).whenComplete((bytes, e) -> {
            payloadStore.delete(ref.key());
            if (e != null) {
                Throwable cause = unwrap(e);
                result.completeExceptionally(new WorkerInvocationException(Kind.SERVER_ERROR, "cannot read the"
                        + " result object " + payloadStore.describe(ref.key()) + ": " + cause, cause));
            } else {
                result.complete(new String(bytes, StandardCharsets.UTF_8));
            }
        });
    }

    /**
     * A map attempt that answers after its invocation already failed (timed out) may have written its shuffle
     * object: the scheduler never commits that attempt, so delete the object now.
     */
    private void deleteLateShuffleOutput(InvokeResponse response) {
        if (shuffleStore == null || response.payload() == null) {
            return;
        }
        String body = response.payload().asUtf8String();
        if (!body.startsWith("{\"jobId\"") || !body.contains("\"shuffleOutput\"")) {
            return;
        }
        try {
            JsonNode key = JSON.readTree(body).path("shuffleOutput").path("key");
            if (key.isTextual()) {
                CompletableFuture<Void> delete = shuffleStore.delete(key.asText());
                lateDeletes.add(delete);
                delete.whenComplete((v, e) -> lateDeletes.remove(delete));
            }
        } catch (Exception e) {
            // not a TaskResult: nothing was committed by it
        }
    }

    private void discardResultObject(String body) {
        if (payloadStore != null && PayloadReference.isReference(body)) {
            try {
                payloadStore.delete(PayloadReference.parse(body).key());
            } catch (RuntimeException e) {
                // a late answer to a timed-out or cancelled invocation: nothing more to do
            }
        }
    }

    private WorkerInvocationException classify(Slot slot, Throwable t) {
        String function = "Lambda function " + settings.functionName() + " at " + slot.name;
        return switch (t) {
            case WorkerInvocationException w -> w;
            case TooManyRequestsException e -> new WorkerInvocationException(Kind.THROTTLED, function
                    + " is throttled (429 TooManyRequests): " + e.getMessage(), e);
            case AwsServiceException e when e.statusCode() == 429 -> new WorkerInvocationException(Kind.THROTTLED,
                    function + " is throttled (429): " + e.getMessage(), e);
            case AwsServiceException e when e.statusCode() >= 500 -> new WorkerInvocationException(Kind.SERVER_ERROR,
                    function + " failed with HTTP " + e.statusCode() + ": " + e.getMessage(), e);
            case AwsServiceException e -> new WorkerInvocationException(Kind.REJECTED, function + " refused the"
                    + " invocation (HTTP " + e.statusCode() + "): " + e.getMessage(), e);
            case SdkClientException e -> new WorkerInvocationException(Kind.TIMEOUT, "cannot reach " + function + ": "
                    + e.getMessage(), e);
            case UpdraftException e when e.type() != ErrorType.TRANSIENT -> new WorkerInvocationException(
                    Kind.REJECTED, "cannot store the task spec: " + e.getMessage(), e);
            case UpdraftException e -> new WorkerInvocationException(Kind.SERVER_ERROR, "cannot store the task spec: "
                    + e.getMessage(), e);
            default -> new WorkerInvocationException(Kind.CRASH, function + " failed: " + t, t);
        };
    }

    /**
     * Lambda's answer when the function ran past its configured timeout: an Unhandled error whose message ends
     * "Task timed out after N seconds" (the Runtime Interface Emulator answers that text alone).
     */
    static boolean isFunctionTimeout(String body) {
        if (body.length() > 2000 || !body.contains("Task timed out after")) {
            return false;
        }
        if (!body.startsWith("{")) {
            return true;
        }
        try {
            JsonNode n = JSON.readTree(body);
            return !n.has("status") && n.path("errorMessage").asText("").contains("Task timed out after");
        } catch (Exception e) {
            return false;
        }
    }

    private static boolean isLambdaError(String body) {
        if (!body.startsWith("{") || !body.contains("\"errorMessage\"") && !body.contains("\"errorType\"")) {
            return false;
        }
        try {
            JsonNode n = JSON.readTree(body);
            return !n.has("status") && (n.has("errorMessage") || n.has("errorType"));
        } catch (Exception e) {
            return false;
        }
    }

    /** "errorType: errorMessage" of a Lambda error body, else the body's start. */
    private static String errorText(String body) {
        try {
            JsonNode n = JSON.readTree(body);
            String type = n.path("errorType").asText("");
            String message = n.path("errorMessage").asText("");
            if (!type.isEmpty() || !message.isEmpty()) {
                return type.isEmpty() ? message : type + ": " + message;
            }
        } catch (Exception e) {
            // not JSON: show it as is
        }
        return body.length() > 500 ? body.substring(0, 500) + "..." : body;
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
            while (inFlight > 0 && deadline - System.nanoTime() > 0) {
                try {
                    lock.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        for (CompletableFuture<Void> delete : List.copyOf(lateDeletes)) {
            try {
                delete.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                // best effort: the shuffle prefix's lifecycle rule is the backstop
            }
        }
        for (Slot s : slots) {
            s.transport.close();
        }
        if (resources != null) {
            try {
                resources.close();
            } catch (Exception e) {
                // closing shared event loops is best effort
            }
        }
    }
}
