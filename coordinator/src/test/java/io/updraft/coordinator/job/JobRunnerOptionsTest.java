package io.updraft.coordinator.job;

import io.updraft.coordinator.summary.LambdaPrices;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JobRunnerOptionsTest {
    @Test
    void schedulerSettingsApply() {
        JobRunnerOptions o = JobRunnerOptions.defaults(2).withSettings(Map.ofEntries(
                Map.entry("updraft.task.maxAttempts", "7"),
                Map.entry("updraft.retry.baseDelayMillis", "50"),
                Map.entry("updraft.retry.maxDelayMillis", "2000"),
                Map.entry("updraft.speculation", "true"),
                Map.entry("updraft.speculation.multiplier", "2.5"),
                Map.entry("updraft.speculation.quantile", "0.5"),
                Map.entry("updraft.speculation.minRuntimeMillis", "300"),
                Map.entry("updraft.speculation.intervalMillis", "20"),
                Map.entry("updraft.cost.lambdaGbSecond", "0.00001"),
                Map.entry("updraft.cost.lambdaMillionRequests", "0.3"),
                Map.entry("updraft.cost.s3ThousandPuts", "0.006"),
                Map.entry("updraft.cost.s3ThousandGets", "0.0005"),
                Map.entry("updraft.lambda.memoryMb", "2048"),
                Map.entry("unrelated", "x")));

        assertThat(o.retry()).isEqualTo(new RetryPolicy(7, 50_000_000, 2_000_000_000L));
        assertThat(o.maxAttempts()).isEqualTo(7);
        assertThat(o.speculation()).isEqualTo(new SpeculationPolicy(true, 2.5, 0.5, 300_000_000, 20_000_000));
        assertThat(o.cost()).isEqualTo(new LambdaPrices(0.00001, 0.3, 0.006, 0.0005, 2048));
    }

    @Test
    void defaultsAreSparksAndAwsListPrices() {
        JobRunnerOptions o = JobRunnerOptions.defaults(2).withSettings(Map.of());
        assertThat(o.retry()).isEqualTo(RetryPolicy.DEFAULT);
        assertThat(o.speculation().enabled()).isFalse();
        assertThat(o.speculation().multiplier()).isEqualTo(1.5);
        assertThat(o.speculation().quantile()).isEqualTo(0.75);
        assertThat(o.cost()).isEqualTo(new LambdaPrices(0.0000166667, 0.20, 0.005, 0.0004, 3008));
    }

    @Test
    void badValuesNameTheSetting() {
        JobRunnerOptions d = JobRunnerOptions.defaults(1);
        assertThatThrownBy(() -> d.withSettings(Map.of("updraft.task.maxAttempts", "0")))
                .hasMessage("Setting updraft.task.maxAttempts must be an integer >= 1, was '0'");
        assertThatThrownBy(() -> d.withSettings(Map.of("updraft.speculation", "yes")))
                .hasMessage("Setting updraft.speculation must be true or false, was 'yes'");
        assertThatThrownBy(() -> d.withSettings(Map.of("updraft.retry.baseDelayMillis", "-1")))
                .hasMessage("Setting updraft.retry.baseDelayMillis must be a number of milliseconds >= 0, was '-1'");
        assertThatThrownBy(() -> d.withSettings(Map.of("updraft.speculation.quantile", "1.5")))
                .hasMessage("speculation quantile must be in (0, 1], was 1.5");
        assertThatThrownBy(() -> d.withSettings(Map.of("updraft.lambda.memoryMb", "64")))
                .hasMessage("Setting updraft.lambda.memoryMb must be an integer >= 128, was '64'");
    }
}
