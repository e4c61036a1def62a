package io.updraft.bench.spark;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Runs TPC-H SQL on Apache Spark in one JVM ({@code local[N]}) and prints machine-readable timings: the
 * Spark side of {@code updraft bench}, started by it as a child JVM (see bench/README.md).
 *
 * <p>Every subfolder of {@code --data} (not starting with '_' or '.') becomes a temporary view
 * ({@code spark.read().parquet(folder)}); then each query runs {@code --warmup} times untimed and
 * {@code --runs} times timed, each run being {@code spark.sql(text).collectAsList()} (parse, plan,
 * execute, bring every row to the driver), the same work the other engines are timed for.
 *
 * <p>Standard output carries only JSON lines, one object per line: {@code {"event":"started",...}} once
 * the session is up and the views are registered, then per query
 * {@code {"event":"query","query":"q1","status":"ok","millis":[...],"warmupMillis":[...],"rowCount":4,
 * "schema":[{"name":...,"type":"decimal(25,2)"}],"rows":[[...]],"rowsTruncated":false}} or
 * {@code {"event":"query","query":"q1","status":"error"|"timeout","message":"..."}}, and
 * {@code {"event":"finished"}}.
 * Decimals are JSON numbers in plain notation, dates {@code "yyyy-MM-dd"} strings. Spark's logs go to
 * standard error (warnings and errors only, see log4j2.properties).
 *
 * <p>Settings: {@code spark.sql.shuffle.partitions} = {@code --shuffle-partitions} (default 4: two per core
 * on a 2-core machine, instead of Spark's 200 that would make 200 tiny tasks per exchange; adaptive
 * execution, on by default, may coalesce them further), the UI off, session time zone UTC, everything else
 * Spark's defaults.
 */
public final class SparkTpch {
    static final String TIME_ZONE = "spark.sql.session.timeZone";
    static final String DEFAULT_TIME_ZONE = "UTC";
    /** A comment line of a query file naming the session time zone the query runs in. */
    static final String TIME_ZONE_LINE = "-- session time zone:";
    /** A query file line asking for the result's {@code show()} text too (20 rows, cells truncated at 20). */
    static final String SHOW_LINE = "-- show";

    private SparkTpch() {
    }

    public static void main(String[] args) {
        SparkTpchOptions options;
        try {
            options = SparkTpchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("SparkTpch: " + e.getMessage());
            System.exit(2);
            return;
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        run(options, out);
        out.flush();
        System.exit(0);
    }

    static void run(SparkTpchOptions options, PrintStream out) {
        ObjectMapper json = new ObjectMapper()
                .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
                .disable(SerializationFeature.INDENT_OUTPUT);
        long start = System.nanoTime();
        SparkSession spark = SparkSession.builder()
                .appName("updraft bench: Spark TPC-H")
                .master(options.master())
                .config("spark.sql.shuffle.partitions", options.shufflePartitions())
                .config("spark.ui.enabled", false)
                .config("spark.ui.showConsoleProgress", false)
                .config(TIME_ZONE, DEFAULT_TIME_ZONE)
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
        try {
            List<String> tables = registerTables(spark, options.data());
            ObjectNode started = json.createObjectNode()
                    .put("event", "started")
                    .put("sparkVersion", spark.version())
                    .put("javaVersion", System.getProperty("java.version"))
                    .put("master", options.master())
                    .put("shufflePartitions", options.shufflePartitions())
                    .put("startMillis", (System.nanoTime() - start) / 1_000_000);
            tables.forEach(started.putArray("tables")::add);
            out.println(started);
            for (String query : options.queries()) {
                out.println(runQuery(spark, json, options, query));
            }
            out.println(json.createObjectNode().put("event", "finished"));
        } finally {
            spark.stop();
        }
    }

    private static List<String> registerTables(SparkSession spark, Path data) {
        List<String> names = new ArrayList<>();
        try (Stream<Path> entries = Files.list(data)) {
            for (Path folder : entries.filter(Files::isDirectory).sorted().toList()) {
                String name = folder.getFileName().toString();
                if (!name.startsWith("_") && !name.startsWith(".")) {
                    spark.read().parquet(folder.toAbsolutePath().toString()).createOrReplaceTempView(name);
                    names.add(name);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + data, e);
        }
        return names;
    }

    private static ObjectNode runQuery(SparkSession spark, ObjectMapper json, SparkTpchOptions options, String query) {
        ObjectNode line = json.createObjectNode().put("event", "query").put("query", query);
        try {
            Path file = options.sqlDir().resolve(query + ".sql");
            String sql = queryText(file);
            spark.conf().set(TIME_ZONE, sessionTimeZone(file).orElse(DEFAULT_TIME_ZONE));
            ArrayNode warmupMillis = json.createArrayNode();
            ArrayNode millis = json.createArrayNode();
            Run last = null;
            for (int i = 0; i < options.warmup() + options.runs(); i++) {
                Run run = runOnce(spark, sql, query, options.timeoutSeconds(), wantsShow(file));
                if (run == null) {
                    return line.put("status", "timeout").put("message", "no result within "
                            + options.timeoutSeconds() + " s (" + (i < options.warmup() ? "warm-up run " + (i + 1)
                            : "timed run " + (i - options.warmup() + 1)) + "); its jobs were cancelled");
                }
                (i < options.warmup() ? warmupMillis : millis).add(run.millis());
                last = run;
            }
            List<Row> rows = last.rows();
            StructType schema = last.schema();
            line.put("status", "ok");
            line.set("millis", millis);
            line.set("warmupMillis", warmupMillis);
            line.put("rowCount", rows.size());
            ArrayNode fields = line.putArray("schema");
            for (StructField field : schema.fields()) {
                fields.addObject().put("name", field.name()).put("type", field.dataType().simpleString());
            }
            ArrayNode values = line.putArray("rows");
            for (int r = 0; r < Math.min(rows.size(), options.maxRows()); r++) {
                values.add(rowJson(json, rows.get(r)));
            }
            line.put("rowsTruncated", rows.size() > options.maxRows());
            if (last.show() != null) {
                line.put("show", last.show());
            }
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            line.put("status", "error").put("message", firstLine(e));
        }
        return line;
    }

    private record Run(List<Row> rows, StructType schema, double millis, String show) {
    }

    /**
     * One run in the job group {@code query}; with a timeout it runs on a thread of its own and, when late, the
     * group's jobs are cancelled and null is returned.
     */
    private static Run runOnce(SparkSession spark, String sql, String query, int timeoutSeconds, boolean show)
            throws Exception {
        Callable<Run> run = () -> {
            spark.sparkContext().setJobGroup(query, query, true);
            try {
                long t0 = System.nanoTime();
                String[] statements = sql.split(";[ \\t]*\\R");
                for (int i = 0; i < statements.length - 1; i++) {
                    spark.sql(statements[i]).collectAsList();
                }
                Dataset<Row> result = spark.sql(statements[statements.length - 1]);
                List<Row> rows = result.collectAsList();
                double elapsed = (System.nanoTime() - t0) / 1e6;
                return new Run(rows, result.schema(), elapsed, show ? showString(result) : null);
            } finally {
                spark.sparkContext().clearJobGroup();
            }
        };
        if (timeoutSeconds == 0) {
            return run.call();
        }
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "query-" + query);
            t.setDaemon(true);
            return t;
        });
        Future<Run> future = thread.submit(run);
        try {
            return future.get(timeoutSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            spark.sparkContext().cancelJobGroup(query);
            future.cancel(true);
            return null;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } finally {
            thread.shutdown();
        }
    }

