package io.updraft.engine;

import io.updraft.core.plan.InlineBatches;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.Operator;
import io.updraft.core.task.TaskCodec;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.LongSupplier;

/**
 * Runs one task attempt: builds the operator pipeline of a {@link TaskSpec}, drains it, and returns
 * the rows as one Arrow IPC stream (base64) with metrics. Each task gets a child allocator of the
 * process-wide allocator given here, closed when the task ends; memory still held then is a leak and
 * fails the task as INTERNAL. Failures never escape: {@link UpdraftException}s keep their type,
 * anything else becomes INTERNAL. Thread-safe: concurrent tasks use separate child allocators.
 * Setting {@value #TASK_MEMORY_BYTES} caps a task's Arrow memory.
 */
public final class TaskRunner {
    public static final String TASK_MEMORY_BYTES = "updraft.taskMemoryBytes";

    private final BufferAllocator rootAllocator;
    private final LongSupplier nanoClock;
    private final BiFunction<Operator, ExecutionContext, BatchOperator> pipelines;

    public TaskRunner(BufferAllocator rootAllocator) {
        this(rootAllocator, System::nanoTime);
    }

    /** With an injected clock for the elapsed-time metric. */
    public TaskRunner(BufferAllocator rootAllocator, LongSupplier nanoClock) {
        this(rootAllocator, nanoClock, PipelineBuilder::build);
    }

    /** With an injected pipeline factory (tests). */
    TaskRunner(BufferAllocator rootAllocator, LongSupplier nanoClock,
               BiFunction<Operator, ExecutionContext, BatchOperator> pipelines) {
        this.rootAllocator = Objects.requireNonNull(rootAllocator, "rootAllocator is null");
        this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock is null");
        this.pipelines = Objects.requireNonNull(pipelines, "pipelines is null");
    }

    /** Decodes a TaskSpec from JSON, runs it, and encodes the TaskResult as JSON. */
    public String runJson(String taskSpecJson) {
        TaskSpec spec;
        try {
            spec = TaskCodec.decodeSpec(taskSpecJson);
        } catch (RuntimeException e) {
            TaskSpec unknown = new TaskSpec("unknown", -1, -1, -1,
                    new InlineBatches(new StructType(List.of()), List.of()), java.util.Map.of());
            return TaskCodec.encode(TaskResult.failure(unknown, ErrorType.INTERNAL,
                    "Could not decode the task spec: " + e.getMessage(), null));
        }
        return TaskCodec.encode(run(spec));
    }

    public TaskResult run(TaskSpec spec) {
        long start = nanoClock.getAsLong();
        String name = "task-" + spec.jobId() + "-" + spec.stageId() + "-" + spec.taskId() + "-" + spec.attempt();
        ExecutionContext context = null;
        BufferAllocator allocator;
        try {
            allocator = rootAllocator.newChildAllocator(name, 0, memoryLimit(spec));
        } catch (RuntimeException e) {
            return failure(spec, e, null, start);
        }
        String ipc = null;
        StructType schema = spec.plan().schema();
        RuntimeException failure = null;
        try {
            context = new ExecutionContext(allocator, spec.config());
            try (BatchOperator pipeline = pipelines.apply(spec.plan(), context)) {
                ipc = drain(pipeline, schema, context);
            }
        } catch (RuntimeException | Error e) {
            failure = e instanceof RuntimeException r ? r : new UpdraftException(ErrorType.INTERNAL,
                    "Internal error: " + e.getClass().getName() + ": " + e.getMessage(), e);
        }
        try {
            allocator.close();
        } catch (RuntimeException e) {
            if (failure == null) {
                failure = new UpdraftException(ErrorType.INTERNAL, "Task " + name + " leaked Arrow memory: "
                        + e.getMessage(), e);
            }
        }
        if (failure != null) {
            return failure(spec, failure, context, start);
        }
        TaskMetrics metrics = context.metrics().toMetrics(nanoClock.getAsLong() - start);
        return TaskResult.success(spec, schema, ipc == null ? List.of() : List.of(ipc), metrics);
    }

    private static long memoryLimit(TaskSpec spec) {
        String text = spec.config().get(TASK_MEMORY_BYTES);
        if (text == null) {
            return Long.MAX_VALUE;
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
        return TaskResult.failure(spec, type, message, metrics);
    }

    private static String at(Throwable e) {
        StackTraceElement[] trace = e.getStackTrace();
        return trace.length == 0 ? "" : " (at " + trace[0] + ")";
    }
}
