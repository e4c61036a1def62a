package io.updraft.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 10's proof for the Java examples of Spark SQL's "Getting Started" guide: the fixture
 * {@code gettingstarted/JavaSparkSQLExample.java} (the guide's examples as one program, written against Spark)
 * is compiled against Spark 4.2 (bench-spark's class path) and run in a child JVM, then rewritten by
 * {@link #migrate} (import lines only: {@code SparkSession} stays, it is {@code io.updraft.sql.SparkSession}) and compiled against Updraft and run in a
 * child JVM; what both print on stdout must be equal, byte for byte.
 */
class GettingStartedGuideTest {
    private static final String FIXTURE = "/io/updraft/bench/gettingstarted/";

    @TempDir
    Path work;

    /**
     * The migration of a Spark job (api README, "Migrating a Spark job"): in import lines {@code org.apache.spark}
     * becomes {@code io.updraft}, and nothing else changes.
     */
    static String migrate(String sparkSource) {
        StringBuilder out = new StringBuilder();
        for (String line : sparkSource.split("\n", -1)) {
            out.append(line.startsWith("import ") ? line.replace("org.apache.spark.", "io.updraft.") : line)
                    .append('\n');
        }
        return out.substring(0, out.length() - 1);
    }

    @Test
    void theGuidesJavaExamplesPrintWhatSparkPrints() throws Exception {
        Path data = Files.createDirectories(work.resolve("data"));
        for (String file : List.of("people.json", "people.txt")) {
            try (InputStream in = GettingStartedGuideTest.class.getResourceAsStream(FIXTURE + file)) {
                Files.copy(in, data.resolve(file));
            }
        }
        String sparkSource;
        try (InputStream in = GettingStartedGuideTest.class.getResourceAsStream(FIXTURE + "JavaSparkSQLExample.java")) {
            sparkSource = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String updraftSource = migrate(sparkSource);
        assertThat(changedLines(sparkSource, updraftSource)).as("lines the migration changes")
                .allMatch(l -> l.startsWith("import "))
                .anyMatch(l -> l.equals("import org.apache.spark.sql.SparkSession;"));
        assertThat(updraftSource).contains("SparkSession spark = SparkSession");

        Path home = Path.of("").toAbsolutePath().getParent();
        SparkRunner spark = new SparkRunner(home, List.of());
        spark.ensureBuilt(System.out, work.resolve("spark-build.log"));
        String sparkClasspath = spark.sparkClasspath();
        String updraftClasspath = System.getProperty("java.class.path");

        Path sparkClasses = compile("spark", sparkSource, sparkClasspath);
        Path updraftClasses = compile("updraft", updraftSource, updraftClasspath);
        // The same settings for both, as system properties (the program sets none but the guide's own): the master,
        // and Spark's default of 200 shuffle partitions (Updraft's local default is 2 x slots), on which the row
        // order of the unordered groupBy("age").count() depends: rows come out partition by partition.
        List<String> settings = List.of("-Dspark.master=local[2]", "-Dspark.sql.shuffle.partitions=200",
                "-Dspark.sql.session.timeZone=UTC");
        String onSpark = run(spark, sparkClasses + java.io.File.pathSeparator + sparkClasspath, data, "spark",
                settings);
        String onUpdraft = run(spark, updraftClasses + java.io.File.pathSeparator + updraftClasspath, data, "updraft",
                settings);
        assertThat(onSpark).as("Spark's output").contains("|Michael|").contains("Name: Justin");
        assertThat(onUpdraft).isEqualTo(onSpark);
    }

    private static List<String> changedLines(String a, String b) {
        String[] x = a.split("\n", -1);
        String[] y = b.split("\n", -1);
        assertThat(y).hasSameSizeAs(x);
        List<String> changed = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            if (!x[i].equals(y[i])) {
                changed.add(x[i]);
            }
        }
        return changed;
    }

    private Path compile(String name, String source, String classpath) throws IOException {
        Path src = Files.createDirectories(work.resolve(name + "-src/examples"));
        Files.writeString(src.resolve("JavaSparkSQLExample.java"), source);
        Path classes = Files.createDirectories(work.resolve(name + "-classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = javac.run(null, null, errors, "-proc:none", "-cp", classpath, "-d", classes.toString(),
                src.resolve("JavaSparkSQLExample.java").toString());
        assertThat(status).as("javac of the " + name + " version: " + errors.toString(StandardCharsets.UTF_8))
                .isZero();
        return classes;
    }

    private String run(SparkRunner runner, String classpath, Path data, String name, List<String> options)
            throws IOException, InterruptedException {
        List<String> command = runner.javaWithClasspath(classpath);
        command.addAll(1, options);
        command.add("examples.JavaSparkSQLExample");
        command.add(data.toString());
        Path err = work.resolve(name + ".stderr");
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as("the " + name + " run failed; its stderr: " + Files.readString(err)).isZero();
        return new String(out, StandardCharsets.UTF_8);
    }
}
