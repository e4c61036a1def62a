package io.updraft.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The operator benchmark's operations timed by this thread's CPU time (the operators run on the calling thread), for
 * a machine shared with other work: each operator runs {@code rounds} times after one warm-up round, interleaved; the
 * median is printed with lineitem rows per second per core. Usage: {@code OperatorCpuTime [rounds]} with
 * {@code -Dupdraft.jmh.data=DIR}.
 */
public final class OperatorCpuTime {
    private OperatorCpuTime() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<OperatorBenchmark> cases = new ArrayList<>();
        for (String operator : OperatorBenchmark.OPERATORS) {
            OperatorBenchmark b = new OperatorBenchmark();
            b.operator = operator;
            b.setUp();
            cases.add(b);
        }
        long[][] nanos = new long[cases.size()][rounds];
        long[] rowsOut = new long[cases.size()];
        for (int round = -1; round < rounds; round++) {
            for (int c = 0; c < cases.size(); c++) {
                long start = threads.getCurrentThreadCpuTime();
                rowsOut[c] = cases.get(c).run();
                long end = threads.getCurrentThreadCpuTime();
                if (round >= 0) {
                    nanos[c][round] = end - start;
                }
            }
        }
        long lineitem = cases.get(0).lineitemRows();
        System.out.printf(Locale.ROOT, "lineitem: %,d rows in memory; thread CPU time, median of %d%n", lineitem,
                rounds);
        System.out.printf(Locale.ROOT, "%-14s %12s %14s %20s%n", "operator", "ms", "rows out", "lineitem rows/s");
        for (int c = 0; c < cases.size(); c++) {
            double ms = ShuffleCpuTime.median(nanos[c]) / 1e6;
            System.out.printf(Locale.ROOT, "%-14s %12.1f %,14d %,20.0f%n", cases.get(c).operator, ms, rowsOut[c],
                    cases.get(c).operator.equals("join-build") ? Double.NaN : lineitem / (ms / 1000.0));
            cases.get(c).tearDown();
        }
    }
}
