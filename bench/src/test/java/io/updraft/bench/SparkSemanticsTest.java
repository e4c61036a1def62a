package io.updraft.bench;

import io.updraft.core.error.UpdraftException;
import io.updraft.sql.Column;
import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.RuntimeConfig;
import io.updraft.sql.UpdraftSession;
import io.updraft.sql.expressions.Window;
import io.updraft.sql.types.StructField;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static io.updraft.sql.functions.avg;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.countDistinct;
import static io.updraft.sql.functions.dense_rank;
import static io.updraft.sql.functions.length;
import static io.updraft.sql.functions.lit;
import static io.updraft.sql.functions.nullif;
import static io.updraft.sql.functions.row_number;
import static io.updraft.sql.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Spark-semantics cases ({@code semantics/cases.sql}, {@link SparkSemanticsCase}) over TPC-H SF 0.01: the
 * expected results are what Apache Spark 4.2 (module bench-spark, run as a child JVM by {@link SparkRunner} with
 * its defaults, i.e. ANSI mode on) returns on the same Parquet files; Updraft runs the same SQL through
 * {@code session.sql} — and a few cases also through the Dataset API — and must give the same column names, the
 * same column types ({@code DataType.simpleString()} against Spark's) and the same rows (exact decimals, see
 * {@link RowComparison}). A case where Spark fails must fail in Updraft with the same error class
 * ({@code [DIVIDE_BY_ZERO]}). A case with a {@code session time zone:} line runs in that
 * {@code spark.sql.session.timeZone} on both engines (the others in UTC). A case marked {@code known:} must still differ, so the test fails once it is fixed
 * and the mark can go.
 */
class SparkSemanticsTest {
    private static final String UTC = "UTC";
    private static final Pattern ERROR_CLASS = Pattern.compile("\\[([A-Z][A-Z0-9_]*(?:\\.[A-Z0-9_]+)*)]");
    private static final List<SparkSemanticsCase> CASES = SparkSemanticsCase.load();
    private static final Map<String, SparkSemanticsCase> BY_NAME = new LinkedHashMap<>();
    private static final Map<String, Outcome> SPARK = new LinkedHashMap<>();
    private static UpdraftSession session;
    private static long sparkMillis;

    /**
     * What one engine did with one case: column names, types (Spark's spelling) and rows, or an error message and
     * its error class (Updraft's from {@link UpdraftException#errorClass()}; Spark's, which reaches us as text
     * from its process, from the "[CLASS]" of its message).
     */
    record Outcome(List<String> names, List<String> types, List<Row> rows, String error, String errorClass,
                   String show) {
        Outcome(List<String> names, List<String> types, List<Row> rows) {
            this(names, types, rows, null, null, null);
        }

        static Outcome failure(String error, String errorClass) {
            return new Outcome(List.of(), List.of(), List.of(), error, errorClass, null);
        }

        Outcome withShow(String text) {
            return new Outcome(names, types, rows, error, errorClass, text);
        }

        boolean failed() {
            return error != null;
        }

        /** Builds (analysis errors count as the query's error) and collects one Updraft query. */
        static Outcome of(java.util.function.Supplier<Dataset<Row>> query) {
            return of(query, false);
        }

        /** As {@link #of(java.util.function.Supplier)}, with what {@code show()} prints when {@code show} is set. */
        static Outcome of(java.util.function.Supplier<Dataset<Row>> query, boolean show) {
            try {
                Dataset<Row> result = query.get();
                List<Row> rows = result.collectAsList();
                List<String> names = new ArrayList<>();
                List<String> types = new ArrayList<>();
                for (StructField field : result.schema().fieldList()) {
                    names.add(field.name());
                    types.add(field.dataType().simpleString());
                }
                Outcome outcome = new Outcome(names, types, rows);
                return show ? outcome.withShow(result.showString(20, 20, false)) : outcome;
            } catch (RuntimeException e) {
                StringBuilder messages = new StringBuilder();
                String errorClass = null;
                for (Throwable t = e; t != null; t = t.getCause()) {
                    messages.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append(" / ");
                    if (errorClass == null && t instanceof UpdraftException u) {
                        errorClass = u.errorClass();
                    }
                }
                return Outcome.failure(messages.toString(), errorClass);
            }
        }
    }

