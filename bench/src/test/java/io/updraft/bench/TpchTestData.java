package io.updraft.bench;

import java.nio.file.Path;

/** TPC-H at SF 0.01 under target/, generated once per build and shared by every test class. */
final class TpchTestData {
    static final double SCALE = 0.01;
    private static Path dir;

    private TpchTestData() {
    }

    static synchronized Path sf001() {
        if (dir == null) {
            dir = TpchData.generate(SCALE, Path.of("target", "tpch-sf0.01")).dir();
        }
        return dir;
    }
}
