package io.updraft.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The shuffle codec benchmark's operations timed by this thread's CPU time (encode and decode run on the calling
 * thread, zstd-jni's native code included), for a machine shared with other work: each codec's encode and decode are
 * run {@code rounds} times after one warm-up round, interleaved; the median is printed as MB/s of the uncompressed IPC
 * stream and rows/s per core, with the compression ratio. Usage: {@code ShuffleCpuTime [rounds] [rows]} with
 * {@code -Dupdraft.jmh.data=DIR}.
 */
public final class ShuffleCpuTime {
    private ShuffleCpuTime() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int rows = args.length > 1 ? Integer.parseInt(args[1]) : 131_072;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<ShuffleCodecBenchmark> cases = new ArrayList<>();
        for (String codec : ShuffleCodecBenchmark.CODECS) {
            ShuffleCodecBenchmark b = new ShuffleCodecBenchmark();
            b.codec = codec;
            b.rows = rows;
            b.setUp();
            cases.add(b);
        }
        long[][] encodeNanos = new long[cases.size()][rounds];
        long[][] decodeNanos = new long[cases.size()][rounds];
        long sink = 0;
        for (int round = -1; round < rounds; round++) {
            for (int c = 0; c < cases.size(); c++) {
                long start = threads.getCurrentThreadCpuTime();
                sink += cases.get(c).encode();
                long middle = threads.getCurrentThreadCpuTime();
                sink += cases.get(c).decode();
                long end = threads.getCurrentThreadCpuTime();
                if (round >= 0) {
                    encodeNanos[c][round] = middle - start;
                    decodeNanos[c][round] = end - middle;
                }
            }
        }
        double plain = cases.get(0).encodedLength();
        long n = cases.get(0).rowsRead();
        System.out.printf(Locale.ROOT, "lineitem, %,d rows, all 16 columns: %,.0f bytes as uncompressed Arrow IPC%n", n,
                plain);
        System.out.printf(Locale.ROOT, "%-18s %10s %8s %12s %12s %16s %16s%n", "codec", "bytes", "ratio",
                "encode MB/s", "decode MB/s", "encode rows/s", "decode rows/s");
        for (int c = 0; c < cases.size(); c++) {
            double encodeSeconds = median(encodeNanos[c]) / 1e9;
            double decodeSeconds = median(decodeNanos[c]) / 1e9;
            ShuffleCodecBenchmark b = cases.get(c);
            System.out.printf(Locale.ROOT, "%-18s %,10d %8.2f %12.0f %12.0f %,16.0f %,16.0f%n", b.codec,
                    b.encodedLength(), plain / b.encodedLength(), plain / 1e6 / encodeSeconds,
                    plain / 1e6 / decodeSeconds, n / encodeSeconds, n / decodeSeconds);
            b.tearDown();
        }
        System.out.println("(checksum " + sink + ")");
    }

    /** The median of {@code nanos} (the upper one of an even count); also the other CPU-time runners'. */
    static double median(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
