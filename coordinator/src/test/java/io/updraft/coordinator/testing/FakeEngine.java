package io.updraft.coordinator.testing;

import io.updraft.core.plan.InlineBatches;
import io.updraft.core.plan.Operator;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.core.plan.ShuffleRead;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.task.ShuffleOutput;
import io.updraft.core.task.TaskMetrics;
import io.updraft.core.task.TaskResult;
import io.updraft.core.task.TaskSpec;
import io.updraft.shuffle.format.ShuffleKeys;

import java.util.ArrayList;
import java.util.List;

/**
 * Stand-in worker for scheduler tests. A map task (ShuffleWrite root) "writes" its object to a
 * {@link MemoryObjectStore} under the real key (partition p at offset 100·p, length 10 + p, one row) and
 * returns the ShuffleOutput; any other task returns one "batch": the text of what its leaves read (scan
 * splits, shuffle blocks as key@offset+length, inline batches).
 */
public final class FakeEngine {
    private final MemoryObjectStore store;

    public FakeEngine(MemoryObjectStore store) {
        this.store = store;
    }

    public TaskResult run(TaskSpec spec) {
        TaskMetrics metrics = new TaskMetrics(10, 1000, 1, 0, 10, 1_000_000, 0, 0, 0, 0, 3);
        if (spec.plan() instanceof ShuffleWrite w) {
            String key = ShuffleKeys.mapOutput(spec.jobId(), spec.stageId(), spec.taskId(), spec.attempt());
            List<Long> offsets = new ArrayList<>();
            List<Long> lengths = new ArrayList<>();
            List<Long> rows = new ArrayList<>();
            for (int p = 0; p < w.numPartitions(); p++) {
                offsets.add(100L * p);
                lengths.add(10L + p);
                rows.add(1L);
            }
            store.put(key, new byte[100 * w.numPartitions()]);
            TaskMetrics map = new TaskMetrics(10, 1000, 1, 0, 10, 1_000_000, 0, 0, 100L * w.numPartitions(), 0, 1);
            return TaskResult.shuffleSuccess(spec, w.schema(), new ShuffleOutput(key, offsets, lengths, rows), map);
        }
        return TaskResult.success(spec, spec.plan().schema(), List.of(describeLeaves(spec.plan())), metrics);
    }

    /** What the leaves of a pipeline read, e.g. "read[k1@0+10,k2@0+10]" or "scan[/a.parquet]". */
    public static String describeLeaves(Operator op) {
        if (!op.children().isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (Operator c : op.children()) {
                parts.add(describeLeaves(c));
            }
            return String.join(" ", parts);
        }
        return switch (op) {
            case ShuffleRead r -> "read" + r.blocks().stream().map(FakeEngine::block).toList();
            case FileScan s -> "scan" + s.splits().stream().map(f -> f.path() + f.rowGroups()).toList();
            case InlineBatches i -> "inline" + i.arrowIpcBase64();
            default -> op.getClass().getSimpleName();
        };
    }

    private static String block(ShuffleBlock b) {
        return b.key() + "@" + b.offset() + "+" + b.length();
    }
}
