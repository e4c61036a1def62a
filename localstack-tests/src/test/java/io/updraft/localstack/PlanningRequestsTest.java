package io.updraft.localstack;

import io.updraft.localstack.HttpTap.Exchange;
import io.updraft.localstack.ProgressCapture.Summary;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The coordinator's planning requests over s3:// input, as a Lambda user's handler makes them: every query
 * reads the input again ({@code read().parquet(...)} then an action). Counted by an {@link HttpTap} in front of
 * LocalStack's S3 (requests before the first invocation are the coordinator's planning) and by the job summary's
 * "planning: l LIST, h HEAD, g GET". The first query lists and reads each footer once (HEAD + GET); the second
 * lists again but reads no footer (process-wide footer cache); after one object is overwritten (new ETag), its
 * footer alone is read again.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlanningRequestsTest {
    private static final Pattern PLANNING = Pattern.compile("\\(planning: (\\d+) LIST, (\\d+) HEAD, (\\d+) GET\\)");

    private LambdaStack stack;
    private HttpTap s3Tap;
    private final List<HttpTap> lambdaTaps = new ArrayList<>();
    private final ProgressCapture progress = new ProgressCapture();
    private UpdraftSession session;
    private String prefix;
    private String input;

    /** Requests of one query as the tap saw them before the first invocation, and as the summary reports them. */
    private record Counts(long lists, long heads, long gets, long summaryLists, long summaryHeads, long summaryGets,
                          String detail) {
    }

    @BeforeAll
    void start() throws Exception {
        stack = LambdaStack.shared();
        prefix = "planning-" + UUID.randomUUID();   // objects no other test's footer cache has seen
        input = stack.upload(FaultData.local().resolve("kv"), prefix + "/kv");
        s3Tap = new HttpTap("s3", stack.s3Endpoint(), false, false);
        for (URI emulator : stack.pool().endpoints()) {
            lambdaTaps.add(new HttpTap("lambda-" + lambdaTaps.size(), emulator, false, false));
        }
        session = stack.lambdaSession(lambdaTaps.stream().map(HttpTap::endpoint).toList(), s3Tap.endpoint(),
                prefix + "/shuffle", Map.of("updraft.speculation", "false"), progress.stream());
    }

    @AfterAll
    void stop() throws Exception {
        if (session != null) {
            session.stop();
        }
        if (s3Tap != null) {
            s3Tap.close();
        }
        for (HttpTap t : lambdaTaps) {
            t.close();
        }
    }

    /** One query as a handler runs it: read the input, count it. */
    private Counts query(long expectedRows) {
        s3Tap.clear();
        lambdaTaps.forEach(HttpTap::clear);
        progress.reset();
        assertThat(session.read().parquet(input).count()).isEqualTo(expectedRows);

        Summary summary = progress.onlyJob();
        long firstInvocation = Long.MAX_VALUE;
        for (HttpTap t : lambdaTaps) {
            for (Exchange e : t.exchanges()) {
                firstInvocation = Math.min(firstInvocation, e.request().receivedNanos());
            }
        }
        long lists = 0;
        long heads = 0;
        long gets = 0;
        StringBuilder detail = new StringBuilder(summary.line());
        for (Exchange e : s3Tap.exchanges()) {
            if (e.request().receivedNanos() >= firstInvocation) {
                continue;
            }
            String target = e.request().target();
            detail.append("\n  ").append(e.request().method()).append(' ').append(target).append(" -> ")
                    .append(e.status());
            if (!target.contains(prefix + "/kv") && !target.contains(prefix + "%2Fkv")) {
                continue;   // not about the input (e.g. an earlier job's asynchronous cleanup)
            }
            if (e.request().method().equals("GET") && target.contains("list-type=2")) {
                lists++;
            } else if (e.request().method().equals("HEAD")) {
                heads++;
            } else if (e.request().method().equals("GET")) {
                gets++;
            }
        }
        Matcher m = PLANNING.matcher(summary.line());
        assertThat(m.find()).as("the summary shows the planning requests: " + summary.line()).isTrue();
        System.out.println(detail);
        return new Counts(lists, heads, gets, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3)), detail.toString());
    }

    @Test
    void theSecondQueryOverTheSameFilesReadsNoFooter() throws Exception {
        int files = FaultData.KV_FILES;
        Counts first = query(FaultData.KV_ROWS);
        assertThat(first.lists()).as(first.detail()).isEqualTo(1);
        assertThat(first.heads()).as("one HEAD per file" + first.detail()).isEqualTo(files);
        assertThat(first.gets()).as("at least one footer GET per file" + first.detail()).isGreaterThanOrEqualTo(files);
        assertThat(new long[]{first.summaryLists(), first.summaryHeads(), first.summaryGets()})
                .as("the summary counts what LocalStack received" + first.detail())
                .containsExactly(first.lists(), first.heads(), first.gets());

        Counts second = query(FaultData.KV_ROWS);
        assertThat(new long[]{second.lists(), second.heads(), second.gets()}).as(second.detail())
                .containsExactly(1, 0, 0);
        assertThat(new long[]{second.summaryLists(), second.summaryHeads(), second.summaryGets()})
                .as(second.detail()).containsExactly(1, 0, 0);

        // One object rewritten (5 rows instead of 10,000): a new ETag, so its footer alone is read again.
        Path small = Files.createTempFile("planning-small", ".parquet");
        try {
            Files.delete(small);
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
                s.execute("COPY (SELECT i::BIGINT AS k, i::BIGINT AS v FROM range(0, 5) t(i)) TO '" + small
                        + "' (FORMAT PARQUET)");
            }
            stack.store(prefix + "/kv").put("part-0.parquet", Files.readAllBytes(small)).join();
        } finally {
            Files.deleteIfExists(small);
        }
        long rows = FaultData.KV_ROWS - FaultData.KV_ROWS / files + 5;
        Counts third = query(rows);
        assertThat(third.lists()).as(third.detail()).isEqualTo(1);
        assertThat(third.heads()).as("only the rewritten file" + third.detail()).isEqualTo(1);
        assertThat(third.gets()).as(third.detail()).isGreaterThanOrEqualTo(1);
        assertThat(new long[]{third.summaryLists(), third.summaryHeads(), third.summaryGets()})
                .as(third.detail()).containsExactly(third.lists(), third.heads(), third.gets());
    }
}
