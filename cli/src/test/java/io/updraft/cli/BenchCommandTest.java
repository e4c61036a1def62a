package io.updraft.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.bench.BenchmarkOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BenchCommandTest {
    @Test
    void defaultsAreScaleOneAllQueriesThreeRunsAndSpark() {
        BenchmarkOptions options = BenchCommand.parse(List.of(), "/opt/updraft", null).options();

        assertThat(options.scale()).isEqualTo(1.0);
        assertThat(options.dataDir()).isEqualTo(Path.of("/opt/updraft/data/tpch/sf1"));
        assertThat(options.queries()).hasSize(22);
        assertThat(options.runs()).isEqualTo(3);
        assertThat(options.warmup()).isEqualTo(1);
        assertThat(options.threads()).isEqualTo(2);
        assertThat(options.spark()).isTrue();
        assertThat(options.home()).isEqualTo(Path.of("/opt/updraft"));
        assertThat(options.outBase().getParent()).isEqualTo(Path.of("/opt/updraft/bench/target/bench-results"));
        assertThat(options.outBase().getFileName().toString()).matches("tpch-sf1-\\d{8}-\\d{6}");
        assertThat(options.sparkJavaOptions()).isEmpty();
        assertThat(options.updraftConf()).isEmpty();
        assertThat(options.timeoutSeconds()).isEqualTo(300);
        assertThat(options.dataset()).isTrue();
    }

    @Test
    void parsesEveryOption() {
        BenchmarkOptions options = BenchCommand.parse(List.of("--scale", "0.1", "--data=/d", "--queries", "q6,1",
                "--runs", "5", "--warmup", "0", "--threads", "4", "--timeout", "0", "--no-spark", "--no-dataset", "--out", "/r/result.json",
                "--conf", "updraft.parquet.pageDecoding=false", "--conf=a.b=c=d"),
                "/opt/updraft",
                " -Xmx12g  -Dx=y ").options();

        assertThat(options.scale()).isEqualTo(0.1);
        assertThat(options.dataDir()).isEqualTo(Path.of("/d"));
        assertThat(options.queries()).containsExactly(6, 1);
        assertThat(options.runs()).isEqualTo(5);
        assertThat(options.warmup()).isZero();
        assertThat(options.threads()).isEqualTo(4);
        assertThat(options.spark()).isFalse();
        assertThat(options.dataset()).isFalse();
        assertThat(options.outBase()).isEqualTo(Path.of("/r/result"));
        assertThat(options.sparkJavaOptions()).containsExactly("-Xmx12g", "-Dx=y");
        assertThat(options.timeoutSeconds()).isZero();
        assertThat(options.updraftConf()).containsExactlyInAnyOrderEntriesOf(
                java.util.Map.of("updraft.parquet.pageDecoding", "false", "a.b", "c=d"));
        assertThat(BenchCommand.parse(List.of("--scale", "0.1"), "/opt/updraft", null).options().dataDir())
                .isEqualTo(Path.of("/opt/updraft/data/tpch/sf0.1"));
    }

    @Test
    void modelScalesAreRepeatableOrCommaSeparatedAndLeaveSparkOut() {
        BenchCommand command = BenchCommand.parse(List.of("--model-scale", "100,1000", "--model-scale=10",
                "--model-scale", "1000", "--scale", "0.1"), "/opt/updraft", null);
        assertThat(command.modelScales()).containsExactly(100.0, 1000.0, 10.0);
        assertThat(command.options().spark()).isFalse();   // the model runs Updraft only
        assertThat(command.options().scale()).isEqualTo(0.1);
        assertThat(BenchCommand.parse(List.of(), "/opt/updraft", null).modelScales()).isEmpty();

        assertUsageError(CliRun.of("bench", "--model-scale", "100,x"),
                "updraft: --model-scale must be scale factors separated by commas, e.g. 100,1000; got '100,x'");
        assertUsageError(CliRun.of("bench", "--model-scale", "0"),
                "updraft: --model-scale must be a positive number up to 100000, got '0'");
        assertUsageError(CliRun.of("bench", "--model-scale", "1000,"),
                "updraft: --model-scale must be scale factors separated by commas, e.g. 100,1000; got '1000,'");
        assertThat(CliRun.of("bench", "--help").out()).contains("--model-scale S");
    }

    @Test
    void helpAndUsageErrors() {
        CliRun help = CliRun.of("bench", "--help");
        assertThat(help.status()).isZero();
        assertThat(help.out()).startsWith("Usage: updraft bench [--scale S]").contains("--no-spark");
        assertThat(CliRun.of("help", "bench").out()).isEqualTo(help.out());
        assertThat(CliRun.of("--help").out()).contains("  bench   TPC-H through Updraft, DuckDB and Spark");

        assertUsageError(CliRun.of("bench", "--runs", "0"), "updraft: --runs must be a whole number from 1 to 1000, got '0'");
        assertUsageError(CliRun.of("bench", "--queries", "1,23"), "updraft: TPC-H has queries 1 to 22, not 23");
        assertUsageError(CliRun.of("bench", "--queries", "one"),
                "updraft: queries must be 'all' or numbers 1 to 22 separated by commas, got 'one'");
        assertUsageError(CliRun.of("bench", "--scale", "-1"), "updraft: --scale must be a positive number up to 1000, got '-1'");
        assertUsageError(CliRun.of("bench", "--fast"), "updraft: unknown option '--fast' for updraft bench (see 'updraft bench --help')");
        assertUsageError(CliRun.of("bench", "--conf", "novalue"), "updraft: --conf needs KEY=VALUE, got 'novalue'");
        assertUsageError(CliRun.of("bench", "--warmup"), "updraft: option --warmup needs a value (updraft bench)");
        assertUsageError(CliRun.of("bench", "--timeout", "-5"),
                "updraft: --timeout must be a whole number from 0 to 86400, got '-5'");
    }

    @Test
    void withoutTheDatasetVersionsOnlyTheSqlTextRunsOnUpdraft(@TempDir Path tmp) {
        CliRun run = CliRun.of("bench", "--scale", "0.01", "--data", CliTestData.sf001().toString(), "--no-spark",
                "--no-dataset", "--runs", "1", "--warmup", "0", "--queries", "6", "--out", tmp.resolve("r").toString());

        assertThat(run.status()).isZero();
        assertThat(run.out().lines()).anyMatch(line -> line.matches("  Updraft {4}Q6 +\\d+\\.\\d ms .*"))
                .noneMatch(line -> line.startsWith("  Updraft DS"))
                .anyMatch(line -> line.matches("Q6 +\\d+\\.\\d +- +\\d+\\.\\d +- +\\d+\\.?\\d* +- +ok"));
    }

    @Test
    void runsQ1AndQ6OnUpdraftAndDuckDbAndWritesTheResults(@TempDir Path tmp) throws Exception {
        Path data = CliTestData.sf001();
        Path out = tmp.resolve("results");
        CliRun run = CliRun.of("bench", "--scale", "0.01", "--data", data.toString(), "--no-spark", "--runs", "1",
                "--warmup", "0", "--queries", "1,6", "--out", out.toString());

        assertThat(run.err()).isEmpty();
        assertThat(run.status()).isZero();
        List<String> lines = run.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("TPC-H SF 0.01 from " + data.toAbsolutePath().normalize()
                + ": queries Q1, Q6; 0 warm-up + 1 timed run per query and engine, 2 threads each, runs abandoned "
                + "after 300 s");
        assertThat(lines).anyMatch(line -> line.matches("  DuckDB {5}Q1 +\\d+\\.\\d ms {2}\\(4 rows; runs .*\\)"));
        assertThat(lines).anyMatch(line -> line.matches("  Updraft DS Q6 +\\d+\\.\\d ms {2}\\(1 row; runs .*\\)"));
        int heading = lines.indexOf(
                "query  Updraft ms  Updraft DS ms  DuckDB ms  Spark ms  Updraft/DuckDB  Updraft/Spark  status");
        assertThat(heading).isPositive();
        assertThat(lines.get(heading + 1)).matches("Q1 +\\d+\\.\\d +\\d+\\.\\d +\\d+\\.\\d +- +\\d+\\.?\\d* +- +ok");
        assertThat(lines.get(heading + 2)).matches("Q6 +\\d+\\.\\d +\\d+\\.\\d +\\d+\\.\\d +- +\\d+\\.?\\d* +- +ok");
        assertThat(lines).anyMatch(line -> line.matches(
                "Geometric mean Updraft/DuckDB over the 2 queries every engine completed \\(Q1, Q6\\): \\d+\\.?\\d*"));
        assertThat(lines).contains(
                "Updraft: 2 of 2 queries match DuckDB; 0 mismatches, 0 unsupported, 0 errors, 0 timeouts",
                "Results: " + tmp.resolve("results.json") + " and " + tmp.resolve("results.csv"));
        assertThat(lines).noneMatch(line -> line.contains("Spark/DuckDB") || line.startsWith("  Spark"));

        List<String> csv = Files.readAllLines(tmp.resolve("results.csv"));
        assertThat(csv).hasSize(3);
        assertThat(csv.get(1)).startsWith("q1,").endsWith(",4,4,,ok");
        assertThat(csv.get(2)).startsWith("q6,").endsWith(",1,1,,ok");
        JsonNode json = new ObjectMapper().readTree(tmp.resolve("results.json").toFile());
        assertThat(json.path("scale").asDouble()).isEqualTo(0.01);
        assertThat(json.path("queries").path(0).path("updraftDataset").path("outcome").asText()).isEqualTo("ok");
        assertThat(json.path("queries").path(1).path("status").asText()).isEqualTo("ok");
        assertThat(json.path("geometricMeans").path("updraftOverDuckDb").path("queries").size()).isEqualTo(2);
    }

    private static void assertUsageError(CliRun run, String message) {
        assertThat(run.status()).isEqualTo(Updraft.USER_ERROR);
        assertThat(run.errLines()).containsExactly(message);
        assertThat(run.out()).isEmpty();
    }
}
