package io.updraft.cli;

import io.updraft.bench.Benchmark;
import io.updraft.bench.BenchmarkOptions;
import io.updraft.bench.CostModelRun;
import io.updraft.bench.Demo;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code updraft bench [--scale S] [--data DIR] [--queries 1,3,6|all] [--runs N] [--warmup N] [--threads N]
 * [--timeout SECONDS] [--no-spark] [--out FILE] [--model-scale S,...]}: TPC-H through Updraft local, DuckDB and Spark
 * side by side ({@link Benchmark}); with {@code --model-scale}, Updraft's measured stages priced on Lambda at those
 * scales instead ({@link CostModelRun}).
 */
final class BenchCommand {
    static final String NAME = "updraft bench";
    static final double DEFAULT_SCALE = 1;
    /** Extra options for Spark's child JVM, e.g. {@code -Xmx12g}. */
    static final String SPARK_JAVA_OPTS = "UPDRAFT_SPARK_JAVA_OPTS";

    static final String USAGE = """
            Usage: updraft bench [--scale S] [--data DIR] [--queries 1,3,6|all] [--runs N] [--warmup N]
                                 [--threads N] [--timeout SECONDS] [--no-spark] [--no-dataset] [--conf K=V]
                                 [--out FILE]
                                 [--model-scale S[,S...]]

            Runs TPC-H queries through Updraft (local[N], this JVM), DuckDB (JDBC, threads = N) and Apache Spark
            4.2 (local[N], a child JVM) on the same Parquet files, one engine after the other, and prints the
            median time of each, the ratios Updraft/DuckDB and Updraft/Spark, whether Updraft's rows match
            DuckDB's, and the geometric means of the ratios over the queries every engine completed. A query
            Updraft cannot run yet is reported as "unsupported: <message>". The first run with Spark builds
            bench-spark (./mvnw -pl bench-spark package; downloads about 300 MB once).

            Options:
              --scale S      TPC-H scale factor (default 1); the data is generated once if missing
              --data DIR     Data folder (default data/tpch/sf<S> under the Updraft checkout)
              --queries Q    Comma-separated query numbers (1 to 22) or 'all' (default all)
              --runs N       Timed runs per query and engine; the median is reported (default 3)
              --warmup N     Untimed runs before them (default 1)
              --threads N    Threads of each engine (default 2)
              --timeout S    Abandon a run of a query on Updraft or Spark after S seconds and report a timeout
                             (default 300; 0 for no limit)
              --no-spark     Leave Spark out (no child JVM, no build of bench-spark)
              --no-dataset   Run only the SQL text on Updraft, not also the Dataset API versions
              --conf K=V     A setting of Updraft's session (repeatable), e.g. to compare a lever on and off
              --out FILE     Write the results to FILE.json and FILE.csv (an extension .json or .csv is dropped;
                             default bench/target/bench-results/tpch-sf<S>-<time>.* under the checkout)
              --model-scale S  Instead of the comparison: run each query once on Updraft at --scale (after the
                             warm-ups), and print its cost and time on Lambda at TPC-H scale S (repeatable or
                             comma-separated, e.g. 100,1000): x86 and arm64, S3 Standard or S3 Express One Zone
                             for the shuffle, tasks and memory per stage chosen by the model (bench README)
              -h, --help     Show this help

            Environment: UPDRAFT_SPARK_JAVA_OPTS adds options to Spark's JVM (default heap -Xmx6g).
            """;

    private final BenchmarkOptions options;
    private final List<Double> modelScales;

    BenchCommand(BenchmarkOptions options) {
        this(options, List.of());
    }

    BenchCommand(BenchmarkOptions options, List<Double> modelScales) {
        this.options = options;
        this.modelScales = List.copyOf(modelScales);
    }

    /** The scale factors of {@code --model-scale}, in the order given, no duplicates; empty without it. */
    List<Double> modelScales() {
        return modelScales;
    }

    BenchmarkOptions options() {
        return options;
    }