    @BeforeAll
    static void runSparkAndStartUpdraft() throws IOException {
        Path data = TpchTestData.sf001().toAbsolutePath();
        Path work = Path.of("target", "spark-semantics").toAbsolutePath();
        Path sqlDir = work.resolve("sql");
        Files.createDirectories(sqlDir);
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < CASES.size(); i++) {
            SparkSemanticsCase c = CASES.get(i);
            BY_NAME.put(c.name(), c);
            String zone = c.timeZone() == null ? "" : SparkSemanticsCase.TIME_ZONE_LINE + " " + c.timeZone() + "\n";
            String show = c.show() ? SparkSemanticsCase.SHOW_LINE + "\n" : "";
            Files.writeString(sqlDir.resolve("q" + (i + 1) + ".sql"), "-- " + c.name() + "\n" + zone + show + c.sql()
                    + "\n", StandardCharsets.UTF_8);
            numbers.add(i + 1);
        }
        Path home = Path.of("").toAbsolutePath().getParent();
        SparkRunner spark = new SparkRunner(home, List.of());
        if (!Files.isRegularFile(spark.moduleDir().resolve("pom.xml"))) {
            fail("SparkSemanticsTest needs the checkout's bench-spark module next to bench (looked in "
                    + spark.moduleDir() + "); run the test from the bench module directory");
        }
        spark.ensureBuilt(System.out, work.resolve("spark-build.log"));
        long t0 = System.nanoTime();
        Map<String, List<String>> types = new LinkedHashMap<>();
        Map<String, Double> caseMillis = new LinkedHashMap<>();
        Map<String, String> shows = new LinkedHashMap<>();
        SparkRunner.Results results = spark.run(data, sqlDir, numbers, 2, 0, 1, 300, work.resolve("spark.log"),
                event -> {
                    if (event instanceof SparkOutput.QueryDone done) {
                        types.put(done.query(), done.sparkTypes());
                        if (done.show() != null) {
                            shows.put(done.query(), done.show());
                        }
                        done.result().millis().forEach(ms -> caseMillis.put(done.query(), ms));
                    }
                });
        sparkMillis = (System.nanoTime() - t0) / 1_000_000;
        double queryMillis = caseMillis.values().stream().mapToDouble(Double::doubleValue).sum();
        System.out.printf("SparkSemanticsTest: Spark %s ran %d cases in %d ms (start-up %s ms, queries %.0f ms)%n",
                results.started() == null ? "?" : results.started().sparkVersion(), CASES.size(), sparkMillis,
                results.started() == null ? "?" : results.started().startMillis(), queryMillis);
        assertThat(results.started()).as("Spark's start line (log: %s)", work.resolve("spark.log")).isNotNull();
        assertThat(results.started().sparkVersion()).startsWith("4.2.");
        for (int i = 0; i < CASES.size(); i++) {
            EngineResult r = results.byQuery().get(i + 1);
            String name = CASES.get(i).name();
            if (r == null || !r.isOk()) {
                String message = r == null ? "(no result)" : r.message();
                SPARK.put(name, Outcome.failure(message, errorClass(message)));
            } else {
                List<String> names = new ArrayList<>();
                if (!r.rows().isEmpty()) {
                    r.rows().get(0).schema().fieldList().forEach(f -> names.add(f.name()));
                }
                SPARK.put(name, new Outcome(names, types.getOrDefault("q" + (i + 1), List.of()), r.rows())
                        .withShow(shows.get("q" + (i + 1))));
            }
        }
        session = UpdraftSession.builder().appName("spark-semantics").master("local[2]")
.config(RuntimeConfig.SHOW_PROGRESS, false)
                .config(RuntimeConfig.TIME_ZONE, UTC).create();
        try (Stream<Path> tables = Files.list(data)) {
            for (Path table : tables.filter(Files::isDirectory).sorted().toList()) {
                session.read().parquet(table.toString()).createOrReplaceTempView(table.getFileName().toString());
            }
        }
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.stop();
        }
    }

    @Test
    void theCasesCoverTheIssue() {
        assertThat(CASES).hasSizeGreaterThanOrEqualTo(40);
        assertThat(CASES.stream().filter(SparkSemanticsCase::expectError)).hasSizeGreaterThanOrEqualTo(5);
        assertThat(sparkMillis).as("Spark's part of the test, ms").isPositive();
    }

    @TestFactory
    Stream<DynamicTest> everyCaseMatchesSpark() {
        return IntStream.range(0, CASES.size()).mapToObj(i -> {
            SparkSemanticsCase c = CASES.get(i);
            return DynamicTest.dynamicTest(c.name(), () -> check(c, inTimeZone(c,
                    () -> Outcome.of(() -> session.sql(c.sql()), c.show()))));
        });
    }

    // ---- the Dataset API on some of the cases: the same expected results as their SQL text

    private static Dataset<Row> table(String name) {
        return session.table(name);
    }

    @Test
    void datasetIntegerSlashIsDouble() {
        Dataset<Row> nation = table("nation").crossJoin(session.sql("select 7 as p from region where r_regionkey = 0"));
        check(BY_NAME.get("int_slash_is_double"), updraft(() -> nation.filter(col("n_nationkey").lt(6))
                .select(col("n_nationkey"), col("n_nationkey").divide(4).as("q"), col("n_regionkey").divide(2).as("r"),
                        col("p").divide(3).as("pq"))
                .orderBy("n_nationkey")));
    }

    @Test
    void datasetCountColumnSkipsNulls() {
        check(BY_NAME.get("count_column_skips_nulls"), updraft(() -> table("customer")
                .join(table("orders"), col("c_custkey").equalTo(col("o_custkey")), "left")
                .agg(count("*").as("all_rows"), count(col("o_orderkey")).as("matched"),
                        countDistinct(col("o_custkey")).as("customers_with_orders"), count(col("c_custkey")).as("customers"),
                        sum(col("o_totalprice")).as("total"))));
    }

    @Test
    void datasetNullOrderingDefaults() {
        Dataset<Row> keys = table("customer").filter(col("c_custkey").leq(12))
                .select(col("c_custkey"), nullif(col("c_custkey").mod(3), lit(0)).as("k"));
        check(BY_NAME.get("null_ordering_defaults_asc"), updraft(() -> keys.orderBy(col("k"), col("c_custkey"))));
        check(BY_NAME.get("null_ordering_defaults_desc"),
                updraft(() -> keys.orderBy(col("k").desc(), col("c_custkey").desc())));
    }

    @Test
    void datasetDecimalSumAvg() {
        check(BY_NAME.get("decimal_sum_avg"), updraft(() -> table("lineitem").groupBy("l_returnflag", "l_linestatus")
                .agg(sum("l_quantity"), avg("l_extendedprice"),
                        sum(col("l_extendedprice").multiply(col("l_discount"))).as("rev"),
                        avg("l_discount").as("avg_disc"), count("*"))
                .orderBy("l_returnflag", "l_linestatus")));
    }

    @Test
    void datasetRollup() {
        check(BY_NAME.get("rollup"), updraft(() -> table("supplier")
                .join(table("nation"), col("s_nationkey").equalTo(col("n_nationkey")))
                .join(table("region"), col("n_regionkey").equalTo(col("r_regionkey")))
                .rollup("r_name", "n_name")
                .agg(count("*").as("suppliers"), sum("s_acctbal").as("bal"))
                .orderBy(col("r_name").asc_nulls_last(), col("n_name").asc_nulls_last())));
    }

    @Test
    void datasetWindowRanking() {
        check(BY_NAME.get("window_ranking"), updraft(() -> table("nation").select(col("n_regionkey"), col("n_name"),
                        row_number().over(Window.partitionBy("n_regionkey").orderBy("n_name")).as("rn"),
                        io.updraft.sql.functions.rank().over(Window.partitionBy("n_regionkey")
                                .orderBy(length(col("n_name")))).as("rk"),
                        dense_rank().over(Window.partitionBy("n_regionkey").orderBy(length(col("n_name")))).as("drk"),
                        io.updraft.sql.functions.percent_rank().over(Window.partitionBy("n_regionkey")
                                .orderBy(length(col("n_name")))).as("pr"),
                        io.updraft.sql.functions.ntile(2).over(Window.partitionBy("n_regionkey").orderBy("n_name"))
                                .as("tile"))
                .orderBy("n_regionkey", "n_name")));
    }

    @Test
    void datasetBooleanAggregates() {
        check(BY_NAME.get("boolean_aggregates_grouped"), updraft(() -> table("nation").groupBy("n_regionkey")
                .agg(io.updraft.sql.functions.count_if(col("n_nationkey").mod(2).equalTo(0)).as("evens"),
                        io.updraft.sql.functions.bool_and(col("n_nationkey").gt(4)).as("all_big"),
                        io.updraft.sql.functions.bool_or(col("n_name").like("%A%")).as("some_a"))
                .orderBy("n_regionkey")));
    }

    @Test
    void datasetCentralMoments() {
        Column k = col("n_nationkey");
        check(BY_NAME.get("central_moments_grouped"), updraft(() -> table("nation").groupBy("n_regionkey")
                .agg(io.updraft.sql.functions.skewness(k), io.updraft.sql.functions.kurtosis(k),
                        io.updraft.sql.functions.skewness(k.multiply(1.5)),
                        io.updraft.sql.functions.kurtosis(k.cast("double")),
                        io.updraft.sql.functions.corr(k, k.multiply(k)).as("c"),
                        io.updraft.sql.functions.covar_pop(k, col("n_regionkey").multiply(k)).as("cp"),
                        io.updraft.sql.functions.covar_samp(k, length(col("n_name"))).as("cs"))
                .orderBy("n_regionkey")));
    }

    @Test
    void datasetDescribe() {
        check(BY_NAME.get("describe_as_spark_defines_it"), updraft(() -> table("nation")
                .describe("n_nationkey", "n_regionkey")));
    }

    @Test
    void datasetUnionDistinctAndAll() {
        check(BY_NAME.get("union_distinct_and_all"), updraft(() -> table("nation").select(col("n_regionkey").as("k"))
                .unionAll(table("region").select(col("r_regionkey")))
                .union(session.sql("select 100 as k from region where r_regionkey = 0")).distinct() // Dataset.union is UNION ALL
                .groupBy("k").agg(count("*").as("n"))
                .orderBy("k")));
    }

    // ---- running and comparing

    private interface Query {
        Dataset<Row> build();
    }

    /** Runs {@code run} with the session time zone of the case (then back to UTC), as SparkTpch does for Spark. */
    private static Outcome inTimeZone(SparkSemanticsCase c, java.util.function.Supplier<Outcome> run) {
        session.conf().set(RuntimeConfig.TIME_ZONE, c.timeZone() == null ? UTC : c.timeZone());
        try {
            return run.get();
        } finally {
            session.conf().set(RuntimeConfig.TIME_ZONE, UTC);
        }
    }

    /** Builds (analysis errors count as the query's error) and collects one Updraft query. */
    private static Outcome updraft(Query query) {
        return Outcome.of(query::build);
    }

    /** Fails unless Updraft matches Spark, or, for a known difference, unless it still differs. */
    private static void check(SparkSemanticsCase c, Outcome updraft) {
        Outcome spark = SPARK.get(c.name());
        assertThat(spark).as("Spark's outcome of case %s", c.name()).isNotNull();
        if (c.expectError() != spark.failed()) {
            fail("case " + c.name() + (c.expectError() ? " is marked '-- error' but Spark 4.2 returned "
                    + spark.rows().size() + " rows" : " failed on Spark 4.2: " + spark.error()));
        }
        Optional<String> difference = difference(c, spark, updraft);
        if (c.knownDifference() == null) {
            difference.ifPresent(d -> fail("case " + c.name() + " differs from Spark 4.2: " + d + "\nSQL: " + c.sql()));
        } else if (difference.isEmpty()) {
            fail("case " + c.name() + " is marked as a known difference (" + c.knownDifference()
                    + ") but now matches Spark 4.2: remove the '-- known:' line");
        }
    }

    static Optional<String> difference(SparkSemanticsCase c, Outcome spark, Outcome updraft) {
        if (spark.failed()) {
            String errorClass = spark.errorClass();
            if (errorClass == null) {
                return Optional.of("Spark's error has no error class: " + spark.error());
            }
            if (!updraft.failed()) {
                return Optional.of("Spark fails with [" + errorClass + "] (" + spark.error() + ") but Updraft returned "
                        + updraft.rows().size() + " rows " + firstRows(updraft.rows()));
            }
            if (!errorClass.equals(updraft.errorClass())) {
                return Optional.of("Spark fails with [" + errorClass + "] but Updraft with "
                        + (updraft.errorClass() == null ? "no error class" : "[" + updraft.errorClass() + "]") + ": "
                        + updraft.error());
            }
            return Optional.empty();
        }
        if (updraft.failed()) {
            return Optional.of("Updraft failed: " + updraft.error());
        }
        if (!spark.rows().isEmpty() && !spark.names().equals(updraft.names())) {
            return Optional.of("column names: Spark " + spark.names() + ", Updraft " + updraft.names());
        }
        if (!spark.types().equals(updraft.types())) {
            return Optional.of("column types: Spark " + spark.types() + ", Updraft " + updraft.types());
        }
        if (c.show()) {
            if (spark.show() == null) {
                return Optional.of("the case is marked '-- show' but Spark's result has no show text");
            }
            return spark.show().equals(updraft.show()) ? Optional.empty()
                    : Optional.of("show() prints differently:\nSpark:\n" + spark.show() + "Updraft:\n" + updraft.show());
        }
        return RowComparison.difference(spark.rows(), updraft.rows(), c.ordered());
    }

    /** The error class in a message of Spark's: its first bracketed name. */
    static String errorClass(String message) {
        Matcher m = ERROR_CLASS.matcher(message);
        return m.find() ? m.group(1) : null;
    }

    private static String firstRows(List<Row> rows) {
        return rows.subList(0, Math.min(3, rows.size())).toString();
    }
}
