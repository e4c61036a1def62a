package io.updraft.cli;

import io.updraft.bench.TpchData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DemoCommandTest {
    @Test
    void defaultDataFolderIsUnderTheCheckout() {
        DemoCommand demo = DemoCommand.parse(List.of(), "/opt/updraft");
        assertThat(demo.scale()).isEqualTo(0.1);
        assertThat(demo.dataDir()).isEqualTo(Path.of("/opt/updraft/data/tpch/sf0.1"));
        assertThat(DemoCommand.parse(List.of("--scale", "1.0"), "/opt/updraft").dataDir())
                .isEqualTo(Path.of("/opt/updraft/data/tpch/sf1"));
        assertThat(DemoCommand.parse(List.of("--data=/tmp/x"), "/opt/updraft").dataDir()).isEqualTo(Path.of("/tmp/x"));
    }

    @Test
    void runsQ1AndQ6AtATinyScaleThenReusesTheData(@TempDir Path tmp) {
        Path data = tmp.resolve("sf0.001");
        CliRun first = CliRun.of("demo", "--scale", "0.001", "--data", data.toString());

        assertThat(first.err()).isEmpty();
        assertThat(first.status()).isZero();
        assertThat(first.out()).contains("Generating TPC-H SF 0.001 into " + data, "Generated TPC-H SF 0.001 (",
                "== TPC-H Q1: pricing summary report (Dataset API) ==", "[Stage 1/",
                "|l_returnflag|l_linestatus|", "TPC-H Q1: ",
                "== TPC-H Q6: forecasting revenue change (Dataset API) ==", "   revenue|", "TPC-H Q6: ");
        assertThat(TpchData.isComplete(data)).isTrue();

        CliRun second = CliRun.of("demo", "--scale", "0.001", "--data", data.toString());
        assertThat(second.status()).isZero();
        assertThat(second.out()).contains("Using TPC-H SF 0.001 from " + data).doesNotContain("Generating");
    }
}
