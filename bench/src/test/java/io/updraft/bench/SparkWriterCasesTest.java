package io.updraft.bench;

import io.updraft.sql.DataFrameWriter;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The writer cases ({@link SparkWriterCase#CASES}): Updraft writes each case's DataFrame ({@code session.sql(select)
 * .write().format(..).options(..).partitionBy(..).save(dir)}); Spark 4.2 (bench-spark's child JVM) writes the same
 * SELECT with the same options ({@code CREATE TABLE .. USING fmt OPTIONS (..) PARTITIONED BY (..) LOCATION .. AS
 * SELECT}) and, for Parquet, reads Updraft's folder back. A case passes when
 * <ul>
 *   <li>Parquet: Spark reads Updraft's files with the schema and rows Spark itself computes for the SELECT; the
 *   physical Parquet schema (DuckDB's {@code parquet_schema}) and the footer's Spark schema equal those of
 *   Spark's own files; DuckDB reads Updraft's folder (hive partitioning) with the rows and types it reads from
 *   Spark's folder;</li>
 *   <li>CSV, JSON, text: every partition folder holds the same lines as Spark's (sorted; a header once per file);
 *   DuckDB reads Updraft's files as it reads Spark's;</li>
 *   <li>always: the same partition folders, the same file name suffix (codec), and with {@code maxRecordsPerFile}
 *   no file over the limit.</li>
 * </ul>
 */
class SparkWriterCasesTest {
    private static final List<SparkWriterCase> CASES = SparkWriterCase.CASES;
    /** Spark's result per query name (q1, q2, ...). */
    private static final Map<String, EngineResult> SPARK = new LinkedHashMap<>();
    private static final Map<String, List<String>> SPARK_TYPES = new LinkedHashMap<>();
    /** Updraft's failure per case, when its write failed. */
    private static final Map<String, String> UPDRAFT_ERRORS = new LinkedHashMap<>();
    private static Path work;

    @BeforeAll
    static void writeWithBothEngines() throws Exception {
        work = Path.of("target", "spark-writers").toAbsolutePath();
        if (Files.exists(work)) {
            try (Stream<Path> all = Files.walk(work)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Path sqlDir = work.resolve("sql");
        Path data = work.resolve("no-tables");
        Files.createDirectories(sqlDir);
        Files.createDirectories(data);
        try (UpdraftSession session = UpdraftSession.builder().appName("spark-writers").master("local[2]")
                .config(RuntimeConfig.SHOW_PROGRESS, false).config(RuntimeConfig.TIME_ZONE, "UTC").create()) {
            for (SparkWriterCase c : CASES) {
                try {
                    Dataset<Row> df = c.rows() != null ? session.createDataFrame(c.rows(), c.schema())
                            : session.sql(c.select());
                    DataFrameWriter<Row> writer = df.write().format(c.format()).mode("overwrite")
                            .options(c.options());
                    if (!c.partitionBy().isEmpty()) {
                        writer.partitionBy(c.partitionBy().toArray(new String[0]));
                    }
                    writer.save(updraftDir(c).toString());
                } catch (RuntimeException e) {
                    UPDRAFT_ERRORS.put(c.name(), e.getClass().getSimpleName() + ": " + e.getMessage());
                }
            }
        }
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < CASES.size(); i++) {
            SparkWriterCase c = CASES.get(i);
            Files.writeString(sqlDir.resolve("q" + (2 * i + 1) + ".sql"), "-- " + c.name() + "\n" + sparkWrite(c, i)
                    + ";\nSELECT * FROM (" + c.select() + ")\n", StandardCharsets.UTF_8);
            String readBack = c.format().equals("parquet") && !UPDRAFT_ERRORS.containsKey(c.name())
                    ? "SELECT * FROM parquet.`" + updraftDir(c) + "`" : "SELECT 1 AS nothing_to_read";
            Files.writeString(sqlDir.resolve("q" + (2 * i + 2) + ".sql"), "-- " + c.name() + " read back\n"
                    + readBack + "\n", StandardCharsets.UTF_8);
            numbers.add(2 * i + 1);
            numbers.add(2 * i + 2);
        }
        SparkRunner spark = new SparkRunner(Path.of("").toAbsolutePath().getParent(), List.of());
        if (!Files.isRegularFile(spark.moduleDir().resolve("pom.xml"))) {
            fail("SparkWriterCasesTest needs the checkout's bench-spark module next to bench (looked in "
                    + spark.moduleDir() + ")");
        }
        spark.ensureBuilt(System.out, work.resolve("spark-build.log"));
        long t0 = System.nanoTime();
        SparkRunner.Results results = spark.run(data, sqlDir, numbers, 2, 0, 1, 300, work.resolve("spark.log"),
                event -> {
                    if (event instanceof SparkOutput.QueryDone done) {
                        SPARK_TYPES.put(done.query(), done.sparkTypes());
                    }
                });
        System.out.printf("SparkWriterCasesTest: Spark ran %d writer cases in %d ms%n", CASES.size(),
                (System.nanoTime() - t0) / 1_000_000);
        assertThat(results.started()).as("Spark's start line (log: %s)", work.resolve("spark.log")).isNotNull();
        assertThat(results.started().sparkVersion()).startsWith("4.2.");
        for (Map.Entry<Integer, EngineResult> r : results.byQuery().entrySet()) {
            SPARK.put("q" + r.getKey(), r.getValue());
        }
    }

    @AfterAll
    static void done() {
        SPARK.clear();
    }

    private static Path updraftDir(SparkWriterCase c) {
        return work.resolve("updraft").resolve(c.name());
    }

    private static Path sparkDir(SparkWriterCase c) {
        return work.resolve("spark").resolve(c.name());
    }

    /** Spark's write of the case: a CTAS into the case's Spark folder. */
    static String sparkWrite(SparkWriterCase c, int index) {
        StringBuilder sql = new StringBuilder("CREATE TABLE w").append(index).append(" USING ").append(c.format());
        if (!c.options().isEmpty()) {
            sql.append(" OPTIONS (");
            int n = 0;
            for (Map.Entry<String, String> o : c.options().entrySet()) {
                sql.append(n++ > 0 ? ", " : "").append('`').append(o.getKey()).append("` '")
                        .append(quote(o.getValue())).append('\'');
            }
            sql.append(')');
        }
        if (!c.partitionBy().isEmpty()) {
            sql.append(" PARTITIONED BY (").append(String.join(", ", c.partitionBy())).append(')');
        }
        return sql.append(" LOCATION '").append(sparkDir(c)).append("' AS ").append(c.select()).toString();
    }

    private static String quote(String s) {
        return s.replace("\\", "\\\\").replace("'", "\\'").replace("\t", "\\t").replace("\r", "\\r")
                .replace("\n", "\\n");
    }

    @Test
    void theCasesCoverTheWriterOptions() {
        List<String> options = CASES.stream().flatMap(c -> c.options().keySet().stream()).distinct().toList();
        assertThat(options).contains("header", "sep", "quote", "escape", "nullValue", "emptyValue", "dateFormat",
                "timestampFormat", "compression", "maxRecordsPerFile", "quoteAll", "escapeQuotes", "lineSep",
                "ignoreNullFields");
        assertThat(CASES.stream().filter(c -> !c.partitionBy().isEmpty()).map(SparkWriterCase::format).distinct())
                .contains("parquet", "csv", "json");
    }

    @TestFactory
    Stream<DynamicTest> everyCaseWritesWhatSparkWrites() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < CASES.size(); i++) {
            SparkWriterCase c = CASES.get(i);
            int index = i;
            tests.add(DynamicTest.dynamicTest(c.name(), () -> check(c, index)));
        }
        return tests.stream();
    }

    private static void check(SparkWriterCase c, int index) throws Exception {
        EngineResult sparkWrite = SPARK.get("q" + (2 * index + 1));
        assertThat(sparkWrite).as("Spark's write of case %s", c.name()).isNotNull();
        String updraftError = UPDRAFT_ERRORS.get(c.name());
        if (!sparkWrite.isOk()) {
            assertThat(updraftError).as("case %s: Spark failed (%s) but Updraft wrote", c.name(), sparkWrite.message())
                    .isNotNull();
            String sparkClass = SparkSemanticsTest.errorClass(sparkWrite.message());
            assertThat(SparkSemanticsTest.errorClass(updraftError)).as("case %s: Spark: %s; Updraft: %s", c.name(),
                    sparkWrite.message(), updraftError).isEqualTo(sparkClass);
            return;
        }
        assertThat(updraftError).as("case %s: Updraft's write failed; Spark wrote", c.name()).isNull();
        Map<String, List<Path>> updraft = dataFiles(updraftDir(c));
        Map<String, List<Path>> spark = dataFiles(sparkDir(c));
        assertThat(updraft.keySet()).as("case %s: partition folders", c.name()).isEqualTo(spark.keySet());
        assertThat(suffixes(updraft)).as("case %s: file name suffixes", c.name()).isEqualTo(suffixes(spark));
        assertThat(Files.exists(updraftDir(c).resolve("_SUCCESS"))).as("case %s: _SUCCESS", c.name()).isTrue();
        if (c.options().containsKey("maxRecordsPerFile")) {
            long max = Long.parseLong(c.options().get("maxRecordsPerFile"));
            for (List<Path> files : updraft.values()) {
                for (Path f : files) {
                    assertThat(rowCount(c, f)).as("case %s: rows in %s", c.name(), f).isLessThanOrEqualTo(max);
                }
            }
        }
        if (c.format().equals("parquet")) {
            checkParquet(c, index, updraft, spark);
        } else {
            for (String folder : spark.keySet()) {
                assertThat(lines(c, updraft.get(folder))).as("case %s: the lines in folder '%s'", c.name(), folder)
                        .isEqualTo(lines(c, spark.get(folder)));
            }
        }
        if (c.duckDbRead() != null) {
            assertThat(duckDb(c.duckDbRead().replace("DIR", updraftDir(c).toString())))
                    .as("case %s: DuckDB reading Updraft's files (vs Spark's)", c.name())
                    .isEqualTo(duckDb(c.duckDbRead().replace("DIR", sparkDir(c).toString())));
        }
    }

    private static void checkParquet(SparkWriterCase c, int index, Map<String, List<Path>> updraft,
                                     Map<String, List<Path>> spark) throws SQLException {
        EngineResult expected = SPARK.get("q" + (2 * index + 1));
        EngineResult back = SPARK.get("q" + (2 * index + 2));
        assertThat(back.isOk()).as("case %s: Spark reading Updraft's Parquet: %s", c.name(), back.message()).isTrue();
        List<String> expectedTypes = reordered(SPARK_TYPES.get("q" + (2 * index + 1)), names(expected), c);
        assertThat(SPARK_TYPES.get("q" + (2 * index + 2))).as("case %s: Spark's types of Updraft's Parquet",
                c.name()).isEqualTo(expectedTypes);
        assertThat(sortedRows(back, names(back), names(back))).as("case %s: Spark's rows of Updraft's Parquet",
                c.name()).isEqualTo(sortedRows(expected, names(expected), names(back)));
        Path updraftFile = updraft.values().iterator().next().get(0);
        Path sparkFile = spark.values().iterator().next().get(0);
        String schema = "SELECT name, type, type_length, repetition_type, num_children, converted_type, scale, "
                + "precision, logical_type FROM parquet_schema('FILE')";
        java.util.Set<String> columns = new java.util.HashSet<>(names(expected));
        assertThat(nullable(duckDb(schema.replace("FILE", updraftFile.toString())), columns))
                .as("case %s: the Parquet schema", c.name())
                .isEqualTo(nullable(duckDb(schema.replace("FILE", sparkFile.toString())), columns));
        String meta = "SELECT decode(value) FROM parquet_kv_metadata('FILE') WHERE decode(key) = "
                + "'org.apache.spark.sql.parquet.row.metadata'";
        assertThat(duckDb(meta.replace("FILE", updraftFile.toString())).toString().replace("\"nullable\":false",
                "\"nullable\":true")).as("case %s: the footer's Spark schema", c.name()).isEqualTo(
                duckDb(meta.replace("FILE", sparkFile.toString())).toString().replace("\"nullable\":false",
                        "\"nullable\":true"));
        String read = "SELECT * FROM read_parquet('DIR/**/*.parquet', hive_partitioning = true)";
        assertThat(duckDb(read.replace("DIR", updraftDir(c).toString())))
                .as("case %s: DuckDB reading Updraft's Parquet (vs Spark's)", c.name())
                .isEqualTo(duckDb(read.replace("DIR", sparkDir(c).toString())));
    }

    /**
     * The schema rows with the top-level columns' repetition REQUIRED read as OPTIONAL: Spark writes a column it
     * knows to be non-null (a literal) REQUIRED, Updraft's analyzer types literals nullable (a known difference).
     */
    private static List<List<Object>> nullable(List<List<Object>> schema, java.util.Set<String> columns) {
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> row : schema) {
            List<Object> copy = new ArrayList<>(row);
            if (columns.contains(String.valueOf(copy.get(0))) && "REQUIRED".equals(copy.get(3))) {
                copy.set(3, "OPTIONAL");
            }
            out.add(copy);
        }
        return out;
    }

    /** Spark's column types in the order of the read-back: partition columns last. */
    private static List<String> reordered(List<String> types, List<String> names, SparkWriterCase c) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (!c.partitionBy().contains(names.get(i))) {
                out.add(types.get(i));
            }
        }
        for (String p : c.partitionBy()) {
            out.add(partitionType(types.get(names.indexOf(p))));
        }
        return out;
    }

    /** How Spark types a partition column when reading it back (partition type inference). */
    private static String partitionType(String written) {
        return switch (written) {
            case "tinyint", "smallint", "int" -> "int";
            default -> written;
        };
    }

    private static List<String> names(EngineResult r) {
        List<String> names = new ArrayList<>();
        if (!r.rows().isEmpty()) {
            r.rows().get(0).schema().fieldList().forEach(f -> names.add(f.name()));
        }
        return names;
    }

    /** Each row as text, its columns in the order {@code order}, sorted. */
    private static List<String> sortedRows(EngineResult r, List<String> names, List<String> order) {
        List<String> out = new ArrayList<>();
        for (Row row : r.rows()) {
            StringBuilder b = new StringBuilder();
            for (String n : order) {
                b.append(row.get(names.indexOf(n))).append(" | ");
            }
            out.add(b.toString());
        }
        out.sort(null);
        return out;
    }

    /** Data files per partition folder ("" = the top), hidden names and checksums left out. */
    private static Map<String, List<Path>> dataFiles(Path dir) throws IOException {
        Map<String, List<Path>> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).sorted().toList()) {
                String name = p.getFileName().toString();
                if (name.startsWith("_") || name.startsWith(".")) {
                    continue;
                }
                String folder = dir.relativize(p.getParent()).toString();
                out.computeIfAbsent(folder, k -> new ArrayList<>()).add(p);
            }
        }
        return out;
    }

    /** The file name suffixes after the part's counter: ".snappy.parquet", ".csv.gz", ... */
    private static TreeSet<String> suffixes(Map<String, List<Path>> files) {
        TreeSet<String> out = new TreeSet<>();
        for (List<Path> list : files.values()) {
            for (Path p : list) {
                String name = p.getFileName().toString();
                // part-NNNNN-<36 characters of UUID>, then the counter and the extension
                out.add(name.length() > 47 ? name.substring(47).replaceAll("c\\d{3}", "cNNN") : name);
            }
        }
        return out;
    }

    private static long rowCount(SparkWriterCase c, Path file) throws IOException, SQLException {
        if (c.format().equals("parquet")) {
            return Long.parseLong(duckDb("SELECT count(*) FROM read_parquet('" + file + "')").get(1).get(0).toString());
        }
        return text(file).lines().count() - (c.header() ? 1 : 0);
    }

    /** The files' lines, sorted; with a header, each file's first line once (they must all be the same). */
    private static List<String> lines(SparkWriterCase c, List<Path> files) throws IOException {
        List<String> out = new ArrayList<>();
        TreeSet<String> headers = new TreeSet<>();
        for (Path f : files) {
            String content = text(f);
            if (content.isEmpty()) {
                continue;
            }
            List<String> lines = new ArrayList<>(List.of(content.split(c.lineSeparator(), -1)));
            if (lines.get(lines.size() - 1).isEmpty()) {
                lines.remove(lines.size() - 1);
            }
            if (c.header() && !lines.isEmpty()) {
                headers.add(lines.remove(0));
            }
            out.addAll(lines);
        }
        out.sort(null);
        if (!headers.isEmpty()) {
            assertThat(headers).as("the header of every file").hasSize(1);
            out.add(0, "header: " + headers.first());
        }
        return out;
    }

    private static String text(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** DuckDB's rows (column type names first, then values as text). */
    private static List<List<Object>> duckDb(String sql) throws SQLException {
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement s = duck.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            List<List<Object>> out = new ArrayList<>();
            int n = rs.getMetaData().getColumnCount();
            List<Object> types = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                types.add(rs.getMetaData().getColumnName(i) + " " + rs.getMetaData().getColumnTypeName(i));
            }
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    Object v = rs.getObject(i);
                    row.add(v instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : String.valueOf(v));
                }
                out.add(row);
            }
            out.sort(Comparator.comparing(Object::toString));
            out.add(0, types);
            return out;
        }
    }
}
