package io.updraft.bench;

import io.updraft.coordinator.summary.StageMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CostModelRunTest {
    @Test
    void q6AtSf001IsMeasuredAndPricedAtSf1000(@TempDir Path tmp) {
        BenchmarkOptions options = new BenchmarkOptions(0.01, TpchTestData.sf001(), List.of(6), 1, 0, 2, false,
                tmp.resolve("out"), null, List.of(), 0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Map<Integer, Map<String, List<StageMetrics>>> measured = CostModelRun.run(options, List.of(1000.0),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);

        assertThat(measured.get(6)).as("Q6 joins nothing: one plan").containsOnlyKeys(CostModelRun.AS_PLANNED);
        List<StageMetrics> stages = measured.get(6).get(CostModelRun.AS_PLANNED);
        assertThat(stages).hasSizeGreaterThanOrEqualTo(2);   // the scan with its partial sum, then the final sum
        StageMetrics scan = stages.getFirst();
        assertThat(scan.totals().bytesRead()).isPositive();
        assertThat(scan.totals().cpuNanos()).isPositive();   // measured by the task runner, summed per stage
        assertThat(scan.totals().cpuNanos()).isLessThanOrEqualTo(scan.totals().elapsedNanos() * 2);
        assertThat(scan.totals().shuffleBytesWritten()).isPositive();

        CostModel.QueryCost cost = new CostModel(CostModel.DEFAULTS).price(stages, 0.01, 1000, CostPrices.ARM_S3);
        assertThat(cost.stages().getFirst().work().inputBytes()).isEqualTo(Math.round(scan.totals().bytesRead() * 1e5));
        assertThat(cost.stages().getFirst().work().fixedOutputPerTask()).isTrue();   // one partial sum per task
        assertThat(cost.stages().getFirst().tasks()).isGreaterThan(scan.tasks());
        assertThat(cost.dollars()).isPositive();
        assertThat(cost.lambdaDollars()).isLessThan(cost.dollars());

        assertThat(out).contains("Q6 measured at SF 0.01: " + stages.size() + " stages");
        assertThat(out).contains("  SF 1000, stages as chosen for x86_64 + S3 Standard (as planned):");
        assertThat(out).containsPattern("    arm64 \\+ S3 Standard +\\d+\\.\\d s +\\d+\\.\\d{3}¢ = Lambda");
        assertThat(out).containsPattern("    x86_64 \\+ S3 Express One Zone +\\d+\\.\\d s");
        assertThat(out).contains("    Skyrise, SF 1000                   5.7 s     4.870¢ compute (published)");
    }
}
