package io.updraft.localstack;

import io.updraft.localstack.HttpTap.Exchange;
import io.updraft.localstack.ProgressCapture.Summary;
import io.updraft.sql.Row;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request accounting through the real stack, counted twice: by the job summary (workers' own counts) and
 * independently by an {@link HttpTap} in front of LocalStack's S3, which every S3 request of the workers and
 * the coordinator passes (the session's {@code updraft.s3.endpoint} is the tap, and tasks get it from there).
 * Taps in front of the emulators see every invocation's answer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RequestAccountingTest {
    private LambdaStack stack;
    private HttpTap s3Tap;
    private final List<HttpTap> lambdaTaps = new ArrayList<>();
    private String data;
    private UpdraftSession session;
    private final ProgressCapture progress = new ProgressCapture();
    private String shufflePrefix;

    @BeforeAll
    void start() throws Exception {
        stack = LambdaStack.shared();
        data = FaultData.upload(stack);
        s3Tap = new HttpTap("s3", stack.s3Endpoint(), false, false);
        for (URI emulator : stack.pool().endpoints()) {
            lambdaTaps.add(new HttpTap("lambda-" + lambdaTaps.size(), emulator, true, true));
        }
        shufflePrefix = "accounting-shuffle/" + UUID.randomUUID();
        session = stack.lambdaSession(lambdaTaps.stream().map(HttpTap::endpoint).toList(), s3Tap.endpoint(),
                shufflePrefix, Map.of("updraft.speculation", "false", "spark.sql.shuffle.partitions", "3"),
                progress.stream());
        session.read().parquet(data + "/kv").createOrReplaceTempView("kv");
    }

    @AfterEach
    void reset() {
        assertThat(s3Tap.errors()).isEmpty();
        lambdaTaps.forEach(t -> assertThat(t.errors()).isEmpty());
    }

    @AfterAll
    void stop() throws Exception {
        if (session != null) {
            session.stop();
        }
        s3Tap.close();
        for (HttpTap t : lambdaTaps) {
            t.close();
        }
    }

    private void clear() {
        s3Tap.clear();
        lambdaTaps.forEach(HttpTap::clear);
        progress.reset();
    }

    private void awaitDeletes(int n) throws InterruptedException {
        s3Tap.awaitExchanges(e -> e.request().method().equals("DELETE"), n, 10_000);
    }

    private static long count(List<Exchange> exchanges, String method) {
        return exchanges.stream().filter(e -> e.request().method().equals(method)).count();
    }

    @Test
    void anMxRShuffleMakesExactlyMPuts() throws InterruptedException {
        clear();   // the tap must count the warm job's deletes only, not an earlier test's
        session.sql(FaultData.SHUFFLE_SQL).collectAsList();   // warm: footers cached, workers started
        awaitDeletes(FaultData.KV_FILES);   // the warm job's cleanup is asynchronous
        clear();
        List<Row> rows = session.sql(FaultData.SHUFFLE_SQL).collectAsList();
        assertThat(rows).hasSize(10);
        Summary summary = progress.onlyJob();
        List<Exchange> s3 = s3Tap.exchanges();
        String requests = summary.line() + "\n" + s3.stream().map(e -> e.request().method() + " "
                + e.request().target() + " -> " + e.status()).reduce("", (a, b) -> a + "\n  " + b);
        System.out.println(requests);

        int m = FaultData.KV_FILES;
        assertThat(summary.tasks()).isEqualTo(m + 3);
        assertThat(summary.s3Puts()).as(requests).isEqualTo(m);
        List<Exchange> puts = s3.stream().filter(e -> e.request().method().equals("PUT")).toList();
        assertThat(puts).as("PUT requests LocalStack received" + requests).hasSize(m)
                .allMatch(e -> e.status() == 200)
                .allMatch(e -> e.request().target().contains("/" + shufflePrefix + "/shuffle/")
                        && e.request().target().endsWith("-a0.arrow"));
        assertThat(puts.stream().map(e -> e.request().target()).distinct()).hasSize(m);
        assertThat(count(s3, "POST")).as("no multipart uploads").isZero();
        // The workers' requests are those made while invocations ran; before the first one, only the coordinator's
        // planning reads of input footers may happen (none here: the warm job cached them; the summary shows them
        // apart as "planning: ...", see PlanningRequestsTest); after the last, it deletes the M objects.
        List<Exchange> invocations = new ArrayList<>();
        lambdaTaps.forEach(t -> invocations.addAll(t.exchanges()));
        long firstInvocation = invocations.stream().mapToLong(e -> e.request().receivedNanos()).min().orElseThrow();
        long lastAnswer = invocations.stream().mapToLong(Exchange::endNanos).max().orElseThrow();
        List<Exchange> byWorkers = s3.stream().filter(e -> e.request().receivedNanos() >= firstInvocation
                && e.request().receivedNanos() <= lastAnswer).toList();
        List<Exchange> planning = s3.stream().filter(e -> e.request().receivedNanos() < firstInvocation).toList();
        assertThat(count(byWorkers, "GET") + count(byWorkers, "HEAD")).as("GETs counted by the summary" + requests)
                .isEqualTo(summary.s3Gets());
        assertThat(count(byWorkers, "PUT")).isEqualTo(m);
        assertThat(planning).as("the coordinator's footer reads" + requests)
                .allMatch(e -> e.request().target().contains("/fault-data/kv/part-")
                        && (e.request().method().equals("GET") || e.request().method().equals("HEAD")));
        // The coordinator deletes the M objects when the job ends (asynchronously: wait for the last ones).
        awaitDeletes(m);
        assertThat(count(s3Tap.exchanges(), "DELETE")).as("the coordinator deletes the M objects after the job")
                .isEqualTo(m);
    }

    @Test
    void countMovesNoRows() {
        session.sql("SELECT * FROM kv").count();   // warm
        clear();
        long n = session.sql("SELECT * FROM kv WHERE v >= 0").count();

        assertThat(n).isEqualTo(FaultData.KV_ROWS);
        Summary summary = progress.onlyJob();
        List<Exchange> answers = new ArrayList<>();
        lambdaTaps.forEach(t -> answers.addAll(t.exchanges()));
        String bodies = answers.stream().map(e -> e.responseBody()).reduce("", (a, b) -> a + "\n  " + b);
        System.out.println(summary.line() + bodies);
        assertThat(answers).as("one invocation per task").hasSize(summary.tasks());
        for (Exchange e : answers) {
            assertThat(e.status()).isEqualTo(200);
            // Each task answers with its count at most: one row of one BIGINT, never the rows it scanned.
            assertThat(e.responseBody().length()).as("answer of a count task" + bodies).isLessThan(2048);
            assertThat(e.responseBody()).as(bodies).contains("\"rowsOutput\":");
        }
        long rowsOut = answers.stream().mapToLong(e -> rowsOutput(e.responseBody())).sum();
        assertThat(rowsOut).as("rows the tasks returned or shuffled, in all" + bodies)
                .isLessThanOrEqualTo(summary.tasks());
    }

    private static long rowsOutput(String taskResult) {
        int at = taskResult.indexOf("\"rowsOutput\":");
        int from = at + "\"rowsOutput\":".length();
        int to = from;
        while (to < taskResult.length() && Character.isDigit(taskResult.charAt(to))) {
            to++;
        }
        return Long.parseLong(taskResult.substring(from, to));
    }
}
