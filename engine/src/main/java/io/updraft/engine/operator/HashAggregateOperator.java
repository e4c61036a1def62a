package io.updraft.engine.operator;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateMode;
import io.updraft.core.plan.HashAggregate;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.aggregate.AggregationTable;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.spill.PartitionedSpill;
import io.updraft.engine.spill.SpillFile;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.IntegralKeys;
import io.updraft.engine.vector.Murmur3;
import io.updraft.engine.vector.RowKeys;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

/**
 * Hash aggregation (see {@link AggregateMode}): PARTIAL turns input rows into keys ++ state columns, FINAL
 * merges those into keys ++ results, COMPLETE does both in one step. Groups live in an
 * {@link AggregationTable}. All input is consumed on the first {@link #next()}; without spilling, groups
 * come out in order of first appearance, {@code batchRows} at a time. Without grouping keys exactly one
 * row is produced, even for empty input, in every mode.
 *
 * <p>Spilling: when the table outgrows the task's spill budget, its groups are written as partial states
 * (the PARTIAL layout) to {@value #SPILL_PARTITIONS} spill files by key hash, and the table starts
 * afresh. At the end each partition is aggregated on its own by merging its states; a partition that is
 * still too big is partitioned again with another hash seed (up to {@value #MAX_LEVELS} levels).
 */
public final class HashAggregateOperator implements BatchOperator {
    static final int SPILL_PARTITIONS = 16;
    static final int MAX_LEVELS = 4;

    private final BatchOperator child;
    private final ExecutionContext context;
    private final AggregateMode mode;
    private final List<AggregateCall> aggregates;
    private final List<DataType> keyTypes = new ArrayList<>();
    private final List<ExpressionEvaluator> keyEvaluators = new ArrayList<>();
    private final List<ExpressionEvaluator> argumentEvaluators = new ArrayList<>();
    private final List<ExpressionEvaluator> secondEvaluators = new ArrayList<>();
    private final StructType schema;
    private final StructType stateSchema;
    private final int keyCount;
    private final Deque<Pending> pending = new ArrayDeque<>();
    private AggregationTable table;
    private PartitionedSpill spill;
    private boolean consumed;
    private int emitted;
    private int spills;

    /** A spilled partition waiting to be aggregated, and the partitioning level that produced it. */
    private record Pending(SpillFile file, int level) {
    }

    public HashAggregateOperator(BatchOperator child, List<Expr> groupBy, List<AggregateCall> aggregates,
                                 AggregateMode mode, List<String> names, ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        this.context = Objects.requireNonNull(context, "context is null");
        this.mode = Objects.requireNonNull(mode, "mode is null");
        this.aggregates = List.copyOf(aggregates);
        this.keyCount = groupBy.size();
        if (names.size() != groupBy.size() + aggregates.size()) {
            throw new IllegalArgumentException("need " + (groupBy.size() + aggregates.size()) + " names, got "
                    + names.size());
        }
        this.schema = HashAggregate.outputSchema(groupBy, this.aggregates, mode, names);
        this.stateSchema = HashAggregate.outputSchema(groupBy, this.aggregates, AggregateMode.PARTIAL, names);
        try {
            for (Expr key : groupBy) {
                keyEvaluators.add(ExpressionEvaluator.compile(key, context));
                keyTypes.add(key.dataType());
            }
            for (AggregateCall call : this.aggregates) {
                if (mode != AggregateMode.FINAL && call.argument() != null) {
                    argumentEvaluators.add(ExpressionEvaluator.compile(call.argument(), context));
                } else {
                    argumentEvaluators.add(null);
                }
                secondEvaluators.add(mode != AggregateMode.FINAL && call.secondArgument() != null
                        ? ExpressionEvaluator.compile(call.secondArgument(), context) : null);
            }
            table = newTable();
        } catch (RuntimeException e) {
            closeEvaluators();
            throw e;
        }
    }

    private AggregationTable newTable() {
        return new AggregationTable(keyTypes, aggregates, context.allocator(), IntegralKeys.enabled(context.config()));
    }

    @Override
    public StructType schema() {
        return schema;
    }

    /** How many times this operator wrote its table to disk. */
    public int spills() {
        return spills;
    }

    @Override
    public Batch next() {
        if (!consumed) {
            consumeInput();
            consumed = true;
        }
        while (true) {
            if (table != null) {
                int groups = table.groupCount();
                if (emitted < groups) {
                    int count = Math.min(context.batchRows(), groups - emitted);
                    Batch out = table.output(emitted, count, mode == AggregateMode.PARTIAL, schema,
                            context.allocator());
                    emitted += count;
                    return out;
                }
                table.close();
                table = null;
            }
            Pending next = pending.poll();
            if (next == null) {
                return null;
            }
            aggregatePartition(next);
        }
    }

