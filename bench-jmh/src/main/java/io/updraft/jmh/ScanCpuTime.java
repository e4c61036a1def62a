package io.updraft.jmh;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The scan benchmark's operations timed by this process's CPU time instead of the wall clock: on a machine shared
 * with other work, wall time measures the neighbours, CPU time the reader (all of the process's threads: Hardwood
 * decodes in its context's one thread, and garbage collection and compilation count for every reader). Each reader and
 * column set is run {@code rounds} times after one warm-up round, interleaved; the median is printed as rows per
 * second per core. Usage: {@code ScanCpuTime [rounds]} with {@code -Dupdraft.jmh.data=DIR}.
 */
public final class ScanCpuTime {
    private ScanCpuTime() {
    }

    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        List<ScanBenchmark> cases = new ArrayList<>();
        for (String columns : List.of("all", "q6")) {
            for (String reader : List.of("updraft-pages", "updraft-values", "parquet-java-records", "hardwood-columns")) {
                ScanBenchmark b = new ScanBenchmark();
                b.columns = columns;
                b.reader = reader;
                b.setUp();
                cases.add(b);
            }
        }
        long[][] nanos = new long[cases.size()][rounds];
        long[] rows = new long[cases.size()];
        long[] sink = new long[1];
        for (int round = -1; round < rounds; round++) {
            for (int c = 0; c < cases.size(); c++) {
                long start = os.getProcessCpuTime();
                rows[c] = cases.get(c).scan(v -> sink[0] += v.hashCode());
                if (round >= 0) {
                    nanos[c][round] = os.getProcessCpuTime() - start;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%-8s %-22s %14s %18s%n", "columns", "reader", "CPU ms per scan", "rows/s per core");
        for (int c = 0; c < cases.size(); c++) {
            long[] sorted = nanos[c].clone();
            java.util.Arrays.sort(sorted);
            double ms = sorted[rounds / 2] / 1e6;
            System.out.printf(Locale.ROOT, "%-8s %-22s %14.1f %,18.0f%n", cases.get(c).columns, cases.get(c).reader, ms,
                    rows[c] / (ms / 1000.0));
            cases.get(c).tearDown();
        }
        System.out.println("(checksum " + sink[0] + ")");
    }
}
