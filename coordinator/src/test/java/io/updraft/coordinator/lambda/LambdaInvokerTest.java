package io.updraft.coordinator.lambda;

import io.updraft.coordinator.invoke.StoreRequests;
import io.updraft.coordinator.invoke.WorkerInvocationException;
import io.updraft.coordinator.invoke.WorkerInvocationException.Kind;
import io.updraft.coordinator.testing.ManualClock;
import io.updraft.core.conf.PayloadReference;
import io.updraft.shuffle.store.LocalObjectStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.lambda.model.InvocationType;
import software.amazon.awssdk.services.lambda.model.InvokeRequest;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;
import software.amazon.awssdk.services.lambda.model.ResourceNotFoundException;
import software.amazon.awssdk.services.lambda.model.ServiceException;
import software.amazon.awssdk.services.lambda.model.TooManyRequestsException;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Lambda invoker over fake transports: pool discipline, error classes, timeouts, payload references. */
class LambdaInvokerTest {
    private static final String RESULT = "{\"jobId\":\"job-1\",\"stageId\":0,\"taskId\":0,\"attempt\":0,\"status\":\"SUCCEEDED\"}";
    private final ManualClock clock = new ManualClock();

    @TempDir
    Path dir;

    /** Holds every request until the test answers it; counts concurrent calls. */
    static final class FakeTransport implements LambdaTransport {
        final String name;
        final List<InvokeRequest> requests = Collections.synchronizedList(new ArrayList<>());
        final List<CompletableFuture<InvokeResponse>> calls = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger maxRunning = new AtomicInteger();
        boolean closed;

        FakeTransport(String name) {
            this.name = name;
        }

        @Override
        public CompletableFuture<InvokeResponse> invoke(InvokeRequest request) {
            requests.add(request);
            maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
            CompletableFuture<InvokeResponse> f = new CompletableFuture<>();
            calls.add(f);
            return f.whenComplete((r, e) -> running.decrementAndGet());
        }

        void answer(int call, String body) {
            calls.get(call).complete(InvokeResponse.builder().statusCode(200).payload(SdkBytes.fromUtf8String(body))
                    .build());
        }

        void fail(int call, Throwable error) {
            calls.get(call).completeExceptionally(error);
        }

        String payload(int call) {
            return requests.get(call).payload().asUtf8String();
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static LambdaSettings settings(int endpoints, int maxConcurrency, long timeoutMillis, int maxPayload) {
        List<URI> uris = new ArrayList<>();
        for (int i = 0; i < endpoints; i++) {
            uris.add(URI.create("http://127.0.0.1:" + (9000 + i)));
        }
        return new LambdaSettings("updraft-worker", uris, "us-east-1", maxConcurrency, timeoutMillis * 1_000_000,
                maxPayload, null, null, null);
    }

    private List<FakeTransport> transports(int n) {
        List<FakeTransport> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(new FakeTransport("e" + i));
        }
        return list;
    }

    private LambdaInvoker invoker(LambdaSettings settings, List<FakeTransport> transports) {
        return new LambdaInvoker(settings, List.copyOf(transports), clock, null, null, Map.of(), null);
    }

    private static Throwable failure(CompletableFuture<String> f) {
        assertThat(f).isCompletedExceptionally();
        try {
            f.join();
            throw new AssertionError("not failed");
        } catch (CompletionException e) {
            return e.getCause();
        }
    }

    @Test
    void sendsOneRequestResponseInvocationOfTheFunctionPerTask() {
        List<FakeTransport> t = transports(1);
        LambdaInvoker invoker = invoker(settings(1, 1, 60_000, 6_000_000), t);

        CompletableFuture<String> result = invoker.invoke("{\"spec\":1}");
        InvokeRequest request = t.get(0).requests.get(0);
        assertThat(request.functionName()).isEqualTo("updraft-worker");
        assertThat(request.invocationType()).isEqualTo(InvocationType.REQUEST_RESPONSE);
        assertThat(t.get(0).payload(0)).isEqualTo("{\"spec\":1}");
        t.get(0).answer(0, RESULT);

        assertThat(result.join()).isEqualTo(RESULT);
        assertThat(invoker.inFlight()).isZero();
    }

