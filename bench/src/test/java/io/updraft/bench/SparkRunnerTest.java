package io.updraft.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SparkRunnerTest {
    @Test
    void childCommandOpensJavaBaseAndPassesTheSettings(@TempDir Path home) throws Exception {
        fakeModule(home);
        SparkRunner runner = new SparkRunner(home, List.of("-Xmx12g"));
        List<String> command = runner.command(Path.of("r.jar"), Path.of("/data"), Path.of("/sql"), List.of(1, 6), 2, 1, 3,
                300);

        assertThat(command.get(0)).endsWith("java");
        assertThat(command).contains("-Xmx6g", "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED");
        assertThat(command.indexOf("-Xmx12g")).isGreaterThan(command.indexOf("-Xmx6g"));
        assertThat(command.subList(command.indexOf(SparkRunner.MAIN_CLASS), command.size())).containsExactly(
                SparkRunner.MAIN_CLASS, "--data", "/data", "--sql-dir", "/sql", "--queries", "q1,q6", "--runs", "3",
                "--warmup", "1", "--master", "local[2]", "--shuffle-partitions", "4", "--timeout-seconds", "300");
    }

    @Test
    void readsTheResultsOfTheChildJvm(@TempDir Path home) throws Exception {
        fakeModule(home);
        List<SparkOutput.Event> events = new ArrayList<>();
        SparkRunner.Results results = fakeRunner(home).run(Path.of("/data"), home, List.of(1, 13, 6), 3, 1, 3, 0,
                home.resolve("spark.log"), events::add);

        assertThat(results.started()).isEqualTo(new SparkOutput.Started("fake", "local[3]", 6, 5));
        assertThat(results.byQuery().keySet()).containsExactly(1, 13, 6);
        assertThat(results.byQuery().get(1).medianMillis()).isEqualTo(2.0);
        assertThat(results.byQuery().get(6).rows().get(0).get(0)).isEqualTo(42L);
        assertThat(results.byQuery().get(13).describe()).isEqualTo("error: no");
        assertThat(events).hasSize(5).last().isInstanceOf(SparkOutput.Finished.class);
    }

    @Test
    void aCrashMarksTheQueriesItDidNotReport(@TempDir Path home) throws Exception {
        fakeModule(home);
        SparkRunner.Results results = fakeRunner(home).run(Path.of("/data"), home, List.of(1, 7, 6), 2, 0, 1, 0,
                home.resolve("spark.log"), event -> { });

        assertThat(results.byQuery().get(1).isOk()).isTrue();
        for (int query : List.of(7, 6)) {
            assertThat(results.byQuery().get(query).describe()).startsWith("error: the Spark runner exited with status 3")
                    .endsWith("java.lang.IllegalStateException: boom");
        }
    }

    @Test
    void buildsWhenTheClasspathFileIsMissingOrOlderThanTheSources(@TempDir Path home) throws Exception {
        SparkRunner runner = new SparkRunner(home, List.of());
        assertThat(runner.needsBuild()).isTrue();
        fakeModule(home);
        Path source = home.resolve("bench-spark/src/main/java/Runner.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "class Runner {}");
        Files.setLastModifiedTime(source, FileTime.from(Instant.now().minusSeconds(60)));
        Files.setLastModifiedTime(home.resolve("bench-spark/pom.xml"), FileTime.from(Instant.now().minusSeconds(60)));
        assertThat(runner.needsBuild()).isFalse();

        Files.setLastModifiedTime(source, FileTime.from(Instant.now().plusSeconds(60)));
        assertThat(runner.needsBuild()).isTrue();
    }

    @Test
    void aMissingModuleIsReportedNotBuilt(@TempDir Path home) {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new SparkRunner(home, List.of()).ensureBuilt(out, home.resolve("build.log")))
                .isInstanceOf(SparkRunner.SparkUnavailableException.class)
                .hasMessage("no Spark runner: " + home.resolve("bench-spark") + " is missing");
    }

    @Test
    void theLogLineThatSaysWhatWentWrong(@TempDir Path tmp) throws IOException {
        Path log = tmp.resolve("log");
        Files.writeString(log, "INFO starting\njava.lang.OutOfMemoryError: Java heap space\n\tat a.B.c(B.java:1)\n\n");
        assertThat(SparkRunner.lastLine(log)).isEqualTo("java.lang.OutOfMemoryError: Java heap space");
        Files.writeString(log, "one\ntwo\n");
        assertThat(SparkRunner.lastLine(log)).isEqualTo("two");
        assertThat(SparkRunner.lastLine(tmp.resolve("missing"))).isEqualTo("(no log)");
    }

    private static SparkRunner fakeRunner(Path home) {
        return new SparkRunner(home, List.of(), FakeSparkTpch.class.getName());
    }

    /** bench-spark/ with a pom, an empty runner jar and a classpath file naming this module's test classes. */
    private static void fakeModule(Path home) throws IOException, URISyntaxException {
        Path target = home.resolve("bench-spark/target");
        Files.createDirectories(target);
        Files.writeString(home.resolve("bench-spark/pom.xml"), "<project/>");
        try (OutputStream file = Files.newOutputStream(target.resolve("updraft-bench-spark-0.1.0-SNAPSHOT.jar"));
             JarOutputStream jar = new JarOutputStream(file)) {
            jar.finish();
        }
        Path testClasses = Path.of(FakeSparkTpch.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Files.writeString(target.resolve("classpath.txt"), testClasses.toString());
    }
}
