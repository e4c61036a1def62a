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
 * Issue 10's proof that a Spark Java job migrates by its imports: each fixture — {@code
 * gettingstarted/JavaSparkSQLExample.java} (the Java examples of Spark SQL's "Getting Started" guide as one program)
 * and {@code gettingstarted/JavaSparkMigrationExample.java} (Option, SparkContext, Window, StructType arrays), both
 * written against Spark — is compiled against Spark 4.2 (bench-spark's class path) and run in a child JVM, then
 * rewritten by {@link #migrate} (import lines only: {@code SparkSession} stays, it is
 * {@code io.updraft.sql.SparkSession}) and compiled against Updraft and run in a child JVM; what both print on
 * stdout must be equal, byte for byte.
 */
class GettingStartedGuideTest {
    private static final String FIXTURE = "/io/updraft/bench/gettingstarted/";

    @TempDir
    Path work;

    /**
     * The migration of a Spark job (api README, "Migrating a Spark job"): in import lines {@code org.apache.spark}
     * becomes {@code io.updraft}, {@code scala.Tuple2} and {@code scala.Option} become {@code io.updraft.sql}'s,
     * and nothing else changes.
     */
    static String migrate(String sparkSource) {
        StringBuilder out = new StringBuilder();
        for (String line : sparkSource.split("\n", -1)) {
            out.append(line.startsWith("import ") ? line.replace("org.apache.spark.", "io.updraft.")
                    .replace("import scala.Tuple2;", "import io.updraft.sql.Tuple2;")
                    .replace("import scala.Option;", "import io.updraft.sql.Option;") : line)
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
        // The same settings for both, as system properties (the program sets none but the guide's own): the master,
        // and Spark's default of 200 shuffle partitions (Updraft's local default is 2 x slots), on which the row
        // order of the unordered groupBy("age").count() depends: rows come out partition by partition.
        Outputs outputs = runOnBoth("JavaSparkSQLExample", List.of("-Dspark.master=local[2]",
                "-Dspark.sql.shuffle.partitions=200", "-Dspark.sql.session.timeZone=UTC"), data.toString());
        assertThat(outputs.spark()).as("Spark's output").contains("|Michael|").contains("Name: Justin");
        assertThat(outputs.updraft()).isEqualTo(outputs.spark());
    }

    /**
     * What migrated by more than the imports before: {@code getActiveSession()} as a {@code scala.Option},
     * {@code sparkContext().setLogLevel}, {@code org.apache.spark.sql.expressions.Window} with {@code row_number},
     * {@code StructType.fields()} as an array, {@code getFieldIndex} ({@code Option<Object>}), {@code Tuple2}.
     */
    @Test
    void aJobUsingOptionSparkContextWindowAndStructTypeArraysPrintsWhatSparkPrints() throws Exception {
        Outputs outputs = runOnBoth("JavaSparkMigrationExample", List.of("-Dspark.master=local[2]"));
        assertThat(outputs.spark()).as("Spark's output")
                .contains("active session: true, the same: true, active(): true, default: true")
                .contains("requirement failed: Supplied level LOUD did not match one of:")
                .contains("salary at Some(2) = 2, Salary at None, bonus defined: false")
                .contains("| eng| Ann|   120|   1|");
        assertThat(outputs.updraft()).isEqualTo(outputs.spark());
    }

    private record Outputs(String spark, String updraft) {
    }

    /**
     * The fixture {@code examples.<className>} compiled against Spark 4.2 and run in a child JVM, then migrated (the
     * test checks that only import lines change), compiled against Updraft and run: what each printed on stdout.
     */
    private Outputs runOnBoth(String className, List<String> settings, String... args) throws Exception {
        String sparkSource;
        try (InputStream in = GettingStartedGuideTest.class.getResourceAsStream(FIXTURE + className + ".java")) {
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

        Path sparkClasses = compile("spark", className, sparkSource, sparkClasspath);
        Path updraftClasses = compile("updraft", className, updraftSource, updraftClasspath);
        String onSpark = run(spark, sparkClasses + java.io.File.pathSeparator + sparkClasspath, className, "spark",
                settings, args);
        String onUpdraft = run(spark, updraftClasses + java.io.File.pathSeparator + updraftClasspath, className,
                "updraft", settings, args);
        return new Outputs(onSpark, onUpdraft);
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

    private Path compile(String name, String className, String source, String classpath) throws IOException {
        Path src = Files.createDirectories(work.resolve(name + "-src/examples"));
        Path file = src.resolve(className + ".java");
        Files.writeString(file, source);
        Path classes = Files.createDirectories(work.resolve(name + "-classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = javac.run(null, null, errors, "-proc:none", "-cp", classpath, "-d", classes.toString(),
                file.toString());
        assertThat(status).as("javac of the " + name + " version: " + errors.toString(StandardCharsets.UTF_8))
                .isZero();
        return classes;
    }

    private String run(SparkRunner runner, String classpath, String className, String name, List<String> options,
                       String... args) throws IOException, InterruptedException {
        List<String> command = runner.javaWithClasspath(classpath);
        command.addAll(1, options);
        command.add("examples." + className);
        command.addAll(List.of(args));
        Path err = work.resolve(name + ".stderr");
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as("the " + name + " run failed; its stderr: " + Files.readString(err)).isZero();
        return new String(out, StandardCharsets.UTF_8);
    }
}