    @Test
    void anEmulatorEndpointNeverServesTwoInvocationsAtOnce() {
        List<FakeTransport> t = transports(3);
        LambdaInvoker invoker = invoker(settings(3, 10, 60_000, 6_000_000), t);
        assertThat(invoker.concurrency()).isEqualTo(3);

        List<CompletableFuture<String>> results = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            results.add(invoker.invoke("{\"spec\":" + i + "}"));
        }
        assertThat(t).extracting(x -> x.requests.size()).containsExactly(1, 1, 1);
        t.get(1).answer(0, RESULT);
        assertThat(t).extracting(x -> x.requests.size()).containsExactly(1, 2, 1);
        assertThat(t.get(1).payload(1)).isEqualTo("{\"spec\":3}");
        for (int round = 0; round < 5; round++) {
            for (FakeTransport x : t) {
                synchronized (x.calls) {
                    for (int c = 0; c < x.calls.size(); c++) {
                        if (!x.calls.get(c).isDone()) {
                            x.answer(c, RESULT);
                            break;
                        }
                    }
                }
            }
        }

        assertThat(results).allSatisfy(r -> assertThat(r).isCompletedWithValue(RESULT));
        assertThat(t).allSatisfy(x -> assertThat(x.maxRunning.get()).isEqualTo(1));
        assertThat(t.stream().mapToInt(x -> x.requests.size()).sum()).isEqualTo(7);
    }

    @Test
    void underConcurrentCallersAndAnswersNoEndpointEverServesTwo() throws Exception {
        int endpoints = 3;
        List<AtomicInteger> running = new ArrayList<>();
        List<AtomicInteger> max = new ArrayList<>();
        java.util.concurrent.ScheduledExecutorService answers = java.util.concurrent.Executors.newScheduledThreadPool(4);
        List<LambdaTransport> transports = new ArrayList<>();
        for (int i = 0; i < endpoints; i++) {
            AtomicInteger r = new AtomicInteger();
            AtomicInteger m = new AtomicInteger();
            running.add(r);
            max.add(m);
            transports.add(request -> {
                m.accumulateAndGet(r.incrementAndGet(), Math::max);
                CompletableFuture<InvokeResponse> f = new CompletableFuture<>();
                answers.schedule(() -> {
                    r.decrementAndGet();
                    if (Math.random() < 0.2) {
                        f.completeExceptionally(ServiceException.builder().statusCode(503).message("x").build());
                    } else {
                        f.complete(InvokeResponse.builder().statusCode(200).payload(SdkBytes.fromUtf8String(RESULT))
                                .build());
                    }
                }, (long) (Math.random() * 300), java.util.concurrent.TimeUnit.MICROSECONDS);
                return f;
            });
        }
        LambdaInvoker invoker = new LambdaInvoker(settings(endpoints, 10, 60_000, 6_000_000), transports,
                io.updraft.coordinator.job.TaskClock.system(), null, null, Map.of(), null);
        java.util.concurrent.ExecutorService callers = java.util.concurrent.Executors.newFixedThreadPool(4);
        List<CompletableFuture<String>> all = Collections.synchronizedList(new ArrayList<>());
        for (int c = 0; c < 4; c++) {
            callers.execute(() -> {
                for (int i = 0; i < 500; i++) {
                    CompletableFuture<String> f = invoker.invoke("{}");
                    all.add(f);
                    if (i % 7 == 0) {
                        f.cancel(false);
                    }
                }
            });
        }
        callers.shutdown();
        assertThat(callers.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).exceptionally(e -> null)
                .get(60, java.util.concurrent.TimeUnit.SECONDS);
        answers.shutdown();

        assertThat(all).hasSize(2000).allMatch(CompletableFuture::isDone);
        assertThat(max).allSatisfy(m -> assertThat(m.get()).isEqualTo(1));
        assertThat(invoker.inFlight()).isZero();
    }