    /** Whether the query file has a {@value #SHOW_LINE} line. */
    static boolean wantsShow(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream().anyMatch(l -> l.strip().equals(SHOW_LINE));
    }

    /**
     * What {@code result.show()} prints (20 rows, cells truncated at 20 characters), from Spark's own
     * {@code showString} ({@code private[sql]} in Scala, so public in the bytecode; called reflectively).
     */
    static String showString(Dataset<Row> result) throws ReflectiveOperationException {
        java.lang.reflect.Method m = result.getClass().getMethod("showString", int.class, int.class, boolean.class);
        return (String) m.invoke(result, 20, 20, false);
    }

    /** A query file's {@value #TIME_ZONE_LINE} line: the session time zone it runs in (else UTC). */
    static Optional<String> sessionTimeZone(Path file) throws IOException {
        for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String line = text.strip();
            if (line.startsWith(TIME_ZONE_LINE)) {
                return Optional.of(line.substring(TIME_ZONE_LINE.length()).strip());
            }
        }
        return Optional.empty();
    }

    /**
     * The file's text without comment lines and trailing semicolons. A file of several statements (each ending
     * with ';' at the end of a line: setup such as {@code CREATE TEMPORARY VIEW ... USING csv}) runs them in order
     * on every run and returns the last one's rows.
     */
    static String queryText(Path file) throws IOException {
        StringBuilder sql = new StringBuilder();
        for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!text.strip().startsWith("--")) {
                sql.append(text).append('\n');
            }
        }
        String stripped = sql.toString().strip();
        while (stripped.endsWith(";")) {
            stripped = stripped.substring(0, stripped.length() - 1).strip();
        }
        return stripped;
    }

    private static ArrayNode rowJson(ObjectMapper json, Row row) {
        ArrayNode values = json.createArrayNode();
        for (int i = 0; i < row.size(); i++) {
            Object value = row.get(i);
            switch (value) {
                case null -> values.addNull();
                case BigDecimal d -> values.add(d);
                case Double d when d.isNaN() || d.isInfinite() -> values.add(d.toString());
                case Double d -> values.add(d);
                case Float f -> values.add(f.doubleValue());
                case Long n -> values.add(n);
                case Integer n -> values.add(n);
                case Short n -> values.add(n.intValue());
                case Byte n -> values.add(n.intValue());
                case Boolean b -> values.add(b);
                case byte[] bytes -> values.add(java.util.HexFormat.of().formatHex(bytes)); // binary as hex
                default -> values.add(value.toString()); // strings, java.sql.Date (yyyy-MM-dd), timestamps
            }
        }
        return values;
    }

    private static String firstLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getName() : e.getClass().getSimpleName() + ": "
                + e.getMessage();
        for (String text : message.split("\\R")) {
            if (!text.isBlank()) {
                return text.strip();
            }
        }
        return message.strip();
    }
}
