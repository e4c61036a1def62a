package io.updraft.cli;

import io.updraft.bench.TpchData;

import java.nio.file.Path;

/** TPC-H at SF 0.01 under target/, generated once per build and shared by the test classes. */
final class CliTestData {
    private static Path dir;

    private CliTestData() {
    }

    static synchronized Path sf001() {
        if (dir == null) {
            dir = TpchData.generate(0.01, Path.of("target", "tpch-sf0.01")).dir();
        }
        return dir;
    }
}
