package io.updraft.bench;

import io.updraft.sql.Dataset;
import io.updraft.sql.Row;
import io.updraft.sql.UpdraftSession;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;

/**
 * The demo behind {@code updraft demo}: makes sure TPC-H data is there (generating it once, then reusing
 * it), starts a {@code local[*]} session and runs TPC-H Q1 and Q6 through the Dataset API, printing for
 * each query a heading, the coordinator's progress line per stage, the result as {@code show()} prints it
 * and the elapsed time.
 */
public final class Demo {
    /** Scale factor of {@link #run(PrintStream)}. */
    public static final double DEFAULT_SCALE = 0.1;

    private Demo() {
    }

    /** SF 0.1 in {@code data/tpch/sf0.1} under {@code -Dupdraft.home} (the checkout), else the current folder. */
    public static void run(PrintStream out) {
        run(out, DEFAULT_SCALE, defaultDataDir(System.getProperty("updraft.home"), DEFAULT_SCALE));
    }

    /** Runs the demo at {@code scale} over {@code dataDir}, generating the data there first if needed. */
    public static void run(PrintStream out, double scale, Path dataDir) {
        String sf = scaleText(scale);
        if (!TpchData.isComplete(dataDir)) {
            out.println("Generating TPC-H SF " + sf + " into " + dataDir + " (once; later runs reuse it) ...");
            out.flush();
        }
        TpchData.Result data = TpchData.generate(scale, dataDir);
        long lineitems = data.rowCounts().getOrDefault("lineitem", -1L);
        if (data.reused()) {
            out.printf(Locale.ROOT, "Using TPC-H SF %s from %s (%,d lineitem rows)%n", sf, data.dir(), lineitems);
        } else {
            out.printf(Locale.ROOT, "Generated TPC-H SF %s (%,d lineitem rows) in %.1f s%n", sf, lineitems,
                    data.elapsed().toNanos() / 1e9);
        }
        long start = System.nanoTime();
        try (UpdraftSession session = UpdraftSession.builder().appName("updraft demo").master("local[*]")
                .progressOutput(out).create()) {
            out.printf(Locale.ROOT, "Started a local[%d] session in %.2f s%n", session.parallelism(),
                    (System.nanoTime() - start) / 1e9);
            Dataset<Row> lineitem = session.read().parquet(data.dir().resolve("lineitem").toString());
            runQuery(out, "TPC-H Q1: pricing summary report", TpchQueries::q1, lineitem);
            runQuery(out, "TPC-H Q6: forecasting revenue change", TpchQueries::q6, lineitem);
        }
    }

    private static void runQuery(PrintStream out, String title, Function<Dataset<Row>, Dataset<Row>> query,
                                 Dataset<Row> lineitem) {
        out.println();
        out.println("== " + title + " (Dataset API) ==");
        out.flush();
        long start = System.nanoTime();
        String table = query.apply(lineitem).showString(20, 20);
        long elapsed = System.nanoTime() - start;
        out.println(table);
        out.printf(Locale.ROOT, "%s: %.2f s%n", title.substring(0, title.indexOf(':')), elapsed / 1e9);
        out.flush();
    }

    /** {@code <home>/data/tpch/sf<S>}; S without trailing zeros (sf0.1, sf1). */
    public static Path defaultDataDir(String home, double scale) {
        Path root = home == null || home.isBlank() ? Path.of("") : Path.of(home);
        return root.resolve("data").resolve("tpch").resolve("sf" + scaleText(scale)).toAbsolutePath().normalize();
    }

    /** The scale factor as text without trailing zeros: 0.1, 1, 0.01. */
    public static String scaleText(double scale) {
        return BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString();
    }
}
