package io.updraft.localstack;

import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The worker's cold start through a fresh emulator (the RIE starts the runtime at the first invocation, as Lambda
 * does): the JVM's class loading is logged ({@code JAVA_TOOL_OPTIONS=-Xlog:class+load}, which Lambda honours too),
 * the worker logs when it is ready (end of init) and when it answered its first invocation, and the RIE reports each
 * invocation's duration. Asserted: the order of those events, that the first invocation is slower than a warm one,
 * that the planner, Calcite, the api and the coordinator never load, and that Parquet, Hadoop, the AWS SDK and Netty are
 * deferred to the first task (none of their classes at init) while Arrow (the root allocator)
 * and Jackson load at init ({@code WorkerRuntime.init}). The table printed is the one in
 * worker-function/README.md ("Cold start").
 */
class ColdStartTest {
    private static final Pattern REPORT = Pattern.compile("REPORT RequestId: \\S+\\s+(?:Init Duration: [\\d.]+ ms\\s+)?"
            + "Duration: ([\\d.]+) ms");
    private static final Pattern UPTIME = Pattern.compile("(Worker ready|First invocation answered): JVM uptime (\\d+) "
            + "ms, (\\d+) classes loaded");
    private static final Pattern CLASS = Pattern.compile("^\\[([\\d.]+)s\\] (\\S+) source:");
    /** Subsystems by package prefix, in the order printed. */
    private static final Map<String, List<String>> SUBSYSTEMS = new LinkedHashMap<>();

    static {
        SUBSYSTEMS.put("JDK", List.of("java.", "javax.", "jdk.", "sun.", "com.sun."));
        SUBSYSTEMS.put("Quarkus, Arc, SmallRye, JBoss", List.of("io.quarkus.", "io.smallrye.", "org.jboss.", "jakarta."));
        SUBSYSTEMS.put("Lambda runtime client, Joda", List.of("com.amazonaws.", "org.joda."));
        SUBSYSTEMS.put("Jackson", List.of("com.fasterxml.jackson."));
        SUBSYSTEMS.put("Arrow", List.of("org.apache.arrow."));
        SUBSYSTEMS.put("Updraft", List.of("io.updraft."));
        SUBSYSTEMS.put("Netty", List.of("io.netty."));
        SUBSYSTEMS.put("AWS SDK", List.of("software.amazon."));
        SUBSYSTEMS.put("Parquet", List.of("org.apache.parquet.", "shaded.parquet."));
        SUBSYSTEMS.put("Hadoop", List.of("org.apache.hadoop."));
    }

    private static final List<String> NEVER = List.of("org.apache.calcite.", "io.updraft.planner.", "io.updraft.sql.Dataset",
            "io.updraft.sql.UpdraftSession", "io.updraft.coordinator.", "org.apache.avatica.");

    record Loaded(double seconds, String name) {
    }

    @Test
    void coldInvocationReportsInitAndInvokeAndLoadsNoPlanner() throws Exception {
        LambdaStack stack = LambdaStack.shared();
        String data = FaultData.upload(stack);
        Path classLog = Files.createTempFile("worker-classes-", ".log");
        Files.delete(classLog);
        try (LambdaStack.EmulatorPool fresh = stack.startPool(1, Map.of("JAVA_TOOL_OPTIONS",
                "-Xlog:class+load=info:file=" + classLog + ":uptime"))) {
            UpdraftSession s = stack.lambdaSession(fresh.endpoints(), stack.s3Endpoint(),
                    "coldstart-shuffle/" + UUID.randomUUID(), Map.of("updraft.speculation", "false"), null);
            try {
                s.read().parquet(data + "/kv").createOrReplaceTempView("kv");
                for (int i = 0; i < 3; i++) {
                    assertThat(s.sql("SELECT * FROM kv WHERE v < 500").count()).isEqualTo(FaultData.KV_ROWS / 2);
                }
            } finally {
                s.stop();
            }
            String log = fresh.log(0);
            List<Double> durations = new ArrayList<>();
            Matcher report = REPORT.matcher(log);
            while (report.find()) {
                durations.add(Double.parseDouble(report.group(1)));
            }
            Map<String, long[]> marks = new LinkedHashMap<>();
            Matcher mark = UPTIME.matcher(log);
            while (mark.find()) {
                marks.putIfAbsent(mark.group(1), new long[] {Long.parseLong(mark.group(2)), Long.parseLong(mark.group(3))});
            }
            assertThat(marks).as("the worker's ready and first-invocation lines in:%n%s", log)
                    .containsOnlyKeys("Worker ready", "First invocation answered");
            long ready = marks.get("Worker ready")[0];
            long first = marks.get("First invocation answered")[0];
            assertThat(durations).as("RIE reports").hasSizeGreaterThanOrEqualTo(6);
            double cold = durations.getFirst();
            double warm = durations.subList(durations.size() / 2, durations.size()).stream().mapToDouble(d -> d)
                    .min().orElseThrow();
            assertThat(ready).isPositive().isLessThan(first);
            assertThat(cold).isGreaterThan(warm);
            // the RIE starts the runtime at the first invocation: its duration covers init and the first task
            assertThat(cold).isGreaterThanOrEqualTo(first - 50);

            List<Loaded> classes = new ArrayList<>();
            for (String line : Files.readAllLines(classLog)) {
                Matcher m = CLASS.matcher(line);
                if (m.find()) {
                    classes.add(new Loaded(Double.parseDouble(m.group(1)), m.group(2)));
                }
            }
            assertThat(classes).as("classes in %s", classLog).hasSizeGreaterThan(1000);
            assertThat(classes).as("the worker never loads the planner, Calcite, the api or the coordinator")
                    .noneMatch(c -> NEVER.stream().anyMatch(c.name()::startsWith));
            List<Loaded> atInit = classes.stream().filter(c -> c.seconds() * 1000 <= ready).toList();
            List<Loaded> later = classes.stream().filter(c -> c.seconds() * 1000 > ready).toList();
            for (String deferred : List.of("Parquet", "Hadoop", "AWS SDK", "Netty")) {
                assertThat(count(atInit, deferred)).as(deferred + " classes at init").isZero();
                assertThat(count(later, deferred)).as(deferred + " classes in the first tasks").isPositive();
            }
            for (String primed : List.of("Arrow", "Jackson")) {
                assertThat(count(atInit, primed)).as(primed + " classes at init (the worker's runtime is made there)").isPositive();
            }

            System.out.printf("cold start: JVM start -> ready %d ms (%d classes), -> first task answered %d ms "
                    + "(%d classes); first invocation (RIE Duration, init included) %.0f ms; warm %.0f ms%n",
                    ready, marks.get("Worker ready")[1], first, marks.get("First invocation answered")[1], cold, warm);
            System.out.println("| subsystem | classes at init | classes after (tasks) |");
            System.out.println("|---|---|---|");
            for (String subsystem : SUBSYSTEMS.keySet()) {
                System.out.printf("| %s | %d | %d |%n", subsystem, count(atInit, subsystem), count(later, subsystem));
            }
            System.out.printf("| all | %d | %d |%n", atInit.size(), later.size());
        } finally {
            Files.deleteIfExists(classLog);
        }
    }

    private static long count(List<Loaded> classes, String subsystem) {
        List<String> prefixes = SUBSYSTEMS.get(subsystem);
        return classes.stream().filter(c -> prefixes.stream().anyMatch(c.name()::startsWith)).count();
    }
}
