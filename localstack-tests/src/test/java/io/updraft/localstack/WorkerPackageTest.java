package io.updraft.localstack;

import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.engine.TaskRunner;
import io.updraft.localstack.HttpTap.Exchange;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged worker (worker-function/target/function.zip): what it contains, and its cold start — the first
 * invocation of a fresh emulator running it, measured through a tap and printed (machine-dependent, so only
 * bounded loosely; the worker-function README records the numbers).
 */
class WorkerPackageTest {
    private static final Path ZIP = Path.of(System.getProperty("updraft.home", ".")).toAbsolutePath()
            .resolve("worker-function/target/function.zip");
    /** Quarkus names the packaged jars lib/GROUP.ARTIFACT-VERSION.jar. */
    private static final Pattern JAR = Pattern.compile("lib/(.+?)-(\\d[^/]*)\\.jar");

    @Test
    void theWorkerRunsTheJacksonAndTheNettyOfTheCoordinator() throws IOException {
        Version jackson = com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION;
        String netty = io.netty.util.Version.identify().get("netty-common").artifactVersion();
        try (ZipFile zip = new ZipFile(ZIP.toFile())) {
            List<Matcher> jars = zip.stream().map(e -> JAR.matcher(e.getName())).filter(Matcher::matches).toList();
            Set<String> jacksonVersions = jars.stream()
                    .filter(m -> m.group(1).startsWith("com.fasterxml.jackson.")
                            && !m.group(1).endsWith("jackson-annotations"))
                    .map(m -> m.group(2)).collect(Collectors.toSet());
            Set<String> annotationVersions = jars.stream().filter(m -> m.group(1).endsWith("jackson-annotations"))
                    .map(m -> m.group(2)).collect(Collectors.toSet());
            Set<String> nettyVersions = jars.stream().filter(m -> m.group(1).startsWith("io.netty."))
                    .map(m -> m.group(2)).collect(Collectors.toSet());
            assertThat(jacksonVersions).as("Jackson in function.zip").containsExactly(jackson.toString());
            // jackson-annotations is versioned major.minor since 2.20
            assertThat(annotationVersions).as("jackson-annotations in function.zip")
                    .containsExactly(jackson.getMajorVersion() + "." + jackson.getMinorVersion());
            assertThat(nettyVersions).as("Netty in function.zip").containsExactly(netty);
        }
    }

    @Test
    void thePackageHoldsNoPlannerNoSqlParserAndNothingTheWorkerDoesNotNeed() throws IOException {
        assertThat(ZIP).isRegularFile();
        try (ZipFile zip = new ZipFile(ZIP.toFile())) {
            List<String> names = zip.stream().map(ZipEntry::getName).toList();
            assertThat(names).contains("bootstrap");
            assertThat(names).anyMatch(n -> n.contains("updraft-engine"));
            assertThat(names).as("planner and Calcite stay out of the worker")
                    .noneMatch(n -> n.contains("updraft-planner") || n.contains("calcite") || n.contains("avatica")
                            || n.contains("updraft-api") || n.contains("updraft-coordinator"));
            assertThat(names).as("clients and libraries the worker does not use (see worker-function/pom.xml)")
                    .noneMatch(n -> n.contains("apache5-client") || n.contains("httpclient5")
                            || n.contains("httpcore5") || n.contains("crt-core"));
        }
        long bytes = Files.size(ZIP);
        System.out.printf("function.zip: %.1f MB%n", bytes / 1e6);
        assertThat(bytes).as("function.zip size (trimmed: see worker-function/README.md)").isLessThan(60_000_000L);
    }

    @Test
    void coldStartOfAFreshEmulator() throws Exception {
        LambdaStack stack = LambdaStack.shared();
        String data = FaultData.upload(stack);
        try (LambdaStack.EmulatorPool fresh = stack.startPool(1, Map.of());
             HttpTap tap = new HttpTap("cold", fresh.endpoints().getFirst(), true, false)) {
            UpdraftSession s = stack.lambdaSession(List.of(tap.endpoint()), stack.s3Endpoint(),
                    "package-shuffle/" + UUID.randomUUID(), Map.of("updraft.speculation", "false"), null);
            try {
                s.read().parquet(data + "/kv").createOrReplaceTempView("kv");
                assertThat(s.sql("SELECT * FROM kv").count()).isEqualTo(FaultData.KV_ROWS);
                assertThat(s.sql("SELECT * FROM kv").count()).isEqualTo(FaultData.KV_ROWS);
            } finally {
                s.stop();
            }
            List<Exchange> calls = tap.exchanges();
            assertThat(calls).allMatch(e -> e.status() == 200);
            long cold = millis(calls.getFirst());
            long warm = calls.subList(calls.size() / 2, calls.size()).stream().mapToLong(WorkerPackageTest::millis)
                    .min().orElseThrow();
            System.out.printf("first invocation of a fresh emulator (JVM + Quarkus start + a Parquet scan task from"
                    + " S3): %d ms; the same kind of task warm: %d ms%n", cold, warm);
            assertThat(cold).isGreaterThan(warm).isLessThan(60_000);
            assertTaskLogLinesAreJsonWithTheirIds(fresh.log(0));
        }
    }

    /** Each task logs a line on stdout (captured in the emulator's log) as one JSON object with the task's ids. */
    private static void assertTaskLogLinesAreJsonWithTheirIds(String log) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> taskLines = new java.util.ArrayList<>();
        for (String line : log.lines().filter(l -> l.contains(TaskRunner.class.getName())).toList()) {
            JsonNode node = json.readTree(line);
            assertThat(node.isObject()).as(line).isTrue();
            taskLines.add(node);
        }
        assertThat(taskLines).as("TaskRunner lines in the emulator's log:%n%s", log).isNotEmpty();
        for (JsonNode line : taskLines) {
            assertThat(line.path("level").asText()).isEqualTo("INFO");
            assertThat(line.path("message").asText()).startsWith("Task task-").contains(" succeeded in ");
            JsonNode mdc = line.path("mdc");
            assertThat(mdc.path(TaskRunner.MDC_JOB).asText()).as(line.toString()).isNotBlank();
            assertThat(mdc.path(TaskRunner.MDC_STAGE).asText()).as(line.toString()).matches("\\d+");
            assertThat(mdc.path(TaskRunner.MDC_TASK).asText()).as(line.toString()).matches("\\d+");
            assertThat(mdc.path(TaskRunner.MDC_ATTEMPT).asText()).as(line.toString()).matches("\\d+");
            assertThat(line.path("message").asText()).contains("task-" + mdc.path(TaskRunner.MDC_JOB).asText() + "-"
                    + mdc.path(TaskRunner.MDC_STAGE).asText() + "-" + mdc.path(TaskRunner.MDC_TASK).asText());
        }
    }

    private static long millis(Exchange e) {
        return TimeUnit.NANOSECONDS.toMillis(e.endNanos() - e.request().receivedNanos());
    }
}
