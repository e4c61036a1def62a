package io.updraft.coordinator;

import io.updraft.engine.TaskRunner;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Local mode's default task memory: half the heap over the task threads. */
class LocalTaskMemoryTest {
    private static final long GIB = 1L << 30;

    @Test
    void halfTheHeapIsSharedByTheTaskThreads() {
        assertThat(LocalTaskMemory.taskMemoryBytes(12 * GIB, 2)).isEqualTo(3 * GIB);
        assertThat(LocalTaskMemory.taskMemoryBytes(12 * GIB, 1)).isEqualTo(6 * GIB);
        assertThat(LocalTaskMemory.taskMemoryBytes(4 * GIB, 8)).isEqualTo(256L << 20);
    }

    @Test
    void aSmallHeapStillGivesTheFloorAndNoLimitTheEnginesDefault() {
        assertThat(LocalTaskMemory.taskMemoryBytes(256L << 20, 16)).isEqualTo(LocalTaskMemory.MIN_TASK_MEMORY_BYTES);
        assertThat(LocalTaskMemory.taskMemoryBytes(Long.MAX_VALUE, 2)).isEqualTo(TaskRunner.DEFAULT_TASK_MEMORY_BYTES);
        assertThatThrownBy(() -> LocalTaskMemory.taskMemoryBytes(GIB, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theClusterGivesItsTasksTheDerivedMemory() {
        try (LocalCluster cluster = LocalCluster.start(3)) {
            assertThat(cluster.defaultTaskMemoryBytes())
                    .isEqualTo(LocalTaskMemory.taskMemoryBytes(Runtime.getRuntime().maxMemory(), 3));
        }
    }
}
