package io.updraft.engine;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Operator;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.engine.join.BroadcastTables;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.store.ObjectStoreProvider;
import io.updraft.engine.store.ObjectStores;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.LongSupplier;

/**
 * Runs one task attempt: builds the operator pipeline of a {@link TaskSpec}, drains it, and returns
 * the rows as one Arrow IPC stream (base64) with metrics — or, for a map task (a {@code ShuffleWrite}
 * root), the shuffle object it wrote and no rows. Each task gets a child allocator of the process-wide
 * allocator given here, closed when the task ends; memory still held then is a leak and fails the task as
 * INTERNAL. The task's spill folder is deleted when it ends. Failures never escape:
 * {@link UpdraftException}s keep their type, error class and SQLSTATE, anything else becomes INTERNAL. Thread-safe: concurrent tasks
 * use separate child allocators. Setting {@value #TASK_MEMORY_BYTES} caps a task's Arrow memory (default
 * {@value #DEFAULT_TASK_MEMORY_BYTES} bytes, at most the process allocator's limit); operators that hold
 * state spill to local disk well before that (see {@link ExecutionContext#shouldSpill}).
 * While a task runs, the SLF4J MDC of its thread holds {@value #MDC_JOB}, {@value #MDC_STAGE}, {@value #MDC_TASK}
 * and {@value #MDC_ATTEMPT}; each task logs one line when it ends (INFO on success, WARN with the stack trace for
 * an internal failure).
 */
public final class TaskRunner implements AutoCloseable {
    public static final String MDC_JOB = "jobId";
    public static final String MDC_STAGE = "stageId";
    public static final String MDC_TASK = "taskId";
    public static final String MDC_ATTEMPT = "attempt";
    private static final Logger LOG = LoggerFactory.getLogger(TaskRunner.class);
    public static final String TASK_MEMORY_BYTES = "updraft.taskMemoryBytes";
    public static final long DEFAULT_TASK_MEMORY_BYTES = 512L * 1024 * 1024;

    private final BufferAllocator rootAllocator;
    private final LongSupplier nanoClock;
    private final BiFunction<Operator, ExecutionContext, BatchOperator> pipelines;
    private final ObjectStoreProvider stores;
    private final long defaultTaskMemoryBytes;
    private final BroadcastTables broadcastTables;

    public TaskRunner(BufferAllocator rootAllocator) {
        this(rootAllocator, System::nanoTime);
    }

    /**
     * With the task memory a spec without {@value #TASK_MEMORY_BYTES} gets (the Lambda worker derives it from the
     * function's memory size; see worker-function's README).
     */
    public TaskRunner(BufferAllocator rootAllocator, long defaultTaskMemoryBytes) {
        this(rootAllocator, System::nanoTime, PipelineBuilder::build, ObjectStores.shared(), defaultTaskMemoryBytes);
    }

    /** With an injected clock for the elapsed-time metric. */
    public TaskRunner(BufferAllocator rootAllocator, LongSupplier nanoClock) {
        this(rootAllocator, nanoClock, PipelineBuilder::build, ObjectStores.shared());
    }

    /**
     * With the object stores shuffle and S3 input go through (default: {@link ObjectStores#shared()}, one S3
     * client per process).
     */
    public TaskRunner(BufferAllocator rootAllocator, ObjectStoreProvider stores, LongSupplier nanoClock) {
        this(rootAllocator, nanoClock, PipelineBuilder::build, stores);
    }

    /** With the object stores and the task memory of a spec without {@value #TASK_MEMORY_BYTES} (local mode). */
    public TaskRunner(BufferAllocator rootAllocator, ObjectStoreProvider stores, LongSupplier nanoClock,
                      long defaultTaskMemoryBytes) {
        this(rootAllocator, nanoClock, PipelineBuilder::build, stores, defaultTaskMemoryBytes);
    }

    /** With an injected pipeline factory (tests). */
    TaskRunner(BufferAllocator rootAllocator, LongSupplier nanoClock,
               BiFunction<Operator, ExecutionContext, BatchOperator> pipelines) {
        this(rootAllocator, nanoClock, pipelines, ObjectStores.shared());
    }

    private TaskRunner(BufferAllocator rootAllocator, LongSupplier nanoClock,
                       BiFunction<Operator, ExecutionContext, BatchOperator> pipelines, ObjectStoreProvider stores) {
        this(rootAllocator, nanoClock, pipelines, stores, DEFAULT_TASK_MEMORY_BYTES);
    }

