package io.updraft.bench.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The command line of {@link SparkTpch}:
 * {@code --data DIR --sql-dir DIR --queries q1,q6 [--runs 3] [--warmup 1] [--master local[2]]
 * [--shuffle-partitions 4] [--max-rows 100000] [--timeout-seconds 0]}. Options take their value as the next word.
 * Immutable.
 *
 * @param data              a folder with one subfolder of Parquet files per table (a TpchData folder)
 * @param sqlDir            a folder with the query texts, {@code <query>.sql} (e.g. {@code q1.sql})
 * @param queries           query names in run order (file names without {@code .sql})
 * @param runs              timed runs per query, at least 1
 * @param warmup            untimed runs per query before the timed ones, at least 0
 * @param master            Spark master, {@code local[N]}
 * @param shufflePartitions {@code spark.sql.shuffle.partitions}
 * @param maxRows           result rows printed per query at most (the row count is always exact)
 * @param timeoutSeconds    a run still going after this long is cancelled and the query reported as a timeout;
 *                          0 for no limit
 */
record SparkTpchOptions(Path data, Path sqlDir, List<String> queries, int runs, int warmup, String master,
                        int shufflePartitions, int maxRows, int timeoutSeconds) {
    static final String USAGE = "usage: SparkTpch --data DIR --sql-dir DIR --queries q1,q6 [--runs N] [--warmup N] "
            + "[--master local[N]] [--shuffle-partitions N] [--max-rows N] [--timeout-seconds N]";

    SparkTpchOptions {
        Objects.requireNonNull(data, "data is null");
        Objects.requireNonNull(sqlDir, "sqlDir is null");
        queries = List.copyOf(queries);
        Objects.requireNonNull(master, "master is null");
    }

    /** Parses the arguments; throws IllegalArgumentException with the usage line for anything wrong. */
    static SparkTpchOptions parse(String[] args) {
        Path data = null;
        Path sqlDir = null;
        List<String> queries = new ArrayList<>();
        int runs = 3;
        int warmup = 1;
        String master = "local[2]";
        int shufflePartitions = 4;
        int maxRows = 100_000;
        int timeoutSeconds = 0;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + option + " needs a value; " + USAGE);
            }
            String value = args[++i];
            switch (option) {
                case "--data" -> data = Path.of(value);
                case "--sql-dir" -> sqlDir = Path.of(value);
                case "--queries" -> {
                    for (String name : value.split(",")) {
                        if (!name.isBlank()) {
                            queries.add(name.strip());
                        }
                    }
                }
                case "--runs" -> runs = positive(option, value, 1);
                case "--warmup" -> warmup = positive(option, value, 0);
                case "--master" -> master = value;
                case "--shuffle-partitions" -> shufflePartitions = positive(option, value, 1);
                case "--max-rows" -> maxRows = positive(option, value, 0);
                case "--timeout-seconds" -> timeoutSeconds = positive(option, value, 0);
                default -> throw new IllegalArgumentException("unknown option " + option + "; " + USAGE);
            }
        }
        if (data == null || !Files.isDirectory(data)) {
            throw new IllegalArgumentException("--data must name a folder of table folders, got " + data + "; " + USAGE);
        }
        if (sqlDir == null || !Files.isDirectory(sqlDir)) {
            throw new IllegalArgumentException("--sql-dir must name a folder of <query>.sql files, got " + sqlDir
                    + "; " + USAGE);
        }
        if (queries.isEmpty()) {
            throw new IllegalArgumentException("--queries names no query; " + USAGE);
        }
        return new SparkTpchOptions(data, sqlDir, queries, runs, warmup, master, shufflePartitions, maxRows,
                timeoutSeconds);
    }

    private static int positive(String option, String value, int min) {
        try {
            int n = Integer.parseInt(value);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(option + " must be an integer >= " + min + ", got '" + value + "'");
    }
}
