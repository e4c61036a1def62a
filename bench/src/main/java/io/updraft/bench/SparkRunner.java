package io.updraft.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The Spark side of the benchmark: runs {@code io.updraft.bench.spark.SparkTpch} (module bench-spark, Spark
 * 4.2 and its ~300 MB of dependencies, never on Updraft's classpath) as a child JVM on the same Parquet
 * files and reads the JSON lines it prints ({@link SparkOutput}).
 *
 * <p>bench-spark is built by the default Maven reactor; {@link #ensureBuilt} (re)builds it with
 * {@code ./mvnw -q -B -pl bench-spark package} when {@code bench-spark/target/classpath.txt} (the
 * runtime classpath written at package time) or the jar is missing, or a file of the module is newer. The
 * child JVM is this JVM's {@code java} with {@value #HEAP}, the {@code --add-opens} Spark needs on JDK 17+,
 * and the words of {@code extraJavaOptions} last (so {@code -Xmx16g} there wins). Not thread-safe.
 */
final class SparkRunner {
    /** Heap of the child JVM: the JVM's default on this 24 GB machine, i.e. what Updraft's JVM gets too. */
    static final String HEAP = "-Xmx6g";
    static final String MAIN_CLASS = "io.updraft.bench.spark.SparkTpch";
    private static final List<String> OPENED_PACKAGES = List.of("java.lang", "java.lang.invoke", "java.lang.reflect",
            "java.io", "java.net", "java.nio", "java.util", "java.util.concurrent", "java.util.concurrent.atomic",
            "sun.nio.ch", "sun.nio.cs", "sun.util.calendar");

    private final Path home;
    private final List<String> extraJavaOptions;
    private final String mainClass;

    /**
     * @param home             the Updraft checkout (holds {@code mvnw} and {@code bench-spark/})
     * @param extraJavaOptions more options for the child JVM
     */
    SparkRunner(Path home, List<String> extraJavaOptions) {
        this(home, extraJavaOptions, MAIN_CLASS);
    }

    /** As above with another main class: tests run a fake Spark runner. */
    SparkRunner(Path home, List<String> extraJavaOptions, String mainClass) {
        this.home = Objects.requireNonNull(home, "home is null").toAbsolutePath().normalize();
        this.extraJavaOptions = List.copyOf(extraJavaOptions);
        this.mainClass = Objects.requireNonNull(mainClass, "mainClass is null");
    }

    /** Spark's failure to start or finish: every query it did not report gets this message. */
    static final class SparkUnavailableException extends RuntimeException {
        SparkUnavailableException(String message) {
            super(message);
        }
    }

    /** What the child reported: the version line and the results by query number. */
    record Results(SparkOutput.Started started, Map<Integer, EngineResult> byQuery) {
    }

    Path moduleDir() {
        return home.resolve("bench-spark");
    }

    Path classpathFile() {
        return moduleDir().resolve("target").resolve("classpath.txt");
    }

    /** True when bench-spark must be (re)built before it runs. */
    boolean needsBuild() {
        Path classpath = classpathFile();
        if (!Files.isRegularFile(classpath) || runnerJar() == null) {
            return true;
        }
        try {
            FileTime built = Files.getLastModifiedTime(classpath);
            if (Files.getLastModifiedTime(moduleDir().resolve("pom.xml")).compareTo(built) > 0) {
                return true;
            }
            try (Stream<Path> files = Files.walk(moduleDir().resolve("src"))) {
                return files.filter(Files::isRegularFile).anyMatch(file -> newer(file, built));
            }
        } catch (IOException e) {
            return true;
        }
    }

    /**
     * Builds bench-spark when {@link #needsBuild}, Maven's output going to {@code buildLog}.
     *
     * @throws SparkUnavailableException when the module is missing or the build fails
     */
    void ensureBuilt(PrintStream out, Path buildLog) {
        if (!Files.isRegularFile(moduleDir().resolve("pom.xml"))) {
            throw new SparkUnavailableException("no Spark runner: " + moduleDir() + " is missing");
        }
        if (!needsBuild()) {
            return;
        }
        Path mvnw = home.resolve("mvnw");
        out.println("Building the Spark runner: ./mvnw -q -B -pl bench-spark package (the first time this "
                + "downloads Spark 4.2 and its dependencies, about 300 MB, into ~/.m2; log: " + buildLog + ") ...");
        out.flush();
        int status = runToLog(List.of(mvnw.toString(), "-q", "-B", "-pl", "bench-spark", "package"),
                buildLog);
        if (status != 0 || !Files.isRegularFile(classpathFile())) {
            throw new SparkUnavailableException("building bench-spark failed (status " + status + "); see " + buildLog
                    + ": " + lastLine(buildLog));
        }
        try {
            // Maven leaves an unchanged classpath.txt untouched; its time is the build's time for needsBuild().
            Files.setLastModifiedTime(classpathFile(), FileTime.from(Instant.now()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs the queries ({@code <sqlDir>/q<N>.sql}) on {@code local[threads]} with {@code 2 * threads} shuffle
     * partitions; a run still going after {@code timeoutSeconds} (0: no limit) is cancelled by the child.
     * Queries the child did not report (it crashed or could not start) are ERROR results.
     *
     * @param log      where the child's standard error (Spark's warnings) goes
     * @param progress receives each event as the child prints it
     */
    Results run(Path data, Path sqlDir, List<Integer> queries, int threads, int warmup, int runs, int timeoutSeconds,
                Path log, Consumer<SparkOutput.Event> progress) {
        Path jar = runnerJar();
        if (jar == null) {
            throw new SparkUnavailableException("no Spark runner jar in " + moduleDir().resolve("target"));
        }
        List<String> command = command(jar, data, sqlDir, queries, threads, warmup, runs, timeoutSeconds);
        Map<Integer, EngineResult> results = new LinkedHashMap<>();
        SparkOutput.Started started = null;
        int status;
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Process process = new ProcessBuilder(command).redirectError(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice())).start();
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    SparkOutput.Event event = SparkOutput.parse(line).orElse(null);
                    if (event instanceof SparkOutput.Started s) {
                        started = s;
                    } else if (event instanceof SparkOutput.QueryDone done) {
                        results.put(queryNumber(done.query()), done.result());
                    }
                    if (event != null) {
                        progress.accept(event);
                    }
                }
            }
            status = process.waitFor();
        } catch (IOException e) {
            throw new SparkUnavailableException("cannot run the Spark runner: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SparkUnavailableException("interrupted while Spark ran");
        }
        if (status != 0 || results.size() < queries.size()) {
            String why = "the Spark runner exited with status " + status + " (log: " + log + "): " + lastLine(log);
            for (int query : queries) {
                results.putIfAbsent(query, EngineResult.failed(EngineResult.Outcome.ERROR, why));
            }
        }
        return new Results(started, results);
    }

    /**
     * Runs {@code probeClass}, a main of bench-spark that needs no arguments (a probe printing Spark's answers), in
     * the runner's child JVM; its standard output lines (standard error to {@code log}).
     *
     * @throws SparkUnavailableException when it cannot start or exits with a non-zero status
     */
    List<String> runProbe(String probeClass, Path log) {
        Path jar = runnerJar();
        if (jar == null) {
            throw new SparkUnavailableException("no Spark runner jar in " + moduleDir().resolve("target"));
        }
        List<String> command = javaWithClasspath(jar + java.io.File.pathSeparator + readClasspath());
        command.add(probeClass);
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Process process = new ProcessBuilder(command).redirectError(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice())).start();
            List<String> lines;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                lines = out.lines().toList();
            }
            int status = process.waitFor();
            if (status != 0) {
                throw new SparkUnavailableException(probeClass + " exited with status " + status + " (log: " + log
                        + "): " + lastLine(log));
            }
            return lines;
        } catch (IOException e) {
            throw new SparkUnavailableException("cannot run " + probeClass + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SparkUnavailableException("interrupted while " + probeClass + " ran");
        }
    }

    /** The child's command line. */
    List<String> command(Path jar, Path data, Path sqlDir, List<Integer> queries, int threads, int warmup, int runs,
                         int timeoutSeconds) {
        List<String> command = javaWithClasspath(jar + java.io.File.pathSeparator + readClasspath());
        command.add(mainClass);
        command.addAll(List.of("--data", data.toAbsolutePath().toString(), "--sql-dir", sqlDir.toAbsolutePath().toString(),
                "--queries", String.join(",", queries.stream().map(q -> "q" + q).toList()),
                "--runs", Integer.toString(runs), "--warmup", Integer.toString(warmup),
                "--master", "local[" + threads + "]", "--shuffle-partitions", Integer.toString(2 * threads),
                "--timeout-seconds", Integer.toString(timeoutSeconds)));
        return command;
    }

    /**
     * {@code java} with the child JVM's options (heap, opened packages, {@code extraJavaOptions}) and
     * {@code -cp classpath}: what a main class needs to run Spark (or Updraft, for a side-by-side program).
     */
    List<String> javaWithClasspath(String classpath) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add(HEAP);
        for (String pkg : OPENED_PACKAGES) {
            command.add("--add-opens=java.base/" + pkg + "=ALL-UNNAMED");
        }
        command.add("--enable-native-access=ALL-UNNAMED");
        if (Runtime.version().feature() >= 23) {
            command.add("--sun-misc-unsafe-memory-access=allow"); // Spark's Platform uses sun.misc.Unsafe
        }
        command.addAll(extraJavaOptions);
        command.add("-cp");
        command.add(classpath);
        return command;
    }

    /** Spark's class path: the runner jar (its log4j2 settings: warnings on stderr) then Spark's jars. */
    String sparkClasspath() {
        Path jar = runnerJar();
        if (jar == null) {
            throw new SparkUnavailableException("no Spark runner jar in " + moduleDir().resolve("target"));
        }
        return jar + java.io.File.pathSeparator + readClasspath();
    }

    private String readClasspath() {
        try {
            return Files.readString(classpathFile(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new SparkUnavailableException("cannot read " + classpathFile() + ": " + e.getMessage());
        }
    }

    private Path runnerJar() {
        Path target = moduleDir().resolve("target");
        if (!Files.isDirectory(target)) {
            return null;
        }
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(f -> {
                String name = f.getFileName().toString();
                return name.startsWith("updraft-bench-spark-") && name.endsWith(".jar") && !name.endsWith("-sources.jar")
                        && !name.endsWith("-tests.jar");
            }).findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private int runToLog(List<String> command, Path log) {
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Process process = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullDevice())).start();
            return process.waitFor();
        } catch (IOException e) {
            throw new SparkUnavailableException("cannot run " + command.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SparkUnavailableException("interrupted while building bench-spark");
        }
    }

    static int queryNumber(String name) {
        String digits = name.startsWith("q") || name.startsWith("Q") ? name.substring(1) : name;
        return Integer.parseInt(digits);
    }

    /**
     * The line of a log that best says what went wrong: the last one naming an exception or an error (Spark's
     * and Maven's failures), else the last non-blank one, or a placeholder.
     */
    static String lastLine(Path log) {
        List<String> lines;
        try {
            lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(line -> !line.isEmpty()).toList();
        } catch (IOException e) {
            return "(no log)";
        }
        for (int i = lines.size() - 1; i >= 0; i--) {
            String line = lines.get(i);
            if (!line.startsWith("at ") && (line.contains("Exception") || line.contains("ERROR")
                    || line.contains("Error:"))) {
                return line;
            }
        }
        return lines.isEmpty() ? "(empty log)" : lines.get(lines.size() - 1);
    }

    private static boolean newer(Path file, FileTime than) {
        try {
            return Files.getLastModifiedTime(file).compareTo(than) > 0;
        } catch (IOException e) {
            return true;
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