    @Test
    void maxConcurrencyCapsThePoolAndAwsUsesOneClient() {
        List<FakeTransport> pool = transports(4);
        LambdaInvoker capped = invoker(settings(4, 2, 60_000, 6_000_000), pool);
        for (int i = 0; i < 5; i++) {
            capped.invoke("{}");
        }
        assertThat(capped.concurrency()).isEqualTo(2);
        assertThat(pool.stream().mapToInt(x -> x.requests.size()).sum()).isEqualTo(2);

        List<FakeTransport> aws = transports(1);
        LambdaInvoker onAws = invoker(settings(0, 3, 60_000, 6_000_000), aws);
        for (int i = 0; i < 5; i++) {
            onAws.invoke("{}");
        }
        assertThat(aws.get(0).requests).hasSize(3);
        assertThat(aws.get(0).maxRunning.get()).isEqualTo(3);
    }

    @Test
    void errorsAreClassified() {
        List<FakeTransport> t = transports(1);
        LambdaInvoker invoker = invoker(settings(0, 10, 60_000, 6_000_000), t);
        List<CompletableFuture<String>> r = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            r.add(invoker.invoke("{}"));
        }
        FakeTransport x = t.get(0);
        x.calls.get(0).complete(InvokeResponse.builder().statusCode(200).functionError("Unhandled")
                .payload(SdkBytes.fromUtf8String("{\"errorMessage\":\"Java heap space\",\"errorType\":"
                        + "\"java.lang.OutOfMemoryError\"}")).build());
        x.answer(1, "{\"errorType\":\"Runtime.ExitError\",\"errorMessage\":\"exit status 137\"}");
        x.fail(2, TooManyRequestsException.builder().statusCode(429).message("Rate Exceeded.").build());
        x.fail(3, ServiceException.builder().statusCode(500).message("Internal failure").build());
        x.fail(4, ResourceNotFoundException.builder().statusCode(404).message("Function not found").build());
        x.fail(5, SdkClientException.create("Unable to execute HTTP request: Connection refused"));
        x.fail(6, ApiCallTimeoutException.create(60_000));
        x.calls.get(7).complete(InvokeResponse.builder().statusCode(502).payload(SdkBytes.fromUtf8String("")).build());

