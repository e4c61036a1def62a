package io.updraft.coordinator;

import io.updraft.engine.TaskRunner;

/**
 * The task memory of local mode (the one place it is derived): a task whose spec does not set
 * {@value TaskRunner#TASK_MEMORY_BYTES} may use {@link #HEAP_FRACTION} of the JVM's maximum heap divided by the
 * number of task threads, at least {@link #MIN_TASK_MEMORY_BYTES}. The other half of the heap is the head-room for
 * what no task budget counts: shuffle map outputs assembled before their write, decoded results, the planner,
 * footers. Arrow buffers are off-heap, so the budget is not heap in the strict sense; but the heap-side state of
 * operators (accumulators, hash-table arrays) counts in it, and a user sizes the process by {@code -Xmx}, as in
 * Spark, whose execution memory is a share of the heap split among the running tasks. Without a heap limit the
 * engine's {@value TaskRunner#DEFAULT_TASK_MEMORY_BYTES}-byte default applies. (Lambda: half of the function's
 * memory, worker-function's {@code WorkerSettings}.)
 */
public final class LocalTaskMemory {
    /** Share of the maximum heap the concurrent tasks of local mode may use between them. */
    public static final double HEAP_FRACTION = 0.5;
    /** Floor of the derived task memory (tiny heaps, many threads). */
    public static final long MIN_TASK_MEMORY_BYTES = 64L * 1024 * 1024;

    private LocalTaskMemory() {
    }

    /** The default task memory for {@code threads} task threads in a JVM whose maximum heap is this one's. */
    public static long taskMemoryBytes(int threads) {
        return taskMemoryBytes(Runtime.getRuntime().maxMemory(), threads);
    }

    /**
     * {@link #HEAP_FRACTION} of {@code maxHeapBytes} over {@code threads}, at least {@link #MIN_TASK_MEMORY_BYTES};
     * {@value TaskRunner#DEFAULT_TASK_MEMORY_BYTES} when the heap has no limit ({@link Long#MAX_VALUE}, as
     * {@link Runtime#maxMemory()} reports it).
     */
    public static long taskMemoryBytes(long maxHeapBytes, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, was " + threads);
        }
        if (maxHeapBytes <= 0) {
            throw new IllegalArgumentException("maxHeapBytes must be positive, was " + maxHeapBytes);
        }
        if (maxHeapBytes == Long.MAX_VALUE) {
            return TaskRunner.DEFAULT_TASK_MEMORY_BYTES;
        }
        return Math.max(MIN_TASK_MEMORY_BYTES, (long) (maxHeapBytes * HEAP_FRACTION) / threads);
    }
}