    /**
     * Parses the words after {@code bench}; returns null for {@code --help}.
     *
     * @param home the Updraft checkout ({@code -Dupdraft.home}, set by the launcher) or null for the current folder
     */
    static BenchCommand parse(List<String> words, String home, String sparkJavaOptions) {
        ArgumentCursor args = new ArgumentCursor(words, NAME);
        double scale = DEFAULT_SCALE;
        Path data = null;
        List<Integer> queries = BenchmarkOptions.allQueries();
        int runs = 3;
        int warmup = 1;
        int threads = 2;
        int timeout = BenchmarkOptions.DEFAULT_TIMEOUT_SECONDS;
        boolean spark = true;
        boolean dataset = true;
        Path out = null;
        Map<String, String> conf = new LinkedHashMap<>();
        List<Double> modelScales = new ArrayList<>();
        while (args.hasNext()) {
            String word = args.nextWord();
            switch (word) {
                case "-h", "--help" -> {
                    return null;
                }
                case "--scale" -> scale = parseScale(args.value(word));
                case "--data" -> data = Path.of(args.value(word));
                case "--queries" -> queries = BenchmarkOptions.parseQueries(args.value(word));
                case "--runs" -> runs = count(word, args.value(word), 1);
                case "--warmup" -> warmup = count(word, args.value(word), 0);
                case "--threads" -> threads = count(word, args.value(word), 1);
                case "--timeout" -> timeout = count(word, args.value(word), 0, 86_400);
                case "--no-spark" -> spark = false;
                case "--no-dataset" -> dataset = false;
                case "--conf" -> args.keyValueInto(word, conf);
                case "--out" -> out = Path.of(args.value(word));
                case "--model-scale" -> addModelScales(args.value(word), modelScales);
                default -> throw new UsageException((word.startsWith("-") ? "unknown option '" : "unexpected argument '")
                        + word + "' for " + NAME + " (see 'updraft bench --help')");
            }
        }
        Path root = home == null || home.isBlank() ? null : Path.of(home).toAbsolutePath().normalize();
        if (data == null) {
            data = Demo.defaultDataDir(home, scale);
        }
        Path outBase = out == null ? defaultOut(root, scale) : withoutExtension(out.toAbsolutePath().normalize());
        List<String> javaOptions = sparkJavaOptions == null || sparkJavaOptions.isBlank() ? List.of()
                : Arrays.asList(sparkJavaOptions.strip().split("\\s+"));
        return new BenchCommand(new BenchmarkOptions(scale, data.toAbsolutePath().normalize(), queries, runs, warmup,
                threads, spark && modelScales.isEmpty(), outBase, root, javaOptions, timeout, conf, dataset), modelScales);
    }

    void run(PrintStream out) {
        if (modelScales.isEmpty()) {
            Benchmark.run(options, out);
        } else {
            CostModelRun.run(options, modelScales, out);
        }
    }

    /** {@code 100,1000}: each a positive scale factor up to 100,000. */
    private static void addModelScales(String text, List<Double> into) {
        for (String word : text.split(",", -1)) {
            double scale;
            try {
                scale = Double.parseDouble(word.strip());
            } catch (NumberFormatException e) {
                throw new UsageException("--model-scale must be scale factors separated by commas, e.g. 100,1000; got '"
                        + text + "'");
            }
            if (!(scale > 0) || scale > 100_000) {
                throw new UsageException("--model-scale must be a positive number up to 100000, got '" + word.strip()
                        + "'");
            }
            if (!into.contains(scale)) {
                into.add(scale);
            }
        }
    }

    private static Path defaultOut(Path home, double scale) {
        Path dir = (home == null ? Path.of("target") : home.resolve("bench").resolve("target")).resolve("bench-results");
        String time = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return dir.resolve("tpch-sf" + Demo.scaleText(scale) + "-" + time).toAbsolutePath().normalize();
    }

    private static Path withoutExtension(Path file) {
        String name = file.getFileName().toString();
        for (String extension : List.of(".json", ".csv")) {
            if (name.endsWith(extension) && name.length() > extension.length()) {
                return file.resolveSibling(name.substring(0, name.length() - extension.length()));
            }
        }
        return file;
    }

    private static double parseScale(String text) {
        double scale;
        try {
            scale = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new UsageException("--scale must be a positive number, got '" + text + "'");
        }
        if (!(scale > 0) || scale > 1000) {
            throw new UsageException("--scale must be a positive number up to 1000, got '" + text + "'");
        }
        return scale;
    }

    private static int count(String option, String text, int min) {
        return count(option, text, min, 1000);
    }

    private static int count(String option, String text, int min, int max) {
        try {
            int value = Integer.parseInt(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " must be a whole number from " + min + " to " + max + ", got '" + text + "'");
    }
}