        assertThat(failure(r.get(0))).isInstanceOfSatisfying(WorkerInvocationException.class,
                e -> assertThat(e.kind()).isEqualTo(Kind.CRASH)).hasMessage("Lambda function updraft-worker failed"
                + " (Unhandled): java.lang.OutOfMemoryError: Java heap space");
        assertThat(failure(r.get(1))).hasMessageEndingWith("failed (Unhandled): Runtime.ExitError: exit status 137");
        assertThat(kind(r.get(1))).isEqualTo(Kind.CRASH);
        assertThat(kind(r.get(2))).isEqualTo(Kind.THROTTLED);
        assertThat(failure(r.get(2))).hasMessageContaining("429 TooManyRequests").hasMessageContaining("Rate Exceeded.");
        assertThat(kind(r.get(3))).isEqualTo(Kind.SERVER_ERROR);
        assertThat(kind(r.get(4))).isEqualTo(Kind.REJECTED);
        assertThat(failure(r.get(4))).hasMessageContaining("HTTP 404").hasMessageContaining("Function not found");
        assertThat(kind(r.get(5))).isEqualTo(Kind.TIMEOUT);
        assertThat(kind(r.get(6))).isEqualTo(Kind.TIMEOUT);
        assertThat(kind(r.get(7))).isEqualTo(Kind.SERVER_ERROR);
        assertThat(List.of(Kind.CRASH, Kind.THROTTLED, Kind.SERVER_ERROR, Kind.TIMEOUT))
                .allMatch(Kind::retryable);
        assertThat(Kind.REJECTED.retryable()).isFalse();
    }

    private static Kind kind(CompletableFuture<String> f) {
        return ((WorkerInvocationException) failure(f)).kind();
    }

    @Test
    void anInvocationOverTheTimeoutFailsButKeepsItsEndpointBusyUntilItEnds() {
        List<FakeTransport> t = transports(1);
        LambdaInvoker invoker = invoker(settings(1, 1, 5_000, 6_000_000), t);
        CompletableFuture<String> slow = invoker.invoke("{\"n\":1}");
        CompletableFuture<String> next = invoker.invoke("{\"n\":2}");

        clock.advance(Duration.ofMillis(4999));
        assertThat(slow).isNotDone();
        clock.advance(Duration.ofMillis(1));
        assertThat(failure(slow)).isInstanceOfSatisfying(WorkerInvocationException.class,
                e -> assertThat(e.kind()).isEqualTo(Kind.TIMEOUT)).hasMessage("Lambda function updraft-worker at "
                + "http://127.0.0.1:9000 did not answer within 5000 ms (updraft.lambda.timeoutMillis; raise it, or"
                + " make tasks smaller with more spark.sql.shuffle.partitions)");
        assertThat(t.get(0).requests).hasSize(1);

        t.get(0).answer(0, RESULT);   // the late answer is dropped; the emulator is free again
        assertThat(t.get(0).requests).hasSize(2);
        t.get(0).answer(1, RESULT);
        assertThat(next).isCompletedWithValue(RESULT);
    }

    @Test
    void aLateMapAnswerAfterATimeoutHasItsShuffleObjectDeleted() throws Exception {
        LocalObjectStore shuffle = new LocalObjectStore(dir);
        shuffle.put("shuffle/ab/job-1/s0/t0-a0.arrow", new byte[]{1, 2, 3}).join();
        shuffle.put("shuffle/ab/job-1/s0/t1-a0.arrow", new byte[]{4}).join();
        List<FakeTransport> t = transports(1);
        LambdaInvoker invoker = new LambdaInvoker(settings(1, 1, 5_000, 6_000_000), List.copyOf(t), clock, null,
                null, Map.of(), shuffle, null);
        CompletableFuture<String> slow = invoker.invoke("{\"n\":1}");
        clock.advance(Duration.ofMillis(5000));
        assertThat(failure(slow)).isInstanceOf(WorkerInvocationException.class);

        t.get(0).answer(0, "{\"jobId\":\"job-1\",\"stageId\":0,\"taskId\":0,\"attempt\":0,\"status\":\"SUCCEEDED\","
                + "\"shuffleOutput\":{\"key\":\"shuffle/ab/job-1/s0/t0-a0.arrow\",\"offsets\":[0],\"lengths\":[3],"
                + "\"rows\":[1]}}");
        invoker.close();
        assertThat(shuffle.list("shuffle/").join()).extracting(o -> o.key())
                .containsExactly("shuffle/ab/job-1/s0/t1-a0.arrow");
    }

    @Test
    void theFunctionsOwnTimeoutIsATimeoutNamingTheSettingToRaise() {
        List<FakeTransport> t = transports(1);
        LambdaInvoker invoker = invoker(settings(1, 1, 60_000, 6_000_000), t);
        CompletableFuture<String> emulator = invoker.invoke("{\"n\":1}");
        t.get(0).answer(0, "Task timed out after 2.00 seconds");
        assertThat(failure(emulator)).isInstanceOfSatisfying(WorkerInvocationException.class,
                e -> assertThat(e.kind()).isEqualTo(Kind.TIMEOUT)).hasMessageStartingWith("Lambda function "
                + "updraft-worker at http://127.0.0.1:9000 timed out: Task timed out after 2.00 seconds (the"
                + " function's timeout is shorter than this task");

        CompletableFuture<String> aws = invoker.invoke("{\"n\":2}");
        t.get(0).calls.get(1).complete(InvokeResponse.builder().statusCode(200).functionError("Unhandled")
                .payload(SdkBytes.fromUtf8String("{\"errorMessage\":\"2026-12-01T12:00:00.000Z 1b2c Task timed out"
                        + " after 900.00 seconds\"}")).build());
        assertThat(failure(aws)).isInstanceOfSatisfying(WorkerInvocationException.class,
                e -> assertThat(e.kind()).isEqualTo(Kind.TIMEOUT)).hasMessageContaining("Task timed out after 900.00");
        assertThat(LambdaResponses.isFunctionTimeout("{\"jobId\":\"j\",\"status\":\"FAILED\",\"errorMessage\":"
                + "\"Task timed out after 1 s\"}")).as("a TaskResult is never Lambda's timeout").isFalse();
    }

    @Test
    void anUnreachableEndpointIsSkippedForAWhile() {
        List<FakeTransport> t = transports(2);
        LambdaInvoker invoker = invoker(settings(2, 2, 60_000, 6_000_000), t);
        CompletableFuture<String> first = invoker.invoke("{}");
        t.get(0).fail(0, SdkClientException.create("Connection refused"));
        assertThat(kind(first)).isEqualTo(Kind.TIMEOUT);

        invoker.invoke("{}");
        CompletableFuture<String> third = invoker.invoke("{}");
        assertThat(t.get(1).requests).hasSize(1);
        assertThat(t.get(0).requests).hasSize(1);   // e0 is skipped, so the third waits
        assertThat(third).isNotDone();

        clock.advance(Duration.ofSeconds(1));
        assertThat(t.get(0).requests).hasSize(2);
    }

    @Test
    void aTaskCancelledBeforeItIsSentIsNeverSent() {
        List<FakeTransport> t = transports(1);
        LambdaInvoker invoker = invoker(settings(1, 1, 60_000, 6_000_000), t);
        invoker.invoke("{\"n\":1}");
        CompletableFuture<String> second = invoker.invoke("{\"n\":2}");
        CompletableFuture<String> third = invoker.invoke("{\"n\":3}");
        second.cancel(false);
        t.get(0).answer(0, RESULT);

        assertThat(t.get(0).requests).hasSize(2);
        assertThat(t.get(0).payload(1)).isEqualTo("{\"n\":3}");
        assertThat(third).isNotDone();
    }

    @Test
    void largeSpecsAndResultsTravelAsStoredObjects() throws Exception {
        LocalObjectStore store = new LocalObjectStore(dir);
        List<FakeTransport> t = transports(1);
        LambdaInvoker invoker = new LambdaInvoker(settings(1, 1, 60_000, 2048), List.copyOf(t), clock, store,
                dir.toString(), Map.of("updraft.s3.endpoint", "http://127.0.0.1:4566"), null);
        String big = "{\"jobId\":\"" + "x".repeat(5000) + "\"}";

        CompletableFuture<String> result = invoker.invoke(big);
        String sent = t.get(0).payload(0);
        assertThat(sent.length()).isLessThan(400);
        PayloadReference ref = PayloadReference.parse(sent);
        assertThat(ref.root()).isEqualTo(dir.toString());
        assertThat(ref.bytes()).isEqualTo(big.length());
        assertThat(ref.settings()).containsEntry("updraft.s3.endpoint", "http://127.0.0.1:4566");
        assertThat(Files.readString(dir.resolve(ref.key()))).isEqualTo(big);

        String bigResult = "{\"jobId\":\"" + "y".repeat(9000) + "\"}";
        Files.createDirectories(dir.resolve("payloads/job-1/s0"));
        Files.writeString(dir.resolve("payloads/job-1/s0/t0-a0-result.json"), bigResult);
        t.get(0).answer(0, new PayloadReference(dir.toString(), "payloads/job-1/s0/t0-a0-result.json",
                bigResult.length(), Map.of()).toJson());

        assertThat(result.join()).isEqualTo(bigResult);
        assertThat(Files.exists(dir.resolve(ref.key()))).isFalse();
        assertThat(Files.exists(dir.resolve("payloads/job-1/s0/t0-a0-result.json"))).isFalse();
        assertThat(invoker.storeRequests()).isEqualTo(new StoreRequests(1, 1));
    }

    @Test
    void aLargeSpecWithoutAPayloadRootIsRejected() {
        List<FakeTransport> t = transports(1);
        LambdaInvoker invoker = invoker(settings(1, 1, 60_000, 1024), t);

        CompletableFuture<String> result = invoker.invoke("x".repeat(2000));

        assertThat(kind(result)).isEqualTo(Kind.REJECTED);
        assertThat(failure(result)).hasMessageContaining("2000 bytes exceeds updraft.lambda.maxPayloadBytes (1024)");
        assertThat(t.get(0).requests).isEmpty();
        assertThat(invoker.inFlight()).isZero();
    }

    @Test
    void closeFailsQueuedInvocationsWaitsForRunningOnesAndClosesTheClients() throws Exception {
        List<FakeTransport> t = transports(1);
        LambdaInvoker invoker = invoker(settings(1, 1, 60_000, 6_000_000), t);
        CompletableFuture<String> running = invoker.invoke("{}");
        CompletableFuture<String> queued = invoker.invoke("{}");

        CompletableFuture<Void> closing = CompletableFuture.runAsync(invoker::close);
        queued.exceptionally(e -> null).get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(kind(queued)).isEqualTo(Kind.REJECTED);
        assertThat(closing).isNotDone();
        t.get(0).answer(0, RESULT);
        closing.get(10, java.util.concurrent.TimeUnit.SECONDS);

        assertThat(running).isCompletedWithValue(RESULT);
        assertThat(t.get(0).closed).isTrue();
        assertThat(t.get(0).requests).hasSize(1);
        assertThat(kind(invoker.invoke("{}"))).isEqualTo(Kind.REJECTED);
    }

    @Test
    void settingsComeFromTheSession() {
        LambdaSettings s = LambdaSettings.fromSettings(Map.of(
                "updraft.lambda.functionName", "arn:aws:lambda:eu-west-1:123456789012:function:w",
                "updraft.lambda.endpoints", "http://127.0.0.1:9001, http://127.0.0.1:9002",
                "updraft.s3.region", "eu-west-1",
                "updraft.lambda.timeoutMillis", "30000",
                "updraft.lambda.maxPayloadBytes", "5000000"));
        assertThat(s.functionName()).isEqualTo("arn:aws:lambda:eu-west-1:123456789012:function:w");
        assertThat(s.endpoints()).containsExactly(URI.create("http://127.0.0.1:9001"), URI.create("http://127.0.0.1:9002"));
        assertThat(s.region()).isEqualTo("eu-west-1");
        assertThat(s.maxConcurrency()).isEqualTo(2);
        assertThat(s.timeoutNanos()).isEqualTo(30_000_000_000L);
        assertThat(s.maxPayloadBytes()).isEqualTo(5_000_000);

        assertThat(LambdaSettings.fromSettings(Map.of("updraft.lambda.endpoints", "http://127.0.0.1:9001"))
                .functionName()).isEqualTo("function");   // the only name the emulator serves
        LambdaSettings aws = LambdaSettings.fromSettings(Map.of());
        assertThat(aws.functionName()).isEqualTo("updraft-worker");
        assertThat(aws.endpoints()).isEmpty();
        assertThat(aws.region()).isEqualTo("us-east-1");
        assertThat(aws.maxConcurrency()).isEqualTo(100);
        assertThat(aws.timeoutNanos()).isEqualTo(900_000_000_000L);
        assertThat(aws.maxPayloadBytes()).isEqualTo(6_000_000);

        assertThatThrownBy(() -> LambdaSettings.fromSettings(Map.of("updraft.lambda.endpoints", "localhost:9000")))
                .hasMessageContaining("needs URLs like http://127.0.0.1:9000");
        assertThatThrownBy(() -> LambdaSettings.fromSettings(Map.of("updraft.lambda.maxConcurrency", "0")))
                .hasMessage("Setting updraft.lambda.maxConcurrency must be an integer >= 1, was '0'");
    }
}
