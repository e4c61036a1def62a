package io.updraft.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BenchmarkReportTest {
    private static final List<Row> ANSWER = List.of(Row.of(new BigDecimal("1.50"), 3L));

    private static EngineResult ok(double millis, List<Row> rows) {
        return EngineResult.ok(List.of(millis * 2, millis, millis / 2 + millis / 2), List.of(), rows.size(), rows);
    }

    private static EngineResult unsupported() {
        return EngineResult.failed(EngineResult.Outcome.UNSUPPORTED, "[UNSUPPORTED_FEATURE] JOIN");
    }

    @Test
    void statusSaysWhatUpdraftDidThenWhatElseWentWrong() {
        List<Row> wrong = List.of(Row.of(new BigDecimal("1.51"), 3L));
        assertThat(new QueryComparison(6, ok(10, ANSWER), null, ok(5, ANSWER), ok(20, ANSWER)).status()).isEqualTo("ok");
        assertThat(new QueryComparison(6, ok(10, List.of(Row.of(1.5, 3)))  , null, ok(5, ANSWER), null).status())
                .isEqualTo("ok");
        assertThat(new QueryComparison(6, ok(10, wrong), null, ok(5, ANSWER), null).status())
                .startsWith("MISMATCH: row 0, column 1: expected 1.50");
        assertThat(new QueryComparison(2, unsupported(), null, ok(5, ANSWER), ok(9, ANSWER)).status())
                .isEqualTo("unsupported: [UNSUPPORTED_FEATURE] JOIN");
        assertThat(new QueryComparison(1, unsupported(), unsupported(), ok(5, ANSWER), null).status())
                .isEqualTo("unsupported: [UNSUPPORTED_FEATURE] JOIN; dataset: the same");
        assertThat(new QueryComparison(1, ok(10, ANSWER), ok(10, wrong), ok(5, ANSWER), ok(9, wrong)).status())
                .startsWith("ok; dataset MISMATCH: row 0").contains("; spark MISMATCH: row 0");
        assertThat(new QueryComparison(1, ok(10, ANSWER), null, EngineResult.failed(EngineResult.Outcome.ERROR, "oom"),
                null).status()).isEqualTo("unchecked; duckdb error: oom");
    }

    @Test
    void ratiosUseMediansAndMeansCountOnlyQueriesEveryEngineGotRight() {
        List<Row> wrong = List.of(Row.of(new BigDecimal("9"), 3L));
        BenchmarkReport report = report(true,
                new QueryComparison(1, ok(20, ANSWER), null, ok(10, ANSWER), ok(40, ANSWER)),   // 2 and 0.5
                new QueryComparison(6, ok(80, ANSWER), null, ok(10, ANSWER), ok(20, ANSWER)),   // 8 and 4
                new QueryComparison(3, ok(10, wrong), null, ok(10, ANSWER), ok(10, ANSWER)),    // wrong answer
                new QueryComparison(2, unsupported(), null, ok(10, ANSWER), ok(1000, ANSWER)));

        assertThat(report.queries().get(0).updraftOverDuckDb()).isCloseTo(2.0, within(1e-9));
        assertThat(report.updraftOverDuckDb().queries()).containsExactly(1, 6);
        assertThat(report.updraftOverDuckDb().value()).isCloseTo(4.0, within(1e-9));
        assertThat(report.updraftOverSpark().value()).isCloseTo(Math.sqrt(0.5 * 4), within(1e-9));
        assertThat(report.sparkOverDuckDb().queries()).containsExactly(1, 6, 3, 2);
        assertThat(report.summary())
                .isEqualTo("Updraft: 2 of 4 queries match DuckDB; 1 mismatches, 1 unsupported, 0 errors, 0 timeouts");
    }

    @Test
    void printsOneLinePerQueryUnderTheHeadings() {
        BenchmarkReport report = report(false,
                new QueryComparison(1, ok(20, ANSWER), ok(25, ANSWER), ok(10, ANSWER), null),
                new QueryComparison(2, unsupported(), null, ok(10, ANSWER), null));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        assertThat(lines.get(0)).isEqualTo(
                "query  Updraft ms  Updraft DS ms  DuckDB ms  Spark ms  Updraft/DuckDB  Updraft/Spark  status");
        assertThat(lines.get(1)).isEqualTo(
                "Q1           20.0           25.0       10.0         -            2.00              -  ok");
        assertThat(lines.get(2)).isEqualTo(
                "Q2              -              -       10.0         -               -              -  "
                        + "unsupported: [UNSUPPORTED_FEATURE] JOIN");
        assertThat(lines).contains("Geometric mean Updraft/DuckDB over the 1 queries every engine completed (Q1): 2.00",
                "Updraft: 1 of 2 queries match DuckDB; 0 mismatches, 1 unsupported, 0 errors, 0 timeouts");
        assertThat(lines).noneMatch(line -> line.contains("Spark/DuckDB"));
    }

    @Test
    void writesCsvAndJson(@TempDir Path tmp) throws Exception {
        BenchmarkReport report = new BenchmarkReport(options(true, tmp.resolve("run")), List.of("DuckDB v2"),
                List.of(new QueryComparison(1, ok(20, ANSWER), null, ok(10, ANSWER), ok(40, ANSWER)),
                        new QueryComparison(2, unsupported(), null, ok(10, ANSWER), ok(30, ANSWER))),
                List.of("a note, with a comma"));
        report.write();

        List<String> csv = Files.readAllLines(tmp.resolve("run.csv"));
        assertThat(csv).containsExactly(
                "query,updraft_ms,updraft_dataset_ms,duckdb_ms,spark_ms,updraft_duckdb_ratio,updraft_spark_ratio,"
                        + "spark_duckdb_ratio,updraft_rows,duckdb_rows,spark_rows,status",
                "q1,20.000,,10.000,40.000,2.000,0.500,4.000,1,1,1,ok",
                "q2,,,10.000,30.000,,,3.000,,1,1,unsupported: [UNSUPPORTED_FEATURE] JOIN");
        JsonNode json = new ObjectMapper().readTree(tmp.resolve("run.json").toFile());
        assertThat(json.path("queries").size()).isEqualTo(2);
        assertThat(json.path("queries").path(0).path("updraft").path("millis").size()).isEqualTo(3);
        assertThat(json.path("queries").path(0).path("updraft").path("medianMillis").asDouble()).isEqualTo(20.0);
        assertThat(json.path("queries").path(1).path("updraft").path("message").asText())
                .isEqualTo("[UNSUPPORTED_FEATURE] JOIN");
        assertThat(json.path("geometricMeans").path("updraftOverSpark").path("value").asDouble()).isEqualTo(0.5);
        assertThat(json.path("geometricMeans").path("sparkOverDuckDb").path("queries").size()).isEqualTo(2);
        assertThat(json.path("notes").path(0).asText()).isEqualTo("a note, with a comma");
    }

    @Test
    void ratiosPrintWithTwoOneOrNoDecimals() {
        assertThat(BenchmarkReport.ratio(0.123)).isEqualTo("0.12");
        assertThat(BenchmarkReport.ratio(12.34)).isEqualTo("12.3");
        assertThat(BenchmarkReport.ratio(123.4)).isEqualTo("123");
        assertThat(BenchmarkReport.ratio(Double.NaN)).isEqualTo("-");
    }

    private static BenchmarkReport report(boolean spark, QueryComparison... queries) {
        return new BenchmarkReport(options(spark, Path.of("/tmp/unused")), List.of(), List.of(queries), List.of());
    }

    private static BenchmarkOptions options(boolean spark, Path out) {
        return new BenchmarkOptions(1, Path.of("/data"), List.of(1), 3, 1, 2, spark, out,
                spark ? Path.of("/checkout") : null, List.of(), 300);
    }
}
