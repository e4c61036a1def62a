package io.updraft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

class PackageAndSubmitTest {
    @TempDir
    Path tmp;

    private static void zip(Path zip, String... entries) throws IOException {
        Files.createDirectories(zip.getParent());
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (String e : entries) {
                z.putNextEntry(new ZipEntry(e));
                z.write(e.getBytes());
                z.closeEntry();
            }
        }
    }

    @Test
    void packageAddsTheJobJarToBothPackagesAndReportsSizes() throws IOException {
        zip(tmp.resolve("worker-function/target/function.zip"), "bootstrap", "lib/engine.jar");
        zip(tmp.resolve("coordinator-function/target/function.zip"), "bootstrap", "lib/api.jar");
        Path job = tmp.resolve("app.jar");
        zip(job, "com/example/Job.class", "com/example/Job$Bean.class", "META-INF/versions/17/com/example/V.class",
                "module-info.class", "com/example/package-info.class", "com/example/job.properties");
        System.setProperty("updraft.home", tmp.toString());
        try {
            CliRun run = CliRun.of("package", "--no-build", "--job-jar", job.toString());
            assertThat(run.status()).as(run.err()).isZero();
            assertThat(run.out().lines().toList()).hasSize(2);
            assertThat(run.out()).contains("worker-function/target/function-with-job.zip")
                    .contains("coordinator-function/target/function-with-job.zip").contains(" MB");
            for (String module : List.of("worker-function", "coordinator-function")) {
                try (ZipFile z = new ZipFile(tmp.resolve(module + "/target/function-with-job.zip").toFile())) {
                    assertThat(z.getEntry("lib/app.jar")).isNotNull();
                    assertThat(z.getEntry("bootstrap")).isNotNull();
                    // the worker's allow-list of user code: every class of the job jar
                    assertThat(new String(z.getInputStream(z.getEntry("META-INF/updraft/job-classes.txt"))
                            .readAllBytes()).lines().filter(l -> !l.startsWith("#")).toList())
                            .containsExactly("com.example.Job", "com.example.Job$Bean", "com.example.V");
                    // the api base classes of user aggregates, on the class path of a worker that has no api
                    assertThat(z.getEntry("io/updraft/sql/expressions/Aggregator.class")).isNotNull();
                    assertThat(z.getEntry("io/updraft/sql/expressions/UserDefinedAggregateFunction.class")).isNotNull();
                    assertThat(z.getEntry("io/updraft/sql/expressions/AggregatorBase.class")).isNotNull();
                    assertThat(z.getEntry("io/updraft/sql/expressions/UserDefinedAggregateFunctionBase.class"))
                            .isNotNull();
                }
            }
            Path listed = tmp.resolve("listed.jar");
            zip(listed, "com/example/Job.class", "META-INF/updraft/job-classes.txt");
            assertThat(PackageCommand.jobClassesToList(listed)).as("a jar that lists its classes itself").isNull();
            assertThat(CliRun.of("package", "--no-build", "--job-jar", listed.toString()).status()).isZero();
            try (ZipFile z = new ZipFile(tmp.resolve("worker-function/target/function-with-job.zip").toFile())) {
                assertThat(z.getEntry("META-INF/updraft/job-classes.txt")).isNull();
                assertThat(z.getEntry("lib/listed.jar")).isNotNull();
            }
            assertThat(PackageCommand.line("worker", Path.of("w.zip"), 50_500_000)).contains("through S3");
            assertThat(PackageCommand.line("worker", Path.of("w.zip"), 40_000_000)).doesNotContain("S3");
            Files.delete(tmp.resolve("coordinator-function/target/function.zip"));
            CliRun missing = CliRun.of("package", "--no-build");
            assertThat(missing.status()).isEqualTo(Updraft.USER_ERROR);
            assertThat(missing.err()).contains("coordinator-function package not found");
        } finally {
            System.clearProperty("updraft.home");
        }
    }

    @Test
    void submitRunsTheJobWithTheDefaultSessionOnTheMaster() throws Exception {
        Path src = Files.createDirectories(tmp.resolve("src/com/example"));
        Files.writeString(src.resolve("Job.java"), """
                package com.example;
                import io.updraft.sql.UpdraftSession;
                public class Job {
                    public static void main(String[] args) {
                        UpdraftSession spark = UpdraftSession.builder().getOrCreate();
                        Object n = spark.sql("SELECT " + args[0] + " AS x").collectAsList().get(0).get(0);
                        System.setProperty("job.result", spark.master() + " " + n + " " + args[1]);
                    }
                }
                """);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        int rc = javac.run(null, null, null, "-cp", System.getProperty("java.class.path"), "-d", classes.toString(),
                src.resolve("Job.java").toString());
        assertThat(rc).isZero();
        Path jar = tmp.resolve("job.jar");
        try (JarOutputStream j = new JarOutputStream(Files.newOutputStream(jar))) {
            j.putNextEntry(new JarEntry("com/example/Job.class"));
            Files.copy(classes.resolve("com/example/Job.class"), (OutputStream) j);
            j.closeEntry();
        }
        CliRun run = CliRun.of("submit", "--master", "local[2]", "--conf", "spark.sql.shuffle.partitions=3",
                "--class", "com.example.Job", "--jar", jar.toString(), "7", "--flag=x");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(System.getProperty("job.result")).isEqualTo("local[2] 7 --flag=x");

        CliRun unknown = CliRun.of("submit", "--class", "com.example.Nope", "--jar", jar.toString());
        assertThat(unknown.status()).isEqualTo(Updraft.USER_ERROR);
        assertThat(unknown.err()).contains("com.example.Nope is not in");
        assertThat(CliRun.of("submit", "--jar", jar.toString()).err()).contains("needs --class");
    }

    @Test
    void sqlTakesTheLambdaMasterConfAndS3Tables() {
        SqlCommand sql = SqlCommand.parse(List.of("--master", "lambda", "--conf",
                "updraft.lambda.functionName=updraft-worker", "--conf=updraft.shuffle.root=s3://b/shuffle",
                "--table", "t=s3://data/t/", "select * from t"));
        assertThat(sql.master()).isEqualTo("lambda");
        assertThat(sql.conf()).containsEntry("updraft.lambda.functionName", "updraft-worker")
                .containsEntry("updraft.shuffle.root", "s3://b/shuffle");
        assertThat(sql.tables()).containsEntry("t", "s3://data/t/");
        CliRun bad = CliRun.of("sql", "--conf", "novalue", "select 1");
        assertThat(bad.err()).contains("--conf needs KEY=VALUE");
    }
}
