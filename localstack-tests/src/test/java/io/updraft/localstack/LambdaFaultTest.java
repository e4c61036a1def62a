package io.updraft.localstack;

import io.updraft.localstack.HttpTap.Exchange;
import io.updraft.localstack.HttpTap.Forward;
import io.updraft.localstack.HttpTap.Respond;
import io.updraft.localstack.ProgressCapture.Summary;
import io.updraft.shuffle.store.ObjectInfo;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.sql.Row;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.lambda.LambdaAsyncClient;
import software.amazon.awssdk.services.lambda.model.TooManyRequestsException;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Faults through the real stack: LocalStack's S3 and Runtime Interface Emulators running the packaged worker.
 * Each emulator of the shared pool sits behind an {@link HttpTap}, which sees every invocation (its TaskSpec)
 * and injects the fault: it kills the emulator while a task runs, answers 429, holds an invocation, or deletes
 * or overwrites a shuffle object in S3 just before the reducer that reads it starts. Nothing is mocked: the
 * coordinator's Lambda client, the worker, the shuffle objects and their cleanup are the production ones.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LambdaFaultTest {
    private LambdaStack stack;
    private final List<HttpTap> taps = new ArrayList<>();
    private String data;
    private UpdraftSession session;
    private ProgressCapture progress;
    private String shufflePrefix;

    @BeforeAll
    void start() throws Exception {
        stack = LambdaStack.shared();
        data = FaultData.upload(stack);
        for (URI emulator : stack.pool().endpoints()) {
            taps.add(new HttpTap("lambda-" + taps.size(), emulator, true, true));
        }
        // Warm both emulators (the first invocation starts the worker's JVM), so timings below are warm ones.
        session(Map.of()).sql(FaultData.SHUFFLE_SQL).collectAsList();
        session.stop();
        session = null;
        taps.forEach(HttpTap::clear);
    }

    @AfterEach
    void closeSession(org.junit.jupiter.api.TestInfo test) {
        System.out.println(test.getDisplayName() + ":" + timeline());
        if (progress != null) {
            System.out.println(progress.text());
        }
        if (session != null) {
            session.stop();   // waits for invocations still in flight
            session = null;
        }
        for (HttpTap tap : taps) {
            assertThat(tap.errors()).as("errors inside the tap").isEmpty();
            tap.handler(r -> HttpTap.forward());
            tap.clear();
        }
    }

    @AfterAll
    void stop() throws Exception {
        for (HttpTap tap : taps) {
            tap.close();
        }
    }

    /** A session on the taps (so on the shared emulators) with {@code settings}; speculation off. */
    private UpdraftSession session(Map<String, String> settings) {
        shufflePrefix = "fault-shuffle/" + UUID.randomUUID();
        progress = new ProgressCapture();
        Map<String, String> all = new LinkedHashMap<>();
        all.put("updraft.speculation", "false");
        all.put("spark.sql.shuffle.partitions", "3");
        all.putAll(settings);
        session = stack.lambdaSession(taps.stream().map(HttpTap::endpoint).toList(), stack.s3Endpoint(),
                shufflePrefix, all, progress.stream());
        session.read().parquet(data + "/kv").createOrReplaceTempView("kv");
        session.read().parquet(data + "/heavy").createOrReplaceTempView("heavy");
        return session;
    }

    private void handle(HttpTap.Handler handler) {
        taps.forEach(t -> t.handler(handler));
    }

    /** Every invocation the taps saw, in arrival order. */
    private List<Exchange> exchanges() {
        List<Exchange> all = new ArrayList<>();
        taps.forEach(t -> all.addAll(t.exchanges()));
        all.sort((a, b) -> Long.compare(a.request().receivedNanos(), b.request().receivedNanos()));
        return all;
    }

    /** The invocations the taps saw, one line each, for assertion messages and the test log. */
    private String timeline() {
        List<Exchange> all = exchanges();
        if (all.isEmpty()) {
            return "(no invocations)";
        }
        long t0 = all.getFirst().request().receivedNanos();
        StringBuilder b = new StringBuilder();
        for (Exchange e : all) {
            Invocation inv = invocation(e);
            b.append(String.format(java.util.Locale.ROOT, "%n  +%6d ms  %-9s stage %d task %d attempt %d %-40s -> %d in %d ms",
                    TimeUnit.NANOSECONDS.toMillis(e.request().receivedNanos() - t0), e.answeredByTap() ? "tap" : "emulator",
                    inv.stageId(), inv.taskId(), inv.attempt(), inv.operators(), e.status(),
                    TimeUnit.NANOSECONDS.toMillis(e.endNanos() - e.request().receivedNanos())));
        }
        return b.toString();
    }

    private static Invocation invocation(Exchange e) {
        return Invocation.parse(e.request().bodyText());
    }

    private List<ObjectInfo> shuffleObjectsLeft() {
        try (S3ObjectStore store = stack.store(shufflePrefix)) {
            return store.list("").join();
        }
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort((a, b) -> Long.compare((Long) a.getFirst(), (Long) b.getFirst()));
        return copy;
    }

    // ------------------------------------------------------------------ 1. an emulator killed mid-task

    @Test
    void emulatorKilledInTheMiddleOfATaskIsRetriedAndTheResultIsRight() throws Exception {
        AtomicInteger killed = new AtomicInteger(-1);
        AtomicBoolean once = new AtomicBoolean();
        // the job may finish (its retry done) before kill() returns: the assertions wait for the kill itself
        CountDownLatch killDone = new CountDownLatch(1);
        for (int i = 0; i < taps.size(); i++) {
            int emulator = i;
            taps.get(i).handler(r -> {
                if (Invocation.parse(r.bodyText()).runs("join") && once.compareAndSet(false, true)) {
                    return new Forward(CompletableFuture.completedFuture(null), () -> {
                        sleep(KILL_AFTER_MILLIS);
                        try {
                            stack.pool().kill(emulator);
                            killed.set(emulator);
                        } finally {
                            killDone.countDown();
                        }
                    });
                }
                return HttpTap.forward();
            });
        }
        UpdraftSession s = session(Map.of("spark.sql.autoBroadcastJoinThreshold", "-1", "updraft.shuffle.codec", "zstd",
                "spark.sql.shuffle.partitions", "1"));
        try {
            List<Row> rows = s.sql(FaultData.HEAVY_SQL).collectAsList();

            assertThat(FaultData.values(rows)).isEqualTo(FaultData.duckdb(FaultData.HEAVY_SQL));
            assertThat(killDone.await(60, TimeUnit.SECONDS)).as("the kill ended").isTrue();
            assertThat(killed.get()).as("an emulator was killed").isGreaterThanOrEqualTo(0);
            String timeline = timeline();
            List<Exchange> joins = exchanges().stream().filter(e -> invocation(e).runs("join")).toList();
            assertThat(joins).as("the join task: killed attempt, then a successful retry" + timeline).hasSize(2);
            Exchange dead = joins.get(0);
            Exchange retry = joins.get(1);
            assertThat(dead.status()).as("the killed attempt's connection was dropped").isEqualTo(-1);
            assertThat(TimeUnit.NANOSECONDS.toMillis(dead.endNanos() - dead.request().receivedNanos()))
                    .as("the task was running when its emulator was killed").isGreaterThanOrEqualTo(KILL_AFTER_MILLIS);
            assertThat(retry.status()).isEqualTo(200);
            assertThat(taps.indexOf(tapOf(retry))).as("retried on the other emulator").isNotEqualTo(killed.get());
            assertThat(TimeUnit.NANOSECONDS.toMillis(retry.endNanos() - retry.request().receivedNanos()))
                    .as("a full run of the task takes longer than the kill delay").isGreaterThan(KILL_AFTER_MILLIS);
            assertThat(invocation(retry).attempt()).isEqualTo(invocation(dead).attempt() + 1);
            // Every failed attempt is the kill or a later try of the dead endpoint (once its 1 s skip is over).
            List<Exchange> failed = exchanges().stream().filter(e -> e.status() != 200).toList();
            assertThat(failed).as(timeline).allMatch(e -> e.status() == -1
                    && taps.indexOf(tapOf(e)) == killed.get());
            Summary summary = progress.onlyJob();
            assertThat(summary.failed()).isFalse();
            assertThat(summary.retries()).as(summary.line()).isEqualTo(failed.size());
            assertThat(summary.invocations()).isEqualTo(summary.tasks() + failed.size());
            assertThat(shuffleObjectsLeft()).as("nothing half-committed or left behind").isEmpty();
        } finally {
            killDone.await(60, TimeUnit.SECONDS);
            if (killed.get() >= 0) {
                stack.pool().restart(killed.get());
            }
        }
        // The killed emulator is back (cold) and the pool is whole again: both serve the next session's job
        // (this session's invoker still skips the endpoint it could not reach, for up to 30 s).
        s.stop();
        for (HttpTap tap : taps) {
            tap.clear();
        }
        List<Row> again = session(Map.of()).sql(FaultData.SHUFFLE_SQL).collectAsList();
        assertThat(sorted(FaultData.values(again))).isEqualTo(sorted(FaultData.duckdb(FaultData.SHUFFLE_SQL)));
        assertThat(taps.get(killed.get()).exchanges()).as("the restarted emulator serves again")
                .anyMatch(e -> e.status() == 200);
    }

    private HttpTap tapOf(Exchange e) {
        return taps.stream().filter(t -> t.exchanges().contains(e)).findFirst().orElseThrow();
    }

    /** How long the join task runs before its emulator is killed (a full run takes several times this). */
    private static final long KILL_AFTER_MILLIS = 400;

    // ------------------------------------------------------------------ 2. throttling

    @Test
    void throttledInvocationsBackOffAndTheJobSucceeds() {
        int throttles = 4;
        AtomicInteger seen = new AtomicInteger();
        handle(r -> seen.getAndIncrement() < throttles ? tooManyRequests() : HttpTap.forward());
        UpdraftSession s = session(Map.of("updraft.retry.baseDelayMillis", "200",
                "updraft.retry.maxDelayMillis", "1000", "updraft.task.maxAttempts", "8"));
        List<Row> rows = s.sql(FaultData.SHUFFLE_SQL).collectAsList();

        assertThat(sorted(FaultData.values(rows))).isEqualTo(sorted(FaultData.duckdb(FaultData.SHUFFLE_SQL)));
        Summary summary = progress.onlyJob();
        assertThat(summary.retries()).as(summary.line()).isEqualTo(throttles);
        assertThat(summary.invocations()).isEqualTo(summary.tasks() + throttles);
        List<Exchange> all = exchanges();
        List<Exchange> throttled = all.stream().filter(e -> e.status() == 429).toList();
        assertThat(throttled).hasSize(throttles).allMatch(Exchange::answeredByTap);
        // The backoff: the next attempt of a throttled task starts after a delay drawn from
        // [0, min(1000, 200 × 2^(k-1))] ms (full jitter), or later if both emulators are busy then.
        long totalDelayMillis = 0;
        for (Exchange t : throttled) {
            Invocation inv = invocation(t);
            Exchange next = all.stream().filter(e -> invocation(e).task().equals(inv.task())
                    && invocation(e).attempt() == inv.attempt() + 1).findFirst().orElseThrow(
                    () -> new AssertionError("no retry of throttled attempt " + inv));
            long delay = TimeUnit.NANOSECONDS.toMillis(next.request().receivedNanos() - t.endNanos());
            assertThat(delay).as("backoff after a 429 of task %s", inv.task()).isNotNegative();
            totalDelayMillis += delay;
        }
        // Expected total ≈ 100 + 200 + 400 + ... ms; below 40 ms has a probability far under 1e-3.
        assertThat(totalDelayMillis).as("the invoker backed off" + timeline()).isGreaterThanOrEqualTo(40);
    }

    /** The 429 Lambda's Invoke API answers when throttled, as the SDK expects it. */
    private static Respond tooManyRequests() {
        return new Respond(429, "Too Many Requests", Map.of("Content-Type", "application/json",
                "x-amzn-ErrorType", "TooManyRequestsException", "x-amzn-RequestId", UUID.randomUUID().toString()),
                "{\"Reason\":\"ReservedFunctionConcurrentInvocationLimitExceeded\",\"Type\":\"User\","
                        + "\"message\":\"Rate Exceeded.\"}");
    }

    @Test
    void theThrottlingAnswerIsWhatTheSdkReadsAsTooManyRequests() {
        handle(r -> tooManyRequests());
        try (LambdaAsyncClient client = LambdaAsyncClient.builder().region(Region.US_EAST_1)
                .endpointOverride(taps.getFirst().endpoint())
                .credentialsProvider(AnonymousCredentialsProvider.create())
                .overrideConfiguration(o -> o.retryStrategy(
                        software.amazon.awssdk.awscore.retry.AwsRetryStrategy.doNotRetry()))
                .build()) {
            assertThatThrownBy(() -> client.invoke(b -> b.functionName("function")
                    .payload(SdkBytes.fromUtf8String("{}"))).join())
                    .isInstanceOf(CompletionException.class)
                    .cause().isInstanceOf(TooManyRequestsException.class)
                    .satisfies(e -> assertThat(((TooManyRequestsException) e).statusCode()).isEqualTo(429));
        }
    }

    // ------------------------------------------------------------------ 3. timeouts

    /**
     * An invocation timeout far above what any task here takes, so that only the invocation a test holds in its
     * tap times out, on a slow machine as on a fast one.
     */
    private static final String INVOCATION_TIMEOUT_MILLIS = "5000";

    @Test
    void anInvocationThatTimesOutIsRetriedAndTheJobSucceeds() {
        // The first map invocation is held by the tap until its retry arrives, so past the coordinator's
        // invocation timeout (a slow environment): that attempt fails as TIMEOUT and is retried elsewhere; the tap
        // then forwards the held one, the worker runs it and writes its shuffle object, and the invoker deletes
        // that late object (the attempt was never committed).
        AtomicReference<Invocation> held = new AtomicReference<>();
        CompletableFuture<Void> retried = new CompletableFuture<>();
        handle(r -> {
            Invocation inv = Invocation.parse(r.bodyText());
            if (inv.runs("fileScan") && held.compareAndSet(null, inv)) {
                return HttpTap.holdUntil(retried);
            }
            if (held.get() != null && inv.task().equals(held.get().task()) && inv.attempt() == held.get().attempt() + 1) {
                retried.complete(null);
            }
            return HttpTap.forward();
        });
        UpdraftSession s = session(Map.of("updraft.lambda.timeoutMillis", INVOCATION_TIMEOUT_MILLIS));
        List<Row> rows = s.sql(FaultData.SHUFFLE_SQL).collectAsList();

        assertThat(sorted(FaultData.values(rows))).isEqualTo(sorted(FaultData.duckdb(FaultData.SHUFFLE_SQL)));
        Summary summary = progress.onlyJob();
        assertThat(summary.retries()).as(summary.line()).isEqualTo(1);
        assertThat(summary.invocations()).isEqualTo(summary.tasks() + 1);
        List<Exchange> all = exchangesAfterStop();
        Exchange late = all.getFirst();
        assertThat(late.status()).as("the held attempt ran in the end" + timeline()).isEqualTo(200);
        assertThat(late.responseBody()).contains("\"shuffleOutput\"");
        assertThat(shuffleObjectsLeft()).as("the late attempt's shuffle object was deleted").isEmpty();
    }

    /**
     * One emulator whose function timeout is 12 s (AWS_LAMBDA_FUNCTION_TIMEOUT, which the RIE enforces like
     * Lambda: it stops the runtime and answers "Task timed out after 12.00 seconds"), behind its own tap. The RIE
     * restarts the runtime after a timeout, so every retry there is a cold start; a cold first task (JVM start
     * and a Parquet scan) took 2-9 s on this busy machine, and 2 s or 6 s failed even the warm-up: hence 12 s.
     * The task that times out is the three-way self-join, which runs far longer — a genuinely heavy query, no
     * delay hook.
     */
    private LambdaStack.EmulatorPool slowPool;
    private HttpTap slowTap;

    private HttpTap slowTap() throws Exception {
        if (slowPool == null) {
            slowPool = stack.startPool(1, Map.of("AWS_LAMBDA_FUNCTION_TIMEOUT", "12"));
            slowTap = new HttpTap("slow", slowPool.endpoints().getFirst(), true, true);
        }
        return slowTap;
    }

    @AfterAll
    void stopSlowPool() throws Exception {
        if (slowTap != null) {
            slowTap.close();
            slowPool.close();
        }
    }

    /** A session on the slow emulator; its first job warms the runtime (a function timeout does not cover init). */
    private UpdraftSession slowSession(Map<String, String> extra) throws Exception {
        HttpTap tap = slowTap();
        progress = new ProgressCapture();
        shufflePrefix = "fault-shuffle/" + UUID.randomUUID();
        Map<String, String> settings = new HashMap<>(Map.of("updraft.speculation", "false",
                "spark.sql.autoBroadcastJoinThreshold", "-1", "updraft.shuffle.codec", "zstd",
                "spark.sql.shuffle.partitions", "1", "updraft.task.maxAttempts", "2",
                "updraft.retry.baseDelayMillis", "10"));
        settings.putAll(extra);
        UpdraftSession s = stack.lambdaSession(List.of(tap.endpoint()), stack.s3Endpoint(), shufflePrefix, settings,
                progress.stream());
        s.read().parquet(data + "/kv").createOrReplaceTempView("kv");
        s.read().parquet(data + "/heavy").createOrReplaceTempView("heavy");
        return s;
    }

    private void warmSlowEmulator() throws Exception {
        UpdraftSession warm = slowSession(Map.of());
        try {
            warm.sql(FaultData.SHUFFLE_SQL).collectAsList();
        } finally {
            warm.stop();
        }
    }

    private List<Invocation> slowJoins() {
        return slowTap.exchanges().stream().map(LambdaFaultTest::invocation).filter(i -> i.runs("join")).toList();
    }

    @Test
    void aTaskOverTheFunctionTimeoutFailsTheJobAfterMaxAttemptsWithLambdasMessage() throws Exception {
        warmSlowEmulator();
        UpdraftSession s = slowSession(Map.of());
        slowTap.clear();
        try {
            assertThatThrownBy(() -> s.sql(FaultData.ENDLESS_SQL).collectAsList())
                    .hasMessageContaining("timed out: Task timed out after 12.00 seconds")
                    .hasMessageContaining("raise the function's Timeout");
        } finally {
            s.stop();
        }
        assertThat(slowJoins()).as("the join task ran maxAttempts times").hasSize(2)
                .extracting(Invocation::attempt).containsExactly(0, 1);
        assertThat(progress.onlyJob().failed()).isTrue();
        assertThat(shuffleObjectsLeft()).as("nothing left after the failed job").isEmpty();
    }

    @Test
    void aTaskSlowerThanTheInvocationTimeoutFailsTheJobAfterMaxAttemptsNamingTheSetting() {
        // Every attempt of the join task is held in the tap until the job has failed (then dropped): each one
        // outlasts the invocation timeout whatever the machine's speed, and nothing else comes near it.
        CompletableFuture<Void> jobOver = new CompletableFuture<>();
        UpdraftSession s = session(Map.of("spark.sql.autoBroadcastJoinThreshold", "-1", "updraft.shuffle.codec", "zstd",
                "spark.sql.shuffle.partitions", "1", "updraft.lambda.timeoutMillis", INVOCATION_TIMEOUT_MILLIS,
                "updraft.task.maxAttempts", "2", "updraft.retry.baseDelayMillis", "10"));
        s.sql(FaultData.SHUFFLE_SQL).collectAsList();   // warm: scans well within the timeout
        taps.forEach(HttpTap::clear);
        progress.reset();
        handle(r -> Invocation.parse(r.bodyText()).runs("join") ? HttpTap.holdUntil(jobOver) : HttpTap.forward());
        try {
            assertThatThrownBy(() -> s.sql(FaultData.HEAVY_SQL).collectAsList())
                    .hasMessageContaining("did not answer within " + INVOCATION_TIMEOUT_MILLIS + " ms")
                    .hasMessageContaining("updraft.lambda.timeoutMillis");
        } finally {
            jobOver.completeExceptionally(new IllegalStateException("the job is over: drop the held attempts"));
        }
        assertThat(taps.stream().flatMap(t -> t.requests().stream())
                .filter(r -> Invocation.parse(r.bodyText()).runs("join")).count())
                .as("the join task ran exactly maxAttempts times" + timeline()).isEqualTo(2);
        exchangesAfterStop();
        assertThat(progress.onlyJob().failed()).isTrue();
        assertThat(shuffleObjectsLeft()).as("nothing left after the failed job").isEmpty();
    }

    private List<Exchange> exchangesAfterStop() {
        session.stop();
        session = null;
        return exchanges();
    }

    // ------------------------------------------------------------------ 4. a lost shuffle object

    @Test
    void aShuffleObjectDeletedBeforeItIsReadReRunsOnlyItsProducer() {
        AtomicReference<String> deleted = new AtomicReference<>();
        handle(r -> {
            Invocation inv = Invocation.parse(r.bodyText());
            if (!inv.shuffleKeys().isEmpty() && deleted.get() == null) {
                String key = inv.shuffleKeys().getFirst();
                try (S3ObjectStore store = stack.store(shufflePrefix)) {
                    store.delete(key).join();
                }
                deleted.set(key);
            }
            return HttpTap.forward();
        });
        UpdraftSession s = session(Map.of("updraft.lambda.maxConcurrency", "1"));
        List<Row> rows = s.sql(FaultData.SHUFFLE_SQL).collectAsList();

        assertThat(sorted(FaultData.values(rows))).isEqualTo(sorted(FaultData.duckdb(FaultData.SHUFFLE_SQL)));
        assertThat(deleted.get()).as("a shuffle object was deleted").isNotNull();
        Summary summary = progress.onlyJob();
        assertThat(summary.lostOutputReruns()).as(summary.line()).isEqualTo(1);
        // M map tasks + R reducers, plus exactly two more: the producer's re-run and the reducer's second try.
        assertThat(summary.tasks()).isEqualTo(FaultData.KV_FILES + 3);
        assertThat(summary.invocations()).isEqualTo(summary.tasks() + 2);
        List<Invocation> maps = exchanges().stream().map(LambdaFaultTest::invocation)
                .filter(i -> i.runs("shuffleWrite")).toList();
        String producer = producerOf(deleted.get());
        assertThat(maps.stream().filter(i -> i.attempt() > 0).map(Invocation::task).toList())
                .as("only the producer of the deleted object ran again").containsExactly(producer);
        assertThat(shuffleObjectsLeft()).isEmpty();
    }

    /** "stage/task" from a shuffle key ".../s<stage>/t<task>-a<attempt>.arrow". */
    private static String producerOf(String key) {
        String[] parts = key.split("/");
        String stage = parts[parts.length - 2].substring(1);
        String file = parts[parts.length - 1];
        String task = file.substring(1, file.indexOf("-a"));
        return stage + "/" + task;
    }

    // ------------------------------------------------------------------ 5. a corrupt shuffle object

    @Test
    void aCorruptShuffleObjectFailsTheJobNamingTheObjectAndLeavesNothing() {
        AtomicReference<String> corrupted = new AtomicReference<>();
        handle(r -> {
            Invocation inv = Invocation.parse(r.bodyText());
            if (!inv.shuffleKeys().isEmpty() && corrupted.get() == null) {
                String key = inv.shuffleKeys().getFirst();
                try (S3ObjectStore store = stack.store(shufflePrefix)) {
                    byte[] bytes = store.get(key).join();
                    byte[] garbage = new byte[bytes.length];
                    Arrays.fill(garbage, (byte) 0x5A);
                    store.put(key, garbage).join();
                }
                corrupted.set(key);
            }
            return HttpTap.forward();
        });
        UpdraftSession s = session(Map.of("updraft.lambda.maxConcurrency", "1"));
        String uri = "s3://" + LambdaStack.BUCKET + "/" + shufflePrefix + "/";
        assertThatThrownBy(() -> s.sql(FaultData.SHUFFLE_SQL).collectAsList())
                .hasMessageContaining("Corrupt shuffle object")
                .satisfies(e -> assertThat(e.getMessage()).contains(uri + corrupted.get()));
        Summary summary = progress.onlyJob();
        assertThat(summary.failed()).isTrue();
        assertThat(summary.retries()).as("a corrupt object is not retried").isZero();
        assertThat(shuffleObjectsLeft()).as("no shuffle object left after the failed job").isEmpty();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