    private void consumeInput() {
        while (true) {
            Batch in = child.next();
            if (in == null) {
                break;
            }
            try (in) {
                if (mode == AggregateMode.FINAL) {
                    table.merge(in);
                } else {
                    accumulate(in);
                }
            }
            if (keyCount > 0 && context.shouldSpill(table.estimatedBytes())) {
                spillTable(0);
            }
        }
        if (spill != null) {
            if (table.groupCount() > 0) {
                spillTable(0);
            }
            table.close();
            table = null;
            enqueue(spill, 0);
            spill = null;
        }
    }

    private void accumulate(Batch in) {
        int n = in.rowCount();
        FieldVector[] keys = new FieldVector[keyCount];
        FieldVector[] arguments = new FieldVector[aggregates.size()];
        FieldVector[] seconds = new FieldVector[aggregates.size()];
        try {
            for (int k = 0; k < keyCount; k++) {
                keys[k] = keyEvaluators.get(k).evaluateBorrowed(in);
            }
            for (int a = 0; a < arguments.length; a++) {
                ExpressionEvaluator argument = argumentEvaluators.get(a);
                if (argument != null) {
                    arguments[a] = argument.evaluateBorrowed(in);
                }
                ExpressionEvaluator second = secondEvaluators.get(a);
                if (second != null) {
                    seconds[a] = second.evaluateBorrowed(in);
                }
            }
            table.update(keys, arguments, seconds, n);
        } finally {
            for (int k = 0; k < keyCount; k++) {
                if (keys[k] != null) {
                    keyEvaluators.get(k).release(keys[k]);
                }
            }
            for (int a = 0; a < arguments.length; a++) {
                if (arguments[a] != null) {
                    argumentEvaluators.get(a).release(arguments[a]);
                }
                if (seconds[a] != null) {
                    secondEvaluators.get(a).release(seconds[a]);
                }
            }
        }
    }

    /** Writes every group of the table as partial states to the spill partitions and starts a new table. */
    private void spillTable(int level) {
        if (spill == null) {
            spill = new PartitionedSpill(context, stateSchema, SPILL_PARTITIONS, "aggregate-l" + level);
        }
        int groups = table.groupCount();
        int[] hashes = new int[Math.min(groups, context.batchRows())];
        for (int from = 0; from < groups; from += context.batchRows()) {
            int count = Math.min(context.batchRows(), groups - from);
            try (Batch states = table.output(from, count, true, stateSchema, context.allocator())) {
                partitionOf(states, level, hashes);
                spill.write(states, hashes);
            }
        }
        table.close();
        table = null;
        table = newTable();
        spills++;
        context.metrics().addSpill();
    }

    /** The spill partition of every row of a keys ++ states batch, by a key hash seeded per level. */
    private void partitionOf(Batch states, int level, int[] out) {
        int n = states.rowCount();
        RowKeys.seed(out, n, 0x3c6ef372 + 0x9e3779b9 * level);
        for (int k = 0; k < keyCount; k++) {
            RowKeys.hash(states.vector(k), n, out);
        }
        for (int i = 0; i < n; i++) {
            out[i] = Murmur3.partition(out[i], SPILL_PARTITIONS);
        }
    }

    private void enqueue(PartitionedSpill finished, int level) {
        List<SpillFile> files = finished.finish();
        // aggregate the new (smaller) partitions before the older ones waiting in the queue
        for (int i = files.size() - 1; i >= 0; i--) {
            if (files.get(i) != null) {
                pending.addFirst(new Pending(files.get(i), level + 1));
            }
        }
    }

    /** Merges one spilled partition into a fresh table, partitioning it again if it is still too big. */
    private void aggregatePartition(Pending partition) {
        table = newTable();
        emitted = 0;
        try (SpillFile.Reader reader = partition.file().open(context)) {
            Batch b;
            while ((b = reader.next()) != null) {
                try (Batch owned = b) {
                    table.merge(owned);
                }
                if (partition.level() < MAX_LEVELS && context.shouldSpill(table.estimatedBytes())) {
                    spillTable(partition.level());
                }
            }
        }
        if (spill != null) {
            if (table.groupCount() > 0) {
                spillTable(partition.level());
            }
            table.close();
            table = null;
            enqueue(spill, partition.level());
            spill = null;
        }
    }

    private void closeEvaluators() {
        keyEvaluators.forEach(ExpressionEvaluator::close);
        argumentEvaluators.stream().filter(Objects::nonNull).forEach(ExpressionEvaluator::close);
        secondEvaluators.stream().filter(Objects::nonNull).forEach(ExpressionEvaluator::close);
    }

    @Override
    public void close() {
        try {
            closeEvaluators();
            if (table != null) {
                table.close();
                table = null;
            }
            if (spill != null) {
                spill.close();
                spill = null;
            }
            for (Pending p : pending) {
                p.file().delete();
            }
            pending.clear();
        } finally {
            child.close();
        }
    }
}
