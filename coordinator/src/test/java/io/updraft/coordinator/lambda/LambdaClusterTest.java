package io.updraft.coordinator.lambda;

import io.updraft.coordinator.job.JobRunner;
import io.updraft.coordinator.job.JobRunnerOptions;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** master("lambda") wiring without invoking anything: settings, defaults, what tasks receive. */
class LambdaClusterTest {
    @TempDir
    Path dir;

    private Map<String, String> emulatorSettings() {
        Map<String, String> s = new HashMap<>();
        s.put("updraft.lambda.endpoints", "http://127.0.0.1:1,http://127.0.0.1:2,http://127.0.0.1:3");
        s.put("updraft.shuffle.root", dir.toString());
        s.put("updraft.s3.endpoint", "http://127.0.0.1:4566");
        s.put("updraft.lambda.accessKey", "AKIA");
        s.put("updraft.lambda.secretKey", "secret");
        return s;
    }

    @Test
    void tasksGetTheShuffleRootPayloadSettingsAndS3SettingsButNotLambdaCredentials() {
        try (LambdaCluster cluster = LambdaCluster.start(emulatorSettings())) {
            assertThat(cluster.parallelism()).isEqualTo(3);
            JobRunner runner = cluster.jobRunner(cluster.jobOptions(Map.of()).withTaskConfig(
                    Map.of("updraft.lambda.accessKey", "AKIA", "spark.sql.session.timeZone", "UTC")));
            assertThat(runner.options().taskConfig())
                    .containsEntry("updraft.shuffle.root", dir.toString())
                    .containsEntry("updraft.lambda.payloadRoot", dir.toString())
                    .containsEntry("updraft.lambda.maxPayloadBytes", "6000000")
                    .containsEntry("updraft.s3.endpoint", "http://127.0.0.1:4566")
                    .containsEntry("spark.sql.session.timeZone", "UTC")
                    .doesNotContainKeys("updraft.lambda.accessKey", "updraft.lambda.secretKey");
        }
    }

    @Test
    void speculationIsOnByDefaultAndCostUsesTheFunctionMemory() {
        try (LambdaCluster cluster = LambdaCluster.start(emulatorSettings())) {
            JobRunnerOptions options = cluster.jobOptions(Map.of("updraft.lambda.memoryMb", "1769"));
            assertThat(options.speculation().enabled()).isTrue();
            assertThat(options.cost().lambdaMemoryMb()).isEqualTo(1769);
            assertThat(cluster.jobOptions(Map.of("updraft.speculation", "false")).speculation().enabled()).isFalse();
        }
    }

    @Test
    void aShuffleRootIsRequiredAndMustBeS3OnAws() {
        assertThatThrownBy(() -> LambdaCluster.start(Map.of()))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("needs updraft.shuffle.root");
        assertThatThrownBy(() -> LambdaCluster.start(Map.of("updraft.shuffle.root", dir.toString())))
                .hasMessageContaining("must be s3://bucket/prefix");
        assertThatThrownBy(() -> LambdaCluster.start(Map.of("updraft.shuffle.root", "s3://b/p",
                "updraft.lambda.timeoutMillis", "soon")))
                .isInstanceOfSatisfying(UpdraftException.class, e -> assertThat(e.type()).isEqualTo(ErrorType.USER))
                .hasMessageContaining("updraft.lambda.timeoutMillis");
    }
}
