package io.updraft.bench;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchmarkOptionsTest {
    @Test
    void parsesQueryLists() {
        assertThat(BenchmarkOptions.parseQueries("all")).hasSize(22).startsWith(1, 2).endsWith(22);
        assertThat(BenchmarkOptions.parseQueries("ALL")).hasSize(22);
        assertThat(BenchmarkOptions.parseQueries("1,3,6")).containsExactly(1, 3, 6);
        assertThat(BenchmarkOptions.parseQueries("q6, Q1")).containsExactly(6, 1);
        assertThat(BenchmarkOptions.parseQueries("6,6,1")).containsExactly(6, 1);
    }

    @Test
    void rejectsWordsThatAreNotQueryNumbers() {
        assertUserError(() -> BenchmarkOptions.parseQueries("1,x"), "got 'x'");
        assertUserError(() -> BenchmarkOptions.parseQueries("23"), "queries 1 to 22, not 23");
        assertUserError(() -> BenchmarkOptions.parseQueries("0"), "not 0");
        assertUserError(() -> BenchmarkOptions.parseQueries(""), "got ''");
    }

    @Test
    void checksEverySetting() {
        Path data = Path.of("/data");
        Path out = Path.of("/out/run");
        assertUserError(() -> new BenchmarkOptions(0, data, List.of(1), 1, 0, 2, false, out, null, List.of(), 300),
                "positive number");
        assertUserError(() -> new BenchmarkOptions(1, data, List.of(), 1, 0, 2, false, out, null, List.of(), 300), "no query");
        assertUserError(() -> new BenchmarkOptions(1, data, List.of(1, 1), 1, 0, 2, false, out, null, List.of(), 300),
                "twice");
        assertUserError(() -> new BenchmarkOptions(1, data, List.of(1), 0, 0, 2, false, out, null, List.of(), 300),
                "runs must be at least 1");
        assertUserError(() -> new BenchmarkOptions(1, data, List.of(1), 1, -1, 2, false, out, null, List.of(), 300),
                "warm-up");
        assertUserError(() -> new BenchmarkOptions(1, data, List.of(1), 1, 0, 0, false, out, null, List.of(), 300),
                "threads");
        assertUserError(() -> new BenchmarkOptions(1, data, List.of(1), 1, 0, 2, true, out, null, List.of(), 300),
                "checkout");
    }

    @Test
    void aNegativeTimeoutIsRejected() {
        assertUserError(() -> new BenchmarkOptions(1, Path.of("/d"), List.of(1), 1, 0, 2, false, Path.of("/o"), null,
                List.of(), -1), "timeout");
    }

    @Test
    void outputFilesSitNextToTheBase() {
        BenchmarkOptions options = new BenchmarkOptions(1, Path.of("/data"), List.of(1), 1, 0, 2, false,
                Path.of("/out/run"), null, List.of(), 300);
        assertThat(options.jsonFile()).isEqualTo(Path.of("/out/run.json"));
        assertThat(options.csvFile()).isEqualTo(Path.of("/out/run.csv"));
        assertThat(options.sparkLog()).isEqualTo(Path.of("/out/run-spark.log"));
        assertThat(options.sqlDir()).isEqualTo(Path.of("/out/run-sql"));
    }

    private static void assertUserError(Runnable action, String message) {
        assertThatThrownBy(action::run).isInstanceOfSatisfying(UpdraftException.class,
                e -> assertThat(e.type()).isEqualTo(ErrorType.USER)).hasMessageContaining(message);
    }
}
