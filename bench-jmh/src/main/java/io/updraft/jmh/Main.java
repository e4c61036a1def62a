package io.updraft.jmh;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.nio.file.Path;
import java.util.Collection;
import java.util.Locale;

/**
 * Runs the benchmarks with JMH's command-line options (default: all of them) and then prints, for the scan
 * benchmark, rows per second per core: lineitem's rows divided by the average time of one full read.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        Options options = new OptionsBuilder().parent(new CommandLineOptions(args)).build();
        Collection<RunResult> results = new Runner(options).run();
        Path data = Path.of(System.getProperty("updraft.jmh.data", "data/tpch/sf1")).toAbsolutePath();
        long rows = -1;
        for (RunResult result : results) {
            String name = result.getParams().getBenchmark();
            if (!name.endsWith("ScanBenchmark.scan")) {
                continue;
            }
            if (rows < 0) {
                rows = ScanBenchmark.rowsOf(data);
                System.out.printf(Locale.ROOT, "%nlineitem of %s: %,d rows%n%-8s %-22s %12s %18s%n", data, rows,
                        "columns", "reader", "ms per scan", "rows/s per core");
            }
            double ms = result.getPrimaryResult().getScore();
            System.out.printf(Locale.ROOT, "%-8s %-22s %12.1f %,18.0f%n", result.getParams().getParam("columns"),
                    result.getParams().getParam("reader"), ms, rows / (ms / 1000.0));
        }
    }
}
