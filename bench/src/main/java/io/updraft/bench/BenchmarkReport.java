package io.updraft.bench;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.updraft.engine.csv.CsvOptions;
import io.updraft.engine.csv.CsvRecordWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * The outcome of a {@link Benchmark}: one {@link QueryComparison} per query, the engines' versions, and the
 * geometric means of the ratios. Prints as a table; writes as CSV and JSON. Immutable.
 *
 * @param settings  what ran: scale, data folder, runs, threads
 * @param engines   one line per engine saying what it was ("DuckDB v1.4.1, threads = 2")
 * @param queries   the comparisons in run order
 * @param notes     things the reader should know (Spark could not run, a session did not close cleanly)
 */
public record BenchmarkReport(BenchmarkOptions settings, List<String> engines, List<QueryComparison> queries,
                              List<String> notes) {
    /** Longest status the table prints. */
    static final int STATUS_WIDTH = 110;
    private static final String[] HEADINGS = {"query", "Updraft ms", "Updraft DS ms", "DuckDB ms", "Spark ms",
            "Updraft/DuckDB", "Updraft/Spark", "status"};

    public BenchmarkReport {
        Objects.requireNonNull(settings, "settings is null");
        engines = List.copyOf(engines);
        queries = List.copyOf(queries);
        notes = List.copyOf(notes);
    }

    /** A geometric mean of ratios and the queries it is over. */
    public record Mean(List<Integer> queries, double value) {
        public Mean {
            queries = List.copyOf(queries);
        }
    }

    /** Updraft/DuckDB over the queries every engine completed (Updraft's answer matching DuckDB's). */
    public Mean updraftOverDuckDb() {
        return mean(QueryComparison::allCompleted, QueryComparison::updraftOverDuckDb);
    }

    /** Updraft/Spark over the queries every engine completed; NaN without Spark. */
    public Mean updraftOverSpark() {
        return settings.spark() ? mean(QueryComparison::allCompleted, QueryComparison::updraftOverSpark)
                : new Mean(List.of(), Double.NaN);
    }

    /** Spark/DuckDB over the queries both completed (whatever Updraft did); NaN without Spark. */
    public Mean sparkOverDuckDb() {
        return settings.spark() ? mean(q -> !Double.isNaN(q.sparkOverDuckDb()), QueryComparison::sparkOverDuckDb)
                : new Mean(List.of(), Double.NaN);
    }

    private Mean mean(Predicate<QueryComparison> counted, ToDoubleFunction<QueryComparison> ratio) {
        List<Integer> numbers = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (QueryComparison query : queries) {
            double value = ratio.applyAsDouble(query);
            if (counted.test(query) && value > 0 && !Double.isInfinite(value)) {
                numbers.add(query.query());
                ratios.add(value);
            }
        }
        return new Mean(numbers, Statistics.geometricMean(ratios));
    }

    /**
     * The table, one line per query (statuses longer than {@value #STATUS_WIDTH} characters cut, with "..."),
     * then the geometric means, the summary and the notes.
     */
    public void print(PrintStream out) {
        List<String[]> lines = new ArrayList<>();
        lines.add(HEADINGS);
        for (QueryComparison q : queries) {
            lines.add(new String[]{"Q" + q.query(), millis(q.updraft()), millis(q.updraftDataset()), millis(q.duckdb()),
                    millis(q.spark()), ratio(q.updraftOverDuckDb()), ratio(q.updraftOverSpark()), shorten(q.status())});
        }
        int[] widths = new int[HEADINGS.length];
        for (String[] line : lines) {
            for (int c = 0; c < line.length; c++) {
                widths[c] = Math.max(widths[c], line[c].length());
            }
        }
        for (String[] line : lines) {
            StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%-" + widths[0] + "s", line[0]));
            for (int c = 1; c < line.length - 1; c++) {
                text.append("  ").append(String.format(Locale.ROOT, "%" + widths[c] + "s", line[c]));
            }
            text.append("  ").append(line[line.length - 1]);
            out.println(text.toString().stripTrailing());
        }
        out.println();
        out.println(meanLine("Updraft/DuckDB", updraftOverDuckDb()));
        if (settings.spark()) {
            out.println(meanLine("Updraft/Spark", updraftOverSpark()));
            Mean spark = sparkOverDuckDb();
            out.println(String.format(Locale.ROOT, "Geometric mean Spark/DuckDB over the %d queries both completed: %s",
                    spark.queries().size(), ratio(spark.value())));
        }
        out.println(summary());
        for (String note : notes) {
            out.println("Note: " + note);
        }
    }

    private String meanLine(String what, Mean mean) {
        return String.format(Locale.ROOT, "Geometric mean %s over the %d queries every engine completed%s: %s", what,
                mean.queries().size(), mean.queries().isEmpty() ? "" : " (" + queryList(mean.queries()) + ")",
                ratio(mean.value()));
    }

    /** "Updraft: 2 of 22 queries match DuckDB; 0 mismatches, 20 unsupported, 0 errors, 0 timeouts". */
    String summary() {
        long correct = queries.stream().filter(QueryComparison::updraftCorrect).count();
        long mismatches = queries.stream().filter(q -> q.updraftDifference().isPresent()).count();
        long unsupported = queries.stream().filter(q -> q.updraft().outcome() == EngineResult.Outcome.UNSUPPORTED).count();
        long errors = queries.stream().filter(q -> q.updraft().outcome() == EngineResult.Outcome.ERROR).count();
        long timeouts = queries.stream().filter(q -> q.updraft().outcome() == EngineResult.Outcome.TIMEOUT).count();
        return String.format(Locale.ROOT, "Updraft: %d of %d queries match DuckDB; %d mismatches, %d unsupported, "
                + "%d errors, %d timeouts", correct, queries.size(), mismatches, unsupported, errors, timeouts);
    }

    /** CSV: a header line, then one line per query; times in milliseconds, empty where there is none. */
    public String toCsv() {
        StringBuilder csv = new StringBuilder();
        CsvRecordWriter records = new CsvRecordWriter(csv, CSV);
        records.recordUnchecked(List.of("query", "updraft_ms", "updraft_dataset_ms", "duckdb_ms",
                "spark_ms", "updraft_duckdb_ratio", "updraft_spark_ratio", "spark_duckdb_ratio", "updraft_rows",
                "duckdb_rows", "spark_rows", "status"));
        for (QueryComparison q : queries) {
            records.recordUnchecked(List.of("q" + q.query(), number(median(q.updraft())),
                    number(median(q.updraftDataset())), number(median(q.duckdb())), number(median(q.spark())),
                    number(q.updraftOverDuckDb()), number(q.updraftOverSpark()), number(q.sparkOverDuckDb()),
                    rows(q.updraft()), rows(q.duckdb()), rows(q.spark()), q.status()));
        }
        return csv.toString();
    }

    /** The report's CSV through the project's CSV writer: quotes doubled, a missing number an empty field. */
    private static final CsvOptions CSV = CsvOptions.of(java.util.Map.of("escape", "\"", "emptyValue", ""));

    /** JSON: settings, engines, per query every run's time per engine, ratios, status, and the means. */
    public String toJson() {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
        ObjectNode root = json.createObjectNode();
        root.put("benchmark", "TPC-H");
        root.put("scale", settings.scale());
        root.put("data", settings.dataDir().toString());
        root.put("threads", settings.threads());
        root.put("runs", settings.runs());
        root.put("warmup", settings.warmup());
        root.put("timeoutSeconds", settings.timeoutSeconds());
        engines.forEach(root.putArray("engines")::add);
        ArrayNode list = root.putArray("queries");
        for (QueryComparison q : queries) {
            ObjectNode node = list.addObject();
            node.put("query", "q" + q.query());
            node.put("status", q.status());
            engine(node, "updraft", q.updraft());
            engine(node, "updraftDataset", q.updraftDataset());
            engine(node, "duckdb", q.duckdb());
            engine(node, "spark", q.spark());
            putNumber(node, "updraftOverDuckDb", q.updraftOverDuckDb());
            putNumber(node, "updraftOverSpark", q.updraftOverSpark());
            putNumber(node, "sparkOverDuckDb", q.sparkOverDuckDb());
        }
        ObjectNode means = root.putObject("geometricMeans");
        mean(means, "updraftOverDuckDb", updraftOverDuckDb());
        if (settings.spark()) {
            mean(means, "updraftOverSpark", updraftOverSpark());
            mean(means, "sparkOverDuckDb", sparkOverDuckDb());
        }
        root.put("summary", summary());
        notes.forEach(root.putArray("notes")::add);
        try {
            return json.writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@link #toJson} and {@link #toCsv} to the files of {@link BenchmarkOptions#outBase}. */
    public void write() {
        try {
            Path json = settings.jsonFile();
            if (json.toAbsolutePath().getParent() != null) {
                Files.createDirectories(json.toAbsolutePath().getParent());
            }
            Files.writeString(json, toJson(), StandardCharsets.UTF_8);
            Files.writeString(settings.csvFile(), toCsv(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results to " + settings.jsonFile(), e);
        }
    }

    private static void engine(ObjectNode parent, String name, EngineResult result) {
        if (result == null) {
            return;
        }
        ObjectNode node = parent.putObject(name);
        node.put("outcome", result.outcome().name().toLowerCase(Locale.ROOT));
        if (result.isOk()) {
            putNumber(node, "medianMillis", result.medianMillis());
            result.millis().forEach(node.putArray("millis")::add);
            result.warmupMillis().forEach(node.putArray("warmupMillis")::add);
            node.put("rows", result.rowCount());
        } else {
            node.put("message", result.message());
        }
    }

    private static void mean(ObjectNode parent, String name, Mean mean) {
        ObjectNode node = parent.putObject(name);
        putNumber(node, "value", mean.value());
        ArrayNode numbers = node.putArray("queries");
        mean.queries().forEach(q -> numbers.add("q" + q));
    }

    private static void putNumber(ObjectNode node, String name, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(name);
        } else {
            node.put(name, round(value));
        }
    }

    private static double round(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }

    private static double median(EngineResult result) {
        return result == null ? Double.NaN : result.medianMillis();
    }

    private static String rows(EngineResult result) {
        return result == null || !result.isOk() ? "" : Long.toString(result.rowCount());
    }

    private static String number(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "" : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String millis(EngineResult result) {
        return result == null || !result.isOk() ? "-" : String.format(Locale.ROOT, "%.1f", result.medianMillis());
    }

    /** Two decimals below 10, one below 100, none above; "-" for none. */
    static String ratio(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "-";
        }
        String format = value < 10 ? "%.2f" : value < 100 ? "%.1f" : "%.0f";
        return String.format(Locale.ROOT, format, value);
    }

    /** The status cut to {@value #STATUS_WIDTH} characters for the table; the files keep it whole. */
    private static String shorten(String status) {
        return status.length() <= STATUS_WIDTH ? status : status.substring(0, STATUS_WIDTH - 3) + "...";
    }

    private static String queryList(List<Integer> numbers) {
        return String.join(", ", numbers.stream().map(n -> "Q" + n).toList());
    }
}