    private TaskRunner(BufferAllocator rootAllocator, LongSupplier nanoClock,
                       BiFunction<Operator, ExecutionContext, BatchOperator> pipelines, ObjectStoreProvider stores,
                       long defaultTaskMemoryBytes) {
        if (defaultTaskMemoryBytes <= 0) {
            throw new IllegalArgumentException("default task memory must be positive, was " + defaultTaskMemoryBytes);
        }
        this.defaultTaskMemoryBytes = defaultTaskMemoryBytes;
        this.rootAllocator = Objects.requireNonNull(rootAllocator, "rootAllocator is null");
        this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock is null");
        this.pipelines = Objects.requireNonNull(pipelines, "pipelines is null");
        this.stores = Objects.requireNonNull(stores, "stores is null");
        this.broadcastTables = new BroadcastTables(rootAllocator, defaultTaskMemoryBytes);
    }

    /** A job ended: its shared broadcast tables are released ({@link BroadcastTables#jobEnded}). */
    public void jobEnded(String jobId) {
        broadcastTables.jobEnded(jobId);
    }

    /** Releases the shared broadcast tables; call after the last task ended, before the root allocator closes. */
    @Override
    public void close() {
        broadcastTables.close();
    }

    /** Decodes a TaskSpec from JSON, runs it, and encodes the TaskResult as JSON. */
    public String runJson(String taskSpecJson) {
        TaskSpec spec;
        try {
            spec = TaskCodec.decodeSpec(taskSpecJson);
        } catch (RuntimeException e) {
            LOG.warn("Could not decode a task spec of {} characters", taskSpecJson.length(), e);
            TaskSpec unknown = new TaskSpec("unknown", -1, -1, -1,
                    new InlineBatches(new StructType(List.of()), List.of()), java.util.Map.of());
            return TaskCodec.encode(TaskResult.failure(unknown, ErrorType.INTERNAL,
                    "Could not decode the task spec: " + e.getMessage(), null));
        }
        return TaskCodec.encode(run(spec));
    }

    public TaskResult run(TaskSpec spec) {
        try (var job = MDC.putCloseable(MDC_JOB, spec.jobId());
             var stage = MDC.putCloseable(MDC_STAGE, String.valueOf(spec.stageId()));
             var task = MDC.putCloseable(MDC_TASK, String.valueOf(spec.taskId()));
             var attempt = MDC.putCloseable(MDC_ATTEMPT, String.valueOf(spec.attempt()))) {
            return runInContext(spec);
        }
    }

