package io.updraft.worker;

import io.updraft.engine.TaskRunner;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkerSettingsTest {
    private static final Path TMP = Path.of("/tmp");

    @Test
    void taskMemoryIsHalfOfTheFunctionMemory() {
        WorkerSettings s = WorkerSettings.from(Map.of("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "3008"), TMP);
        assertThat(s.memoryMb()).isEqualTo(3008);
        assertThat(s.taskMemoryBytes()).isEqualTo(1504L * 1024 * 1024);
        assertThat(s.snapStart()).isFalse();
        assertThat(WorkerSettings.from(Map.of("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "10240"), TMP).taskMemoryBytes())
                .isEqualTo(5120L * 1024 * 1024);
    }

    @Test
    void withoutTheVariableTheEngineDefaultApplies() {
        assertThat(WorkerSettings.from(Map.of(), TMP).taskMemoryBytes()).isEqualTo(TaskRunner.DEFAULT_TASK_MEMORY_BYTES);
    }

    @Test
    void snapStartIsReadFromTheInitializationType() {
        assertThat(WorkerSettings.from(Map.of("AWS_LAMBDA_INITIALIZATION_TYPE", "snap-start"), TMP).snapStart()).isTrue();
        assertThat(WorkerSettings.from(Map.of("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand"), TMP).snapStart()).isFalse();
    }

    @Test
    void theRunnerGivesTasksTheDerivedMemory() {
        WorkerSettings s = WorkerSettings.from(Map.of("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "1024"), TMP);
        WorkerRuntime runtime = new WorkerRuntime(s);
        try {
            assertThat(runtime.runner().defaultTaskMemoryBytes()).isEqualTo(512L * 1024 * 1024);
        } finally {
            runtime.root().close();
        }
    }

    @Test
    void aBadMemorySizeFailsNamingTheVariable() {
        assertThatThrownBy(() -> WorkerSettings.from(Map.of("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "lots"), TMP))
                .hasMessageContaining("AWS_LAMBDA_FUNCTION_MEMORY_SIZE");
        assertThatThrownBy(() -> WorkerSettings.from(Map.of("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "64"), TMP))
                .hasMessageContaining("at least 128");
    }
}
