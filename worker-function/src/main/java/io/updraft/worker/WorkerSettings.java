package io.updraft.worker;

import io.updraft.engine.TaskRunner;

import java.nio.file.Path;
import java.util.Map;

/**
 * What the worker derives from its Lambda environment at init (the one place it reads it): the function's memory size
 * ({@code AWS_LAMBDA_FUNCTION_MEMORY_SIZE}, MB) and from it the default task memory — {@link #TASK_MEMORY_FRACTION}
 * of it, the rest left to the JVM heap (25 % by default), metaspace, code, threads and Netty — whether the
 * environment is a SnapStart one ({@code AWS_LAMBDA_INITIALIZATION_TYPE=snap-start}), and the spill folder. A
 * task's {@code updraft.taskMemoryBytes} still wins. Without the variable (a local run) the engine's default
 * applies. Immutable.
 *
 * @param memoryMb         the function's memory size, or 0 when unknown
 * @param taskMemoryBytes  a task's Arrow memory when its spec does not set {@code updraft.taskMemoryBytes}
 * @param snapStart        whether this environment is restored from a SnapStart snapshot
 * @param spillBase        where tasks spill ({@code java.io.tmpdir}: /tmp on Lambda)
 */
record WorkerSettings(int memoryMb, long taskMemoryBytes, boolean snapStart, Path spillBase) {
    /** Share of the function's memory a task's Arrow allocator may use. */
    static final double TASK_MEMORY_FRACTION = 0.5;
    static final String MEMORY_SIZE_ENV = "AWS_LAMBDA_FUNCTION_MEMORY_SIZE";
    static final String INITIALIZATION_TYPE_ENV = "AWS_LAMBDA_INITIALIZATION_TYPE";
    /** Lambda's /tmp with SnapStart is at most 512 MB (AWS: SnapStart supports no larger ephemeral storage). */
    static final long SNAP_START_TMP_BYTES = 512L * 1000 * 1000;

    WorkerSettings {
        if (memoryMb < 0 || taskMemoryBytes <= 0) {
            throw new IllegalArgumentException("memory must be positive: " + memoryMb + " MB, task " + taskMemoryBytes);
        }
    }

    /** From the process environment. */
    static WorkerSettings fromEnvironment() {
        return from(System.getenv(), Path.of(System.getProperty("java.io.tmpdir")));
    }

    static WorkerSettings from(Map<String, String> env, Path tmp) {
        String text = env.get(MEMORY_SIZE_ENV);
        int memoryMb = 0;
        if (text != null && !text.isBlank()) {
            try {
                memoryMb = Integer.parseInt(text.trim());
            } catch (NumberFormatException e) {
                throw new IllegalStateException(MEMORY_SIZE_ENV + " is not a number of MB: '" + text + "'", e);
            }
            if (memoryMb < 128) {
                throw new IllegalStateException(MEMORY_SIZE_ENV + " must be at least 128 (MB), was " + memoryMb);
            }
        }
        long taskMemory = memoryMb == 0 ? TaskRunner.DEFAULT_TASK_MEMORY_BYTES
                : (long) (memoryMb * TASK_MEMORY_FRACTION) * 1024 * 1024;
        boolean snapStart = "snap-start".equals(env.get(INITIALIZATION_TYPE_ENV));
        return new WorkerSettings(memoryMb, taskMemory, snapStart, tmp);
    }
}