    private TaskResult runInContext(TaskSpec spec) {
        long start = nanoClock.getAsLong();
        long cpuStart = threadCpuNanos();
        String name = "task-" + spec.jobId() + "-" + spec.stageId() + "-" + spec.taskId() + "-" + spec.attempt();
        ExecutionContext context = null;
        BufferAllocator allocator;
        try {
            allocator = rootAllocator.newChildAllocator(name, 0,
                    Math.min(memoryLimit(spec), rootAllocator.getLimit()));
        } catch (RuntimeException e) {
            return failure(spec, e, null, start);
        }
        String ipc = null;
        StructType schema = spec.plan().schema();
        RuntimeException failure = null;
        try {
            broadcastTables.taskStarting(spec.jobId(), spec.stageId());
            context = new ExecutionContext(allocator, spec.config(), spec.jobId(), spec.stageId(), spec.taskId(),
                    spec.attempt(), stores, broadcastTables);
            try (BatchOperator pipeline = pipelines.apply(spec.plan(), context)) {
                ipc = drain(pipeline, schema, context);
            }
        } catch (RuntimeException | Error e) {
            failure = e instanceof RuntimeException r ? r : new UpdraftException(ErrorType.INTERNAL,
                    "Internal error: " + e.getClass().getName() + ": " + e.getMessage(), e);
        }
        if (context != null) {
            try {
                context.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    LOG.warn("Task {} failed and its spill folder could not be removed: {}", name, e.getMessage());
                }
            }
        }
        try {
            allocator.close();
        } catch (RuntimeException e) {
            if (failure == null) {
                failure = new UpdraftException(ErrorType.INTERNAL, "Task " + name + " leaked Arrow memory: "
                        + e.getMessage(), e);
            }
        }
        if (failure != null && !(failure instanceof TaskCancelledException) && Thread.currentThread().isInterrupted()) {
            // an interrupted read (ClosedByInterruptException and the like): the task was cancelled
            failure = new TaskCancelledException("Task " + name + " was cancelled (" + failure.getMessage() + ")");
        }
        if (failure != null) {
            return failure(spec, failure, context, start);
        }
        TaskMetrics metrics = context.metrics().toMetrics(nanoClock.getAsLong() - start)
                .withCpuNanos(Math.max(0, threadCpuNanos() - cpuStart));
        LOG.info("Task {} succeeded in {} ms: {} rows out", name, (nanoClock.getAsLong() - start) / 1_000_000,
                metrics.rowsOutput());
        if (context.writtenFiles() != null) {
            return TaskResult.writeSuccess(spec, schema, context.writtenFiles(), metrics);
        }
        if (context.shuffleOutput() != null) {
            return TaskResult.shuffleSuccess(spec, schema, context.shuffleOutput(), metrics);
        }
        return TaskResult.success(spec, schema, ipc == null ? List.of() : List.of(ipc), metrics);
    }

    /** CPU time of this thread (a task runs on one thread), 0 where the JVM does not measure it. */
    static long threadCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            return 0;
        }
        long nanos = threads.getCurrentThreadCpuTime();
        return Math.max(nanos, 0);
    }

    /** The task memory of a spec without {@value #TASK_MEMORY_BYTES}. */
    public long defaultTaskMemoryBytes() {
        return defaultTaskMemoryBytes;
    }

    private long memoryLimit(TaskSpec spec) {
        String text = spec.config().get(TASK_MEMORY_BYTES);
        if (text == null) {
            return defaultTaskMemoryBytes;
        }
        try {
            long limit = Long.parseLong(text.trim());
            if (limit > 0) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw UpdraftException.user("Setting " + TASK_MEMORY_BYTES + " must be a positive number of bytes, was '"
                + text + "'");
    }

    /** Pulls every batch into one IPC stream; null when no row was produced. */
    private static String drain(BatchOperator pipeline, StructType schema, ExecutionContext context) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long rows = 0;
        try (VectorSchemaRoot root = VectorSchemaRoot.create(ArrowTypes.toArrowSchema(schema), context.allocator());
             ArrowStreamWriter writer = new ArrowStreamWriter(root, null, bytes)) {
            writer.start();
            while (true) {
                context.checkCancelled();
                Batch batch = pipeline.next();
                if (batch == null) {
                    break;
                }
                try (batch) {
                    if (batch.rowCount() == 0) {
                        continue;
                    }
                    load(root, batch);
                    writer.writeBatch();
                    rows += batch.rowCount();
                }
            }
            writer.end();
        } catch (IOException e) {
            throw new UpdraftException(ErrorType.INTERNAL, "cannot write Arrow IPC output: " + e.getMessage(), e);
        }
        context.metrics().addRowsOutput(rows);
        return rows == 0 ? null : Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    /** Moves the batch's vectors into the root's (no copy). */
    static void load(VectorSchemaRoot root, Batch batch) {
        List<FieldVector> targets = root.getFieldVectors();
        if (targets.size() != batch.columnCount()) {
            throw new UpdraftException(ErrorType.INTERNAL, "pipeline produced " + batch.columnCount()
                    + " columns but its schema has " + targets.size());
        }
        for (int i = 0; i < targets.size(); i++) {
            FieldVector source = batch.vector(i);
            FieldVector target = targets.get(i);
            if (!source.getField().getType().equals(target.getField().getType())) {
                throw new UpdraftException(ErrorType.INTERNAL, "column " + i + " (" + target.getName()
                        + ") was produced as " + source.getField().getType() + " but the schema says "
                        + target.getField().getType());
            }
            source.makeTransferPair(target).transfer();
        }
        root.setRowCount(batch.rowCount());
    }

    private TaskResult failure(TaskSpec spec, RuntimeException e, ExecutionContext context, long start) {
        ErrorType type;
        String message;
        if (e instanceof UpdraftException u) {
            type = u.type();
            message = u.getMessage();
        } else if (e instanceof OutOfMemoryException) {
            type = ErrorType.INTERNAL;
            message = "Task ran out of Arrow memory: " + e.getMessage();
        } else {
            type = ErrorType.INTERNAL;
            message = "Internal error: " + e.getClass().getName() + (e.getMessage() == null ? "" : ": "
                    + e.getMessage()) + at(e);
        }
        TaskMetrics metrics = context == null ? null : context.metrics().toMetrics(nanoClock.getAsLong() - start);
        long millis = (nanoClock.getAsLong() - start) / 1_000_000;
        if (e instanceof TaskCancelledException) {
            LOG.debug("Task cancelled after {} ms", millis);
        } else if (type == ErrorType.INTERNAL) {
            LOG.warn("Task failed after {} ms ({}): {}", millis, type, message, e);
        } else {
            LOG.info("Task failed after {} ms ({}): {}", millis, type, message);
        }
        if (e instanceof UpdraftException u) {
            return TaskResult.failure(spec, u, metrics);   // type, error class, SQLSTATE, lost shuffle object
        }
        return TaskResult.failure(spec, type, message, metrics);
    }

    private static String at(Throwable e) {
        StackTraceElement[] trace = e.getStackTrace();
        return trace.length == 0 ? "" : " (at " + trace[0] + ")";
    }
}
