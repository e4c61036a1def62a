package io.updraft.localstack;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.coordinator.output.CommitManifest;
import io.updraft.coordinator.output.OutputCommitters;
import io.updraft.localstack.HttpTap.Exchange;
import io.updraft.localstack.HttpTap.Forward;
import io.updraft.localstack.HttpTap.Request;
import io.updraft.localstack.ProgressCapture.Summary;
import io.updraft.shuffle.store.S3ObjectStore;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The output commit's faults through the real stack: writes with master("lambda"), every task an invocation of
 * the packaged worker in a Runtime Interface Emulator, the output in LocalStack's S3 as multipart uploads that
 * only the coordinator's commit completes. Each emulator sits behind an {@link HttpTap} (which attempt runs where;
 * holding one), and so does LocalStack (every S3 request of the workers and the coordinator passes it: the fault
 * is injected at the exact request — an UploadPart, the commit marker, a CompleteMultipartUpload — and the
 * folder is listed right then, past the tap). Every test asserts the object listing of the output prefix and
 * that ListMultipartUploads is empty at the end.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutputCommitFaultTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** part-<task>-<write id>-c<counter>.<ext> */
    private static final Pattern PART = Pattern.compile("part-(\\d{5})-([0-9a-f-]{36})-c(\\d{3})");

    private LambdaStack stack;
    private S3AsyncClient s3;
    private HttpTap s3Tap;
    private final List<HttpTap> taps = new ArrayList<>();
    private String data;
    private UpdraftSession session;
    private ProgressCapture progress;
    private String prefix;

    @TempDir
    Path downloads;

    @BeforeAll
    void start() throws Exception {
        stack = LambdaStack.shared();
        data = FaultData.upload(stack);
        s3 = S3ObjectStore.buildClient(stack.s3Config());
        s3Tap = new HttpTap("s3", stack.s3Endpoint(), false, false);
        for (URI emulator : stack.pool().endpoints()) {
            taps.add(new HttpTap("lambda-" + taps.size(), emulator, true, true));
        }
        // Warm both emulators (the first invocation starts the worker's JVM).
        session(Map.of()).sql(FaultData.SHUFFLE_SQL).collectAsList();
        session.stop();
        session = null;
        allTaps().forEach(HttpTap::clear);
    }

    @AfterEach
    void closeSession(TestInfo test) {
        System.out.println(test.getDisplayName() + ":" + timeline());
        if (progress != null) {
            System.out.println(progress.text());
        }
        if (session != null) {
            session.stop();
            session = null;
        }
        for (HttpTap tap : allTaps()) {
            assertThat(tap.errors()).as("errors inside tap").isEmpty();
            tap.handler(r -> HttpTap.forward());
            tap.clear();
        }
    }

    @AfterAll
    void stop() throws Exception {
        for (HttpTap tap : allTaps()) {
            tap.close();
        }
        s3.close();
    }

    private List<HttpTap> allTaps() {
        List<HttpTap> all = new ArrayList<>(taps);
        all.add(s3Tap);
        return all;
    }

    /** A lambda session on the taps (emulators and S3) with {@code settings}; speculation off unless set. */
    private UpdraftSession session(Map<String, String> settings) {
        progress = new ProgressCapture();
        Map<String, String> all = new LinkedHashMap<>();
        all.put("updraft.speculation", "false");
        all.put("spark.sql.shuffle.partitions", "3");
        all.putAll(settings);
        session = stack.lambdaSession(taps.stream().map(HttpTap::endpoint).toList(), s3Tap.endpoint(),
                "commit-shuffle/" + UUID.randomUUID(), all, progress.stream());
        session.read().parquet(data + "/kv").createOrReplaceTempView("kv");
        return session;
    }

    /** A fresh output folder; returns its s3:// path. */
    private String newOutput() {
        prefix = "commit-out/" + UUID.randomUUID() + "/";
        return "s3://" + LambdaStack.BUCKET + "/" + prefix.substring(0, prefix.length() - 1);
    }

    private Dataset<Row> kv() {
        return session.read().parquet(data + "/kv");
    }

    // ------------------------------------------------------------------ what S3 holds (past the tap)

    /** The object keys under the output prefix, relative to it: what any reader listing the folder sees. */
    private List<String> objects() {
        return s3.listObjectsV2(b -> b.bucket(LambdaStack.BUCKET).prefix(prefix)).join().contents().stream()
                .map(S3Object::key).map(k -> k.substring(prefix.length())).sorted().toList();
    }

    /** The keys (relative) of the multipart uploads still open under the output prefix. */
    private List<String> openUploads() {
        return s3.listMultipartUploads(b -> b.bucket(LambdaStack.BUCKET).prefix(prefix)).join().uploads().stream()
                .map(u -> u.key().substring(prefix.length())).sorted().toList();
    }

    private byte[] object(String key) {
        return s3.getObject(b -> b.bucket(LambdaStack.BUCKET).key(prefix + key), AsyncResponseTransformer.toBytes())
                .join().asByteArray();
    }

    private CommitManifest manifest() {
        return CommitManifest.fromJson(object("_SUCCESS"));
    }

    /** The data files (no '_' names) of the listing. */
    private static List<String> dataFiles(List<String> listing) {
        return listing.stream().filter(k -> !k.startsWith("_")).toList();
    }

    /** Spark's names of {@code tasks} × {@code files} files of one write. */
    private static List<String> names(String writeId, int tasks, int files, String extension) {
        List<String> out = new ArrayList<>();
        for (int t = 0; t < tasks; t++) {
            for (int c = 0; c < files; c++) {
                out.add(String.format(java.util.Locale.ROOT, "part-%05d-%s-c%03d%s", t, writeId, c, extension));
            }
        }
        return out;
    }

    private static String writeIdOf(List<String> files) {
        Matcher m = PART.matcher(files.getFirst());
        assertThat(m.find()).as("a Spark file name: " + files.getFirst()).isTrue();
        return m.group(2);
    }

    /** The listing is the manifest's files plus _SUCCESS, and the manifest's row counts add up. */
    private void assertCommitted(List<String> expectedFiles, long rows) {
        show("listed after the commit", objects());
        assertThat(objects()).as("the folder after the commit")
                .containsExactlyElementsOf(sortedWith(expectedFiles, "_SUCCESS"));
        CommitManifest manifest = manifest();
        assertThat(manifest.files()).extracting(CommitManifest.Entry::key)
                .containsExactlyInAnyOrderElementsOf(expectedFiles);
        assertThat(manifest.files().stream().mapToLong(CommitManifest.Entry::rows).sum()).isEqualTo(rows);
        assertThat(openUploads()).as("no multipart upload left open").isEmpty();
    }

    /** Prints a listing for the test log (the report quotes them). */
    private static void show(String what, List<String> keys) {
        System.out.println("  " + what + " (" + keys.size() + "): " + keys);
    }

    private static List<String> sortedWith(List<String> files, String... more) {
        List<String> all = new ArrayList<>(files);
        all.addAll(List.of(more));
        all.sort(null);
        return all;
    }

    /** Downloads the listed files and has DuckDB compare them with kv: rows missing and rows extra (both 0). */
    private void assertHoldsExactlyKv(List<String> files, String duckReader) throws Exception {
        Path dir = Files.createDirectories(downloads.resolve(UUID.randomUUID().toString()));
        for (String f : files) {
            Files.write(dir.resolve(f), object(f));
        }
        Path kv = FaultData.local().resolve("kv");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("CREATE VIEW written AS SELECT k::BIGINT AS k, v::BIGINT AS v FROM " + duckReader.replace("%s",
                    dir + File.separator + "part-*"));
            s.execute("CREATE VIEW kv AS SELECT k, v FROM read_parquet('" + kv + "/*.parquet')");
            assertThat(duckLong(s, "SELECT count(*) FROM written")).isEqualTo(FaultData.KV_ROWS);
            assertThat(duckLong(s, "SELECT count(*) FROM (SELECT * FROM kv EXCEPT ALL SELECT * FROM written)"))
                    .as("rows of kv missing").isZero();
            assertThat(duckLong(s, "SELECT count(*) FROM (SELECT * FROM written EXCEPT ALL SELECT * FROM kv)"))
                    .as("rows not in kv").isZero();
        }
    }

    private static long duckLong(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    // ------------------------------------------------------------------ what the taps saw

    private List<Exchange> invocations() {
        List<Exchange> all = new ArrayList<>();
        taps.forEach(t -> all.addAll(t.exchanges()));
        all.sort((a, b) -> Long.compare(a.request().receivedNanos(), b.request().receivedNanos()));
        return all;
    }

    private static Invocation invocation(Exchange e) {
        return Invocation.parse(e.request().bodyText());
    }

    private List<Exchange> writes() {
        return invocations().stream().filter(e -> invocation(e).runs("fileWrite")).toList();
    }

    private String timeline() {
        List<Exchange> all = invocations();
        if (all.isEmpty()) {
            return " (no invocations)";
        }
        long t0 = all.getFirst().request().receivedNanos();
        StringBuilder b = new StringBuilder();
        for (Exchange e : all) {
            Invocation inv = invocation(e);
            b.append(String.format(java.util.Locale.ROOT, "%n  +%6d ms  %s stage %d task %d attempt %d %-30s -> %d in %d ms",
                    TimeUnit.NANOSECONDS.toMillis(e.request().receivedNanos() - t0), tapOf(e), inv.stageId(),
                    inv.taskId(), inv.attempt(), inv.operators(), e.status(),
                    TimeUnit.NANOSECONDS.toMillis(e.endNanos() - e.request().receivedNanos())));
        }
        return b.toString();
    }

    private int tapOf(Exchange e) {
        for (int i = 0; i < taps.size(); i++) {
            if (taps.get(i).exchanges().contains(e)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * S3 requests on the output prefix as "METHOD key" or "METHOD key?query" (key relative to the prefix; the SDK's
     * {@code x-id} operation parameter left out).
     */
    private List<String> s3Requests() {
        String path = "/" + LambdaStack.BUCKET + "/" + prefix;
        return s3Tap.requests().stream().filter(r -> r.target().startsWith(path))
                .map(r -> r.method() + " " + withoutOperationId(r.target().substring(path.length()))).toList();
    }

    /** A request target without the SDK's {@code x-id=Operation} query parameter. */
    private static String withoutOperationId(String target) {
        int q = target.indexOf('?');
        if (q < 0) {
            return target;
        }
        List<String> params = new ArrayList<>();
        for (String p : target.substring(q + 1).split("&")) {
            if (!p.startsWith("x-id=") && !p.isEmpty()) {
                params.add(p);
            }
        }
        return target.substring(0, q) + (params.isEmpty() ? "" : "?" + String.join("&", params));
    }

    /** CompleteMultipartUpload requests on the output prefix. */
    private List<String> completes() {
        return s3Requests().stream().filter(r -> r.startsWith("POST ") && r.contains("uploadId=")).toList();
    }

    /** AbortMultipartUpload requests on the output prefix. */
    private List<String> aborts() {
        return s3Requests().stream().filter(r -> r.startsWith("DELETE ") && r.contains("uploadId=")).toList();
    }

    /** The upload ids named in a write attempt's answer (its pending files). */
    private static List<String> uploadIds(Exchange e) throws Exception {
        List<String> ids = new ArrayList<>();
        JSON.readTree(e.responseBody()).findValues("uploadId").forEach(n -> {
            if (n.isTextual()) {
                ids.add(n.asText());
            }
        });
        return ids;
    }

    private static void await(String what, long timeoutMillis, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    // ------------------------------------------------------------------ 1. an emulator killed while a task writes

    @Test
    void anEmulatorKilledWhileATaskWritesLeavesOnlyTheRetrysFiles() throws Exception {
        String out = newOutput();
        Map<Integer, Integer> runningOn = new ConcurrentHashMap<>();   // write task -> emulator of attempt 0
        for (int i = 0; i < taps.size(); i++) {
            int emulator = i;
            taps.get(i).handler(r -> {
                Invocation inv = Invocation.parse(r.bodyText());
                if (inv.runs("fileWrite") && inv.attempt() == 0) {
                    runningOn.put(inv.taskId(), emulator);
                }
                return HttpTap.forward();
            });
        }
        // The task's second file (c001) being uploaded: its first file is written (pending), the rest not yet.
        AtomicInteger killed = new AtomicInteger(-1);
        AtomicInteger killedTask = new AtomicInteger(-1);
        AtomicBoolean once = new AtomicBoolean();
        CompletableFuture<Void> killDone = new CompletableFuture<>();
        s3Tap.handler(r -> {
            Matcher m = PART.matcher(r.target());
            if (r.method().equals("PUT") && r.target().contains(prefix) && r.target().contains("partNumber=")
                    && m.find() && m.group(3).equals("001") && once.compareAndSet(false, true)) {
                int task = Integer.parseInt(m.group(1));
                Integer emulator = runningOn.get(task);
                killedTask.set(task);
                killed.set(emulator);
                return new Forward(CompletableFuture.completedFuture(null), () -> {
                    try {
                        stack.pool().kill(emulator);
                    } finally {
                        killDone.complete(null);
                    }
                });
            }
            return HttpTap.forward();
        });
        session(Map.of());
        try {
            kv().write().option("maxRecordsPerFile", "2500").parquet(out);

            assertThat(killed.get()).as("an emulator was killed while its task uploaded").isGreaterThanOrEqualTo(0);
            killDone.get(60, TimeUnit.SECONDS);
            String timeline = timeline();
            List<Exchange> attempts = writes().stream().filter(e -> invocation(e).taskId() == killedTask.get())
                    .toList();
            assertThat(attempts).as("the killed attempt, then its retry" + timeline).hasSizeGreaterThanOrEqualTo(2);
            assertThat(attempts.getFirst().status()).as("the killed attempt's connection dropped").isEqualTo(-1);
            Exchange retry = attempts.getLast();
            assertThat(retry.status()).isEqualTo(200);
            assertThat(tapOf(retry)).as("the retry ran on the other emulator").isNotEqualTo(killed.get());
            Summary summary = progress.onlyJob();
            assertThat(summary.failed()).isFalse();
            assertThat(summary.retries()).as(summary.line()).isGreaterThanOrEqualTo(1);

            List<String> files = dataFiles(objects());
            String writeId = writeIdOf(files);
            List<String> expected = names(writeId, FaultData.KV_FILES, 4, ".snappy.parquet");
            assertCommitted(expected, FaultData.KV_ROWS);
            assertThat(manifest().files()).allSatisfy(f -> assertThat(f.rows()).isEqualTo(2500));
            // One CompleteMultipartUpload per visible file (the retry's; the killed attempt's are never completed),
            // and the killed attempt's uploads (its first file, and the second one being uploaded) were aborted.
            show("aborted", aborts());
            assertThat(completes()).as("publishes").hasSize(expected.size());
            assertThat(aborts()).as("aborted uploads of the killed attempt").isNotEmpty()
                    .allMatch(a -> a.contains(String.format(java.util.Locale.ROOT, "part-%05d-", killedTask.get())));
            assertHoldsExactlyKv(expected, "read_parquet('%s')");
        } finally {
            if (killed.get() >= 0) {
                killDone.get(60, TimeUnit.SECONDS);
                stack.pool().restart(killed.get());
            }
        }
    }

    // ------------------------------------------------------------------ 2. a job failed after some tasks committed

    @Test
    void aJobFailedAfterSomeTasksCommittedShowsNothingNewAndAbortsTheirUploads() throws Exception {
        String out = newOutput();
        session(Map.of());
        kv().write().parquet(out);
        List<String> before = objects();
        byte[] success = object("_SUCCESS");
        taps.forEach(HttpTap::clear);
        s3Tap.clear();
        progress.reset();

        // The task over kv/part-3 (which holds k = 39999, where k div (k - 39999) divides by zero) is held until
        // the three others have answered, so it fails after their files are written and their attempts committed.
        CompletableFuture<Void> release = new CompletableFuture<>();
        taps.forEach(t -> t.handler(r -> Invocation.parse(r.bodyText()).runs("fileWrite")
                && r.bodyText().contains("kv/part-3.parquet") ? HttpTap.holdUntil(release) : HttpTap.forward()));
        CompletableFuture<Void> job = CompletableFuture.runAsync(() -> kv()
                .selectExpr("k", "v", "k div (k - 39999) AS q").write().mode("overwrite").parquet(out));
        try {
            await("three write tasks answered", 60_000,
                    () -> writes().stream().filter(e -> e.status() == 200).count() == 3);
            Thread.sleep(300);   // their answers reach the scheduler
            show("listed while three tasks have written", objects());
            show("open uploads then", openUploads());
            assertThat(objects()).as("while the job runs: the previous output only").isEqualTo(before);
            assertThat(openUploads()).as("the three tasks' files, pending").hasSize(3)
                    .noneMatch(k -> before.contains(k));
        } finally {
            release.complete(null);
        }
        assertThatThrownBy(job::join).hasMessageContaining("DIVIDE_BY_ZERO");

        show("listed after the failed job", objects());
        show("aborted", aborts());
        assertThat(objects()).as("the previous output, as it was").isEqualTo(before);
        assertThat(object("_SUCCESS")).isEqualTo(success);
        assertThat(openUploads()).as("no multipart upload left open").isEmpty();
        assertThat(completes()).as("nothing published").isEmpty();
        List<String> committedUploads = new ArrayList<>();
        for (Exchange e : writes()) {
            if (!e.request().bodyText().contains("kv/part-3.parquet")) {
                committedUploads.addAll(uploadIds(e));
            }
        }
        assertThat(committedUploads).hasSize(3);
        assertThat(committedUploads).as("the committed attempts' uploads aborted")
                .allMatch(id -> aborts().stream().anyMatch(a -> a.contains(id)));
        assertThat(s3Requests()).as("nothing of the previous output deleted")
                .noneMatch(r -> r.startsWith("DELETE ") && !r.contains("uploadId="));
        assertThat(progress.onlyJob().failed()).isTrue();
    }

    // ------------------------------------------------------------------ 3. a speculative duplicate

    @Test
    void aSpeculativeDuplicateLeavesExactlyOneAttemptsFiles() throws Exception {
        String out = newOutput();
        AtomicReference<Invocation> held = new AtomicReference<>();
        CompletableFuture<Void> release = new CompletableFuture<>();
        taps.forEach(t -> t.handler(r -> {
            Invocation inv = Invocation.parse(r.bodyText());
            return inv.runs("fileWrite") && held.compareAndSet(null, inv) ? HttpTap.holdUntil(release)
                    : HttpTap.forward();
        }));
        session(Map.of("updraft.speculation", "true", "updraft.speculation.multiplier", "1.5",
                "updraft.speculation.quantile", "0.5", "updraft.speculation.minRuntimeMillis", "300",
                "updraft.speculation.intervalMillis", "50"));
        // The held attempt is let go once its speculative copy has answered: it then runs to its end and writes
        // its files too, as a straggler on Lambda would.
        CompletableFuture<Void> releaser = CompletableFuture.runAsync(() -> {
            try {
                await("the speculative copy answered", 60_000, () -> writes().stream().anyMatch(e ->
                        invocation(e).taskId() == held.get().taskId() && invocation(e).attempt() > 0
                                && e.status() == 200));
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                release.complete(null);
            }
        });
        kv().write().parquet(out);
        releaser.join();

        String timeline = timeline();
        Invocation straggler = held.get();
        List<Exchange> attempts = writes().stream().filter(e -> invocation(e).taskId() == straggler.taskId())
                .toList();
        Exchange loser = attempts.stream().filter(e -> invocation(e).attempt() == straggler.attempt()).findFirst()
                .orElseThrow();
        assertThat(loser.status()).as("the straggler ran to its end" + timeline).isEqualTo(200);
        List<String> loserUploads = uploadIds(loser);
        assertThat(loserUploads).as("the straggler wrote its file").hasSize(1);
        assertThat(progress.onlyJob().speculative()).isGreaterThanOrEqualTo(1);

        List<String> files = dataFiles(objects());
        List<String> expected = names(writeIdOf(files), FaultData.KV_FILES, 1, ".snappy.parquet");
        assertCommitted(expected, FaultData.KV_ROWS);
        assertThat(completes()).as("one publish per file").hasSize(FaultData.KV_FILES)
                .noneMatch(c -> c.contains(loserUploads.getFirst()));
        assertThat(aborts()).as("the straggler's upload was aborted")
                .anyMatch(a -> a.contains(loserUploads.getFirst()));
        assertHoldsExactlyKv(expected, "read_parquet('%s')");
    }

    // ------------------------------------------------------------------ 4. a coordinator stopped before its commit

    @Test
    void aCoordinatorKilledBeforeItsCommitShowsNothingAndTheNextWriteAbortsItsUploads() throws Exception {
        String out = newOutput();
        // The coordinator runs in a child JVM; when its commit's first request (the conditional PUT of the commit
        // marker) reaches S3, the JVM is SIGKILLed and the request dropped: every task has written, nothing is
        // committed.
        Process child = new ProcessBuilder(javaCommand(DyingCoordinator.class.getName(),
                String.join(",", taps.stream().map(t -> t.endpoint().toString()).toList()),
                s3Tap.endpoint().toString(), "commit-shuffle/" + UUID.randomUUID(), data + "/kv", out))
                .redirectErrorStream(true).redirectOutput(downloads.resolve("child.log").toFile()).start();
        AtomicReference<String> deadWrite = new AtomicReference<>();
        AtomicReference<List<String>> uploadsAtDeath = new AtomicReference<>();
        CompletableFuture<Void> killedAtCommit = new CompletableFuture<>();
        Pattern marker = Pattern.compile("/_temporary/([0-9a-f-]{36})/_COMMIT");
        s3Tap.handler(r -> {
            Matcher m = marker.matcher(r.target());
            if (r.method().equals("PUT") && r.target().contains(prefix) && m.find()) {
                deadWrite.set(m.group(1));
                uploadsAtDeath.set(openUploads());
                child.destroyForcibly();
                child.waitFor(30, TimeUnit.SECONDS);
                killedAtCommit.complete(null);
                return HttpTap.holdUntil(CompletableFuture.failedFuture(new IllegalStateException("coordinator dead")));
            }
            return HttpTap.forward();
        });
        boolean ended = child.waitFor(120, TimeUnit.SECONDS);
        String log = Files.readString(downloads.resolve("child.log"));
        assertThat(ended).as("the child coordinator ended: " + log).isTrue();
        killedAtCommit.get(30, TimeUnit.SECONDS);
        assertThat(deadWrite.get()).as("the child reached its commit: " + log).isNotNull();
        assertThat(child.exitValue()).as("killed").isNotZero();
        assertThat(log).contains(DyingCoordinator.WRITING).doesNotContain(DyingCoordinator.COMMITTED);
        long diedAt = System.currentTimeMillis();

        assertThat(writes()).as("every write task answered" + timeline()).hasSize(FaultData.KV_FILES)
                .allMatch(e -> e.status() == 200);
        show("open uploads at the coordinator's death", uploadsAtDeath.get());
        show("listed after its death", objects());
        assertThat(uploadsAtDeath.get()).as("at its death: one pending upload per task")
                .containsExactlyElementsOf(names(deadWrite.get(), FaultData.KV_FILES, 1, ".snappy.parquet"));
        assertThat(objects()).as("nothing visible: no object at all under the folder").isEmpty();
        assertThat(openUploads()).isEqualTo(uploadsAtDeath.get());
        assertThat(completes()).isEmpty();

        // The next write into the folder — an append, with leftovers counted as abandoned after 1 s — aborts them.
        Thread.sleep(Math.max(0, diedAt + 1500 - System.currentTimeMillis()));
        s3Tap.handler(r -> HttpTap.forward());
        s3Tap.clear();
        taps.forEach(HttpTap::clear);
        session(Map.of(OutputCommitters.ABANDONED_AFTER_MILLIS, "1000"));
        kv().write().mode("append").parquet(out);
        List<String> files = dataFiles(objects());
        String writeId = writeIdOf(files);
        assertThat(writeId).isNotEqualTo(deadWrite.get());
        assertCommitted(names(writeId, FaultData.KV_FILES, 1, ".snappy.parquet"), FaultData.KV_ROWS);
        show("aborted by the next write", aborts());
        assertThat(aborts()).as("the dead coordinator's uploads, aborted by the next write").hasSize(FaultData.KV_FILES)
                .allMatch(a -> a.contains(deadWrite.get()));
    }

    /** java -cp <this test JVM's class path> main args... */
    private static List<String> javaCommand(String main, String... args) {
        String classPath = System.getProperty("surefire.test.class.path");
        if (classPath == null || classPath.isBlank()) {
            classPath = System.getProperty("java.class.path");
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                "--enable-native-access=ALL-UNNAMED", "-cp", classPath,
                main));
        cmd.addAll(List.of(args));
        return cmd;
    }

    // ------------------------------------------------------------------ 5. overwrite: what a reader sees, step by step

    @Test
    void anOverwriteKeepsThePreviousOutputUntilItsCommitAndDeletesItLast() throws Exception {
        String out = newOutput();
        session(Map.of());
        kv().write().parquet(out);
        List<String> previous = objects();
        List<String> previousFiles = dataFiles(previous);
        s3Tap.clear();

        // The listing (past the tap) at each step of the commit, taken just before the step's first request.
        // A step's requests are concurrent (4 publishes, 4 deletes): the first one lists the folder while the others
        // wait at the tap, so the listing is the state just before the step.
        java.util.Set<String> started = ConcurrentHashMap.newKeySet();
        Map<String, CompletableFuture<Void>> listed = new ConcurrentHashMap<>();
        Map<String, List<String>> seen = new ConcurrentHashMap<>();
        Map<String, List<String>> pendingSeen = new ConcurrentHashMap<>();
        List<String> manifestAtFirstDelete = new CopyOnWriteArrayList<>();
        s3Tap.handler(r -> {
            if (!r.target().contains(prefix)) {
                return HttpTap.forward();
            }
            String step = step(r);
            if (step == null) {
                return HttpTap.forward();
            }
            CompletableFuture<Void> done = listed.computeIfAbsent(step, k -> new CompletableFuture<>());
            if (!started.add(step)) {
                return HttpTap.holdUntil(done);
            }
            try {
                seen.put(step, objects());
                pendingSeen.put(step, openUploads());
                if (step.equals("delete previous")) {
                    manifest().files().forEach(f -> manifestAtFirstDelete.add(f.key()));
                }
            } finally {
                done.complete(null);
            }
            return HttpTap.forward();
        });
        kv().write().mode("overwrite").parquet(out);

        List<String> files = dataFiles(objects());
        String writeId = writeIdOf(files);
        List<String> expected = names(writeId, FaultData.KV_FILES, 1, ".snappy.parquet");
        String marker = "_temporary/" + writeId + "/_COMMIT";
        seen.forEach((step, keys) -> show("listed at " + step, keys));
        assertThat(seen).as("every step was seen").containsOnlyKeys("marker", "publish", "_SUCCESS",
                "delete previous");
        assertThat(seen.get("marker")).as("tasks done, commit starting: the previous output only").isEqualTo(previous);
        assertThat(pendingSeen.get("marker")).as("the new files, pending").containsExactlyElementsOf(expected);
        assertThat(seen.get("publish")).as("first publish: the previous output and the commit marker (under"
                + " _temporary/, which readers skip)").isEqualTo(sortedWith(previous, marker));
        List<String> both = sortedWith(expected, sortedWith(previous, marker).toArray(String[]::new));
        assertThat(seen.get("_SUCCESS")).as("all published: previous and new files side by side, the old _SUCCESS")
                .isEqualTo(both);
        assertThat(pendingSeen.get("_SUCCESS")).isEmpty();
        assertThat(seen.get("delete previous")).as("the new _SUCCESS written, nothing deleted yet").isEqualTo(both);
        assertThat(manifestAtFirstDelete).as("_SUCCESS names the new files before any old one goes")
                .containsExactlyInAnyOrderElementsOf(expected);
        assertCommitted(expected, FaultData.KV_ROWS);
        assertThat(s3Requests().stream().filter(r -> r.startsWith("DELETE ") && !r.contains("uploadId=")
                && !r.startsWith("DELETE _temporary/"))).as("the previous files deleted, once each (and the marker)")
                .containsExactlyInAnyOrderElementsOf(previousFiles.stream().map(f -> "DELETE " + f).toList());
        assertHoldsExactlyKv(expected, "read_parquet('%s')");
    }

    /** The commit step a request on the output prefix starts, or null. */
    private static String step(Request r) {
        String t = withoutOperationId(r.target());
        if (r.method().equals("PUT") && t.contains("/_temporary/") && t.contains("/_COMMIT")) {
            return "marker";
        }
        if (r.method().equals("POST") && t.contains("uploadId=")) {
            return "publish";
        }
        if (r.method().equals("PUT") && t.endsWith("/_SUCCESS")) {
            return "_SUCCESS";
        }
        if (r.method().equals("DELETE") && !t.contains("uploadId=") && !t.contains("/_temporary/")) {
            return "delete previous";
        }
        return null;
    }

    // ------------------------------------------------------------------ 6. CSV and JSON on S3, read back

    @Test
    void csvAndJsonWrittenOnS3ThroughLambdaReadBackAsTheInput() throws Exception {
        session(Map.of());
        List<List<Object>> expected = FaultData.duckdb("SELECT k, v FROM kv ORDER BY k");

        String csv = newOutput();
        String csvPrefix = prefix;
        kv().write().option("header", "true").csv(csv);
        List<String> csvFiles = dataFiles(objects());
        List<String> csvNames = names(writeIdOf(csvFiles), FaultData.KV_FILES, 1, ".csv");
        assertCommitted(csvNames, FaultData.KV_ROWS);
        assertThat(new String(object(csvNames.getFirst()), StandardCharsets.UTF_8)).startsWith("k,v\n");
        assertHoldsExactlyKv(csvNames, "read_csv('%s', header = true)");
        List<Row> csvBack = session.read().option("header", "true").option("inferSchema", "true").csv(csv)
                .orderBy("k").collectAsList();
        assertThat(FaultData.values(csvBack)).isEqualTo(expected);

        String json = newOutput();
        kv().write().json(json);
        List<String> jsonFiles = dataFiles(objects());
        List<String> jsonNames = names(writeIdOf(jsonFiles), FaultData.KV_FILES, 1, ".json");
        assertCommitted(jsonNames, FaultData.KV_ROWS);
        assertThat(new String(object(jsonNames.getFirst()), StandardCharsets.UTF_8)).startsWith("{\"k\":");
        assertHoldsExactlyKv(jsonNames, "read_json('%s', format = 'newline_delimited')");
        Dataset<Row> jsonBack = session.read().json(json);
        assertThat(jsonBack.schema().fieldNames()).containsExactly("k", "v");
        assertThat(FaultData.values(jsonBack.orderBy("k").collectAsList())).isEqualTo(expected);
        assertThat(csvPrefix).isNotEqualTo(prefix);
    }

    // ------------------------------------------------------------------ 7. a write attempt that answers too late

    @Test
    void aWriteAttemptThatAnswersAfterItTimedOutHasItsFilesDropped() throws Exception {
        String out = newOutput();
        // The first write attempt is held in its tap past the invocation timeout (5 s) — it is retried elsewhere
        // and the job commits — and let go only after the job's commit and cleanup: it then runs, opens new
        // uploads and answers, too late to be committed.
        AtomicReference<Invocation> held = new AtomicReference<>();
        CompletableFuture<Void> release = new CompletableFuture<>();
        taps.forEach(t -> t.handler(r -> {
            Invocation inv = Invocation.parse(r.bodyText());
            return inv.runs("fileWrite") && held.compareAndSet(null, inv) ? HttpTap.holdUntil(release)
                    : HttpTap.forward();
        }));
        UpdraftSession s = session(Map.of("updraft.lambda.timeoutMillis", "5000"));
        try {
            kv().write().parquet(out);
        } finally {
            release.complete(null);
        }
        List<String> files = dataFiles(objects());
        List<String> expected = names(writeIdOf(files), FaultData.KV_FILES, 1, ".snappy.parquet");
        assertThat(completes()).hasSize(FaultData.KV_FILES);
        await("the late attempt answered", 60_000, () -> writes().stream().anyMatch(e ->
                invocation(e).taskId() == held.get().taskId() && invocation(e).attempt() == held.get().attempt()));
        s.stop();   // waits for what the late answer started
        session = null;
        Exchange late = writes().stream().filter(e -> invocation(e).taskId() == held.get().taskId()
                && invocation(e).attempt() == held.get().attempt()).findFirst().orElseThrow();
        assertThat(late.status()).as("the late attempt ran" + timeline()).isEqualTo(200);
        List<String> lateUploads = uploadIds(late);
        assertThat(lateUploads).as("it wrote a file").hasSize(1);
        assertCommitted(expected, FaultData.KV_ROWS);
        assertThat(aborts()).as("its upload was aborted").anyMatch(a -> a.contains(lateUploads.getFirst()));
        assertThat(progress.onlyJob().retries()).isEqualTo(1);
    }
}
