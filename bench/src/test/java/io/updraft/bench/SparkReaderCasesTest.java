package io.updraft.bench;

import com.github.luben.zstd.ZstdOutputStream;
import io.updraft.sql.DataFrameReader;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The reader cases ({@code readers/cases.txt}, {@link SparkReaderCase}): each case's files are written once, Spark
 * 4.2 (bench-spark's child JVM, as {@link SparkSemanticsTest} runs it) reads them with {@code CREATE TEMPORARY VIEW v
 * [(schema)] USING fmt OPTIONS (path '...', ...)} and runs the case's query; Updraft reads the same files with
 * {@code read().format(fmt).options(...).schema(...).load(path)} as view {@code v} and runs the same query, and again
 * through {@code session.sql} with Spark's own statements (the view command, then the query). A case
 * passes when the column names, the column types ({@code simpleString}) and the rows are Spark's, or, when Spark
 * fails, Updraft fails with the same error class. A {@code known:} case must still differ.
 */
class SparkReaderCasesTest {
    private static final List<SparkReaderCase> CASES = SparkReaderCase.load();
    private static final Map<String, SparkSemanticsTest.Outcome> SPARK = new LinkedHashMap<>();
    private static Path folder;
    private static UpdraftSession session;

    @BeforeAll
    static void runSpark() throws Exception {
        Path work = Path.of("target", "spark-readers").toAbsolutePath();
        if (Files.exists(work)) {
            try (Stream<Path> all = Files.walk(work)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        folder = work.resolve("files");
        Path sqlDir = work.resolve("sql");
        Path data = work.resolve("no-tables");
        Files.createDirectories(sqlDir);
        Files.createDirectories(data);
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < CASES.size(); i++) {
            SparkReaderCase c = CASES.get(i);
            writeFiles(c);
            Files.writeString(sqlDir.resolve("q" + (i + 1) + ".sql"), "-- " + c.name() + "\n" + sparkSql(c) + "\n",
                    StandardCharsets.UTF_8);
            numbers.add(i + 1);
        }
        SparkRunner spark = new SparkRunner(Path.of("").toAbsolutePath().getParent(), List.of());
        if (!Files.isRegularFile(spark.moduleDir().resolve("pom.xml"))) {
            fail("SparkReaderCasesTest needs the checkout's bench-spark module next to bench (looked in "
                    + spark.moduleDir() + ")");
        }
        spark.ensureBuilt(System.out, work.resolve("spark-build.log"));
        long t0 = System.nanoTime();
        Map<String, List<String>> types = new LinkedHashMap<>();
        SparkRunner.Results results = spark.run(data, sqlDir, numbers, 2, 0, 1, 300, work.resolve("spark.log"),
                event -> {
                    if (event instanceof SparkOutput.QueryDone done) {
                        types.put(done.query(), done.sparkTypes());
                    }
                });
        System.out.printf("SparkReaderCasesTest: Spark ran %d reader cases in %d ms%n", CASES.size(),
                (System.nanoTime() - t0) / 1_000_000);
        assertThat(results.started()).as("Spark's start line (log: %s)", work.resolve("spark.log")).isNotNull();
        assertThat(results.started().sparkVersion()).startsWith("4.2.");
        for (int i = 0; i < CASES.size(); i++) {
            EngineResult r = results.byQuery().get(i + 1);
            String name = CASES.get(i).name();
            if (r == null || !r.isOk()) {
                String message = r == null ? "(no result)" : r.message();
                SPARK.put(name, SparkSemanticsTest.Outcome.failure(message, SparkSemanticsTest.errorClass(message)));
            } else {
                List<String> typeList = types.getOrDefault("q" + (i + 1), List.of());
                List<String> names = new ArrayList<>();
                if (!r.rows().isEmpty()) {
                    r.rows().get(0).schema().fieldList().forEach(f -> names.add(f.name()));
                }
                SPARK.put(name, new SparkSemanticsTest.Outcome(names, typeList, r.rows()));
            }
        }
        session = UpdraftSession.builder().appName("spark-readers").master("local[2]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).config(RuntimeConfig.TIME_ZONE, "UTC").create();
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.stop();
        }
    }

    private static Path caseDir(SparkReaderCase c) {
        return folder.resolve(c.name());
    }

    private static Path readPath(SparkReaderCase c) {
        return c.path().isEmpty() ? caseDir(c) : caseDir(c).resolve(c.path());
    }

    /** Writes the case's files; a {@code .parquet} file's content is a DuckDB query whose rows it holds. */
    private static void writeFiles(SparkReaderCase c) throws IOException {
        for (Map.Entry<String, String> f : c.files().entrySet()) {
            Path p = caseDir(c).resolve(f.getKey());
            Files.createDirectories(p.getParent());
            if (f.getKey().endsWith(".parquet")) {
                try (java.sql.Connection duck = java.sql.DriverManager.getConnection("jdbc:duckdb:");
                     java.sql.Statement s = duck.createStatement()) {
                    s.execute("COPY (" + f.getValue().strip() + ") TO '" + p + "' (FORMAT parquet)");
                } catch (java.sql.SQLException e) {
                    throw new IOException("DuckDB could not write " + p + ": " + e.getMessage(), e);
                }
                continue;
            }
            byte[] bytes = f.getValue().getBytes(StandardCharsets.UTF_8);
            try (OutputStream out = compressed(f.getKey(), Files.newOutputStream(p))) {
                out.write(bytes);
            }
        }
    }

    private static OutputStream compressed(String name, OutputStream raw) throws IOException {
        if (name.endsWith(".gz")) {
            return new GZIPOutputStream(raw);
        }
        if (name.endsWith(".bz2")) {
            return new BZip2CompressorOutputStream(raw);
        }
        if (name.endsWith(".zst")) {
            return new ZstdOutputStream(raw);
        }
        return raw;
    }

    /** The case as Spark SQL: the view over the files, then the query. */
    static String sparkSql(SparkReaderCase c) {
        StringBuilder sql = new StringBuilder("CREATE OR REPLACE TEMPORARY VIEW v");
        if (c.schema() != null) {
            sql.append(" (").append(c.schema()).append(')');
        }
        sql.append(" USING ").append(c.format()).append(" OPTIONS (path '")
                .append(quote(readPath(c).toString().replace('\\', '/'))).append('\'');
        for (Map.Entry<String, String> o : c.options().entrySet()) {
            String value = o.getValue().replace("BASE", caseDir(c).toString());
            sql.append(", `").append(o.getKey()).append("` '").append(quote(value)).append('\'');
        }
        return sql.append(");\n").append(query(c, "spark")).toString();
    }

    /** The case's query, "BASE" replaced by the case's folder, "OUTPUT_DIR" by the folder of this engine's run. */
    private static String query(SparkReaderCase c, String run) {
        return c.query().replace("OUTPUT_DIR", outputDir(c, run).toString()).replace("BASE", caseDir(c).toString());
    }

    /** Where a run of a case writes (outside the folder the case reads). */
    private static Path outputDir(SparkReaderCase c, String run) {
        return folder.resolveSibling("outputs").resolve(c.name()).resolve(run);
    }

    /**
     * Whether the case is a script of several statements or a command (which may create tables or change settings:
     * a fresh Updraft session runs it).
     */
    private static boolean script(SparkReaderCase c) {
        String q = c.query().stripLeading().toUpperCase(java.util.Locale.ROOT);
        return c.query().contains(";\n") || !(q.startsWith("SELECT") || q.startsWith("WITH"));
    }

    /** The statements of a script (or the one query), run in order; the last one's result. */
    private static Dataset<Row> runAll(UpdraftSession s, String statements) {
        String[] parts = statements.split(";\n");
        for (int i = 0; i < parts.length - 1; i++) {
            s.sql(parts[i]).collectAsList();
        }
        return s.sql(parts[parts.length - 1]);
    }

    private static UpdraftSession freshSession() {
        return UpdraftSession.builder().appName("spark-readers-script").master("local[2]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).config(RuntimeConfig.TIME_ZONE, "UTC").create();
    }

    private static String quote(String s) {
        return s.replace("\\", "\\\\").replace("'", "\\'").replace("\t", "\\t").replace("\r", "\\r")
                .replace("\n", "\\n");
    }

    @Test
    void theCasesCoverTheReaderOptions() {
        List<String> options = CASES.stream().flatMap(c -> c.options().keySet().stream()).distinct().toList();
        assertThat(options).contains("header", "sep", "quote", "escape", "nullValue", "emptyValue", "inferSchema",
                "dateFormat", "timestampFormat", "mode", "columnNameOfCorruptRecord", "multiLine", "basePath");
        assertThat(CASES.stream().map(SparkReaderCase::format).distinct()).contains("csv", "json", "text", "parquet");
    }

    @TestFactory
    Stream<DynamicTest> everyCaseMatchesSpark() {
        return IntStream.range(0, CASES.size()).mapToObj(i -> {
            SparkReaderCase c = CASES.get(i);
            return DynamicTest.dynamicTest(c.name(), () -> {
                check(c, "read()", updraft(c));
                check(c, "SQL", updraftSql(c));
                if (c.duckDb() != null) {
                    checkDuckDb(c);
                }
            });
        });
    }

    @Test
    void duckDbReadsTheFilesOfManyCases() {
        assertThat(CASES.stream().filter(c -> c.duckDb() != null).map(SparkReaderCase::format).distinct())
                .contains("csv", "json", "parquet");
        assertThat(CASES.stream().filter(c -> c.duckDb() != null).count()).isGreaterThanOrEqualTo(15);
    }

    /** DuckDB reads the case's files (its own query): its rows, every value as text, are Spark's, in any order. */
    private static void checkDuckDb(SparkReaderCase c) throws java.sql.SQLException {
        SparkSemanticsTest.Outcome spark = SPARK.get(c.name());
        List<String> duck = new ArrayList<>();
        try (java.sql.Connection db = java.sql.DriverManager.getConnection("jdbc:duckdb:");
             java.sql.Statement s = db.createStatement();
             java.sql.ResultSet rs = s.executeQuery(c.duckDb().replace("BASE", caseDir(c).toString()))) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(String.valueOf(rs.getObject(i)));
                }
                duck.add(row.toString());
            }
        }
        List<String> expected = new ArrayList<>();
        for (Row r : spark.rows()) {
            List<String> row = new ArrayList<>();
            for (int i = 0; i < r.size(); i++) {
                row.add(String.valueOf(r.get(i)));
            }
            expected.add(row.toString());
        }
        duck.sort(null);
        expected.sort(null);
        assertThat(duck).as("reader case %s: DuckDB's rows of the same files (%s) vs Spark's", c.name(), c.duckDb())
                .isEqualTo(expected);
    }

    /** The case through Updraft's SQL: the same statements Spark ran (a script in a session of its own). */
    private static SparkSemanticsTest.Outcome updraftSql(SparkReaderCase c) {
        String statements = sparkSql(c).replace(outputDir(c, "spark").toString(), outputDir(c, "sql").toString());
        if (!script(c)) {
            return outcome(() -> runAll(session, statements));
        }
        try (UpdraftSession own = freshSession()) {
            return outcome(() -> runAll(own, statements));
        }
    }

    private static SparkSemanticsTest.Outcome updraft(SparkReaderCase c) {
        if (!script(c)) {
            return outcome(() -> read(session, c));
        }
        try (UpdraftSession own = freshSession()) {
            return outcome(() -> read(own, c));
        }
    }

    private static Dataset<Row> read(UpdraftSession s, SparkReaderCase c) {
        DataFrameReader reader = s.read().format(c.format());
        for (Map.Entry<String, String> o : c.options().entrySet()) {
            reader.option(o.getKey(), o.getValue().replace("BASE", caseDir(c).toString()));
        }
        if (c.schema() != null) {
            reader.schema(c.schema());
        }
        reader.load(readPath(c).toString()).createOrReplaceTempView("v");
        return runAll(s, query(c, "read"));
    }

    private static SparkSemanticsTest.Outcome outcome(java.util.function.Supplier<Dataset<Row>> query) {
        return SparkSemanticsTest.Outcome.of(query);
    }

    private static void check(SparkReaderCase c, String how, SparkSemanticsTest.Outcome updraft) {
        SparkSemanticsTest.Outcome spark = SPARK.get(c.name());
        assertThat(spark).as("Spark's outcome of case %s", c.name()).isNotNull();
        if (c.error() != spark.failed()) {
            fail("reader case " + c.name() + (c.error() ? " is marked '-- error' but Spark 4.2 returned "
                    + spark.rows().size() + " rows " + spark.rows() : " failed on Spark 4.2: " + spark.error()));
        }
        SparkSemanticsCase asCase = new SparkSemanticsCase(c.name(), c.query(), c.ordered(), c.error(), c.known());
        Optional<String> difference = SparkSemanticsTest.difference(asCase, spark, updraft);
        if (c.known() == null) {
            difference.ifPresent(d -> fail("reader case " + c.name() + " through " + how + " differs from Spark 4.2: " + d
                    + "\nSpark: " + spark.types() + " " + spark.rows() + "\nSQL: " + sparkSql(c)));
        } else if (difference.isEmpty()) {
            fail("reader case " + c.name() + " through " + how + " is marked as a known difference (" + c.known()
                    + ") but now matches Spark 4.2: remove the '-- known:' line");
        }
    }
}
