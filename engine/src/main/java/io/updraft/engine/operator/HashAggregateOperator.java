package io.updraft.engine.operator;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.AggregateFunction;
import io.updraft.core.plan.AggregateMode;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.aggregate.Accumulator;
import io.updraft.engine.aggregate.Accumulators;
import io.updraft.engine.aggregate.GroupHashTable;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Hash aggregation in memory (see {@link AggregateMode}): PARTIAL turns input rows into keys ++ state
 * columns, FINAL merges those into keys ++ results, COMPLETE does both in one step. Groups are found
 * with a {@link GroupHashTable}; accumulators keep per-group state in arrays. All input is consumed on
 * the first {@link #next()}; groups come out in order of first appearance, {@code batchRows} at a time.
 * Without grouping keys exactly one row is produced, even for empty input, in every mode.
 */
public final class HashAggregateOperator implements BatchOperator {
    private final BatchOperator child;
    private final ExecutionContext context;
    private final AggregateMode mode;
    private final List<AggregateCall> aggregates;
    private final List<ExpressionEvaluator> keyEvaluators = new ArrayList<>();
    private final List<ExpressionEvaluator> argumentEvaluators = new ArrayList<>();
    private final List<Accumulator> accumulators = new ArrayList<>();
    private final GroupHashTable table;
    private final StructType schema;
    private final int keyCount;
    private boolean consumed;
    private int emitted;
    private int[] groupIds = new int[0];

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
        this.schema = outputSchema(groupBy, this.aggregates, mode, names);
        GroupHashTable createdTable = null;
        try {
            List<DataType> keyTypes = new ArrayList<>();
            for (Expr key : groupBy) {
                keyEvaluators.add(ExpressionEvaluator.compile(key, context.allocator()));
                keyTypes.add(key.dataType());
            }
            for (AggregateCall call : this.aggregates) {
                accumulators.add(Accumulators.create(call));
                if (mode != AggregateMode.FINAL && call.argument() != null) {
                    argumentEvaluators.add(ExpressionEvaluator.compile(call.argument(), context.allocator()));
                } else {
                    argumentEvaluators.add(null);
                }
            }
            createdTable = keyCount == 0 ? null : new GroupHashTable(keyTypes, context.allocator());
        } catch (RuntimeException e) {
            closeEvaluators();
            throw e;
        }
        this.table = createdTable;
    }

    static StructType outputSchema(List<Expr> groupBy, List<AggregateCall> aggregates, AggregateMode mode,
                                   List<String> names) {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < groupBy.size(); i++) {
            fields.add(new StructField(names.get(i), groupBy.get(i).dataType(), groupBy.get(i).nullable()));
        }
        for (int a = 0; a < aggregates.size(); a++) {
            AggregateCall call = aggregates.get(a);
            String name = names.get(groupBy.size() + a);
            if (mode == AggregateMode.PARTIAL) {
                List<DataType> state = call.stateTypes();
                for (int s = 0; s < state.size(); s++) {
                    fields.add(new StructField(name + "#" + s, state.get(s), true));
                }
            } else {
                fields.add(new StructField(name, call.dataType(), call.function() != AggregateFunction.COUNT));
            }
        }
        return new StructType(fields);
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        if (!consumed) {
            consumeInput();
            consumed = true;
        }
        int groups = groupCount();
        if (emitted >= groups) {
            return null;
        }
        int count = Math.min(context.batchRows(), groups - emitted);
        Batch out = output(emitted, count);
        emitted += count;
        return out;
    }

    private int groupCount() {
        return table == null ? 1 : table.groupCount();
    }

    private void consumeInput() {
        if (table == null) {
            accumulators.forEach(a -> a.ensureGroups(1));
        }
        while (true) {
            Batch in = child.next();
            if (in == null) {
                return;
            }
            try (in) {
                accumulate(in);
            }
        }
    }

    private void accumulate(Batch in) {
        int n = in.rowCount();
        if (groupIds.length < n) {
            groupIds = new int[n];
        }
        if (table == null) {
            Arrays.fill(groupIds, 0, n, 0);
        } else {
            FieldVector[] keys = new FieldVector[keyCount];
            try {
                for (int k = 0; k < keyCount; k++) {
                    keys[k] = keyEvaluators.get(k).evaluateBorrowed(in);
                }
                table.findOrInsert(keys, n, groupIds);
            } finally {
                for (int k = 0; k < keyCount; k++) {
                    if (keys[k] != null) {
                        keyEvaluators.get(k).release(keys[k]);
                    }
                }
            }
            for (Accumulator a : accumulators) {
                a.ensureGroups(table.groupCount());
            }
        }
        int column = keyCount;
        for (int a = 0; a < accumulators.size(); a++) {
            Accumulator accumulator = accumulators.get(a);
            if (mode == AggregateMode.FINAL) {
                int width = accumulator.stateTypes().size();
                FieldVector[] state = new FieldVector[width];
                for (int s = 0; s < width; s++) {
                    state[s] = in.vector(column + s);
                }
                column += width;
                accumulator.merge(state, groupIds, n);
            } else {
                ExpressionEvaluator argument = argumentEvaluators.get(a);
                if (argument == null) {
                    accumulator.update(null, groupIds, n);
                } else {
                    FieldVector value = argument.evaluateBorrowed(in);
                    try {
                        accumulator.update(value, groupIds, n);
                    } finally {
                        argument.release(value);
                    }
                }
            }
        }
    }

    private Batch output(int from, int count) {
        List<FieldVector> vectors = new ArrayList<>(schema.size());
        try {
            if (table != null) {
                vectors.addAll(table.keys(from, count, context.allocator()));
            }
            int column = keyCount;
            for (Accumulator accumulator : accumulators) {
                if (mode == AggregateMode.PARTIAL) {
                    int width = accumulator.stateTypes().size();
                    FieldVector[] state = new FieldVector[width];
                    for (int s = 0; s < width; s++) {
                        state[s] = allocate(schema.get(column + s), count);
                        vectors.add(state[s]);
                    }
                    column += width;
                    accumulator.writeState(from, count, state);
                    for (FieldVector v : state) {
                        v.setValueCount(count);
                    }
                } else {
                    FieldVector result = allocate(schema.get(column++), count);
                    vectors.add(result);
                    accumulator.writeResult(from, count, result);
                    result.setValueCount(count);
                }
            }
            return Batch.of(count, vectors);
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
    }

    private FieldVector allocate(StructField field, int count) {
        FieldVector v = ArrowTypes.newVector(field.name(), field.dataType(), context.allocator());
        if (v instanceof BaseFixedWidthVector fixed) {
            fixed.allocateNew(Math.max(count, 1));
        } else if (v instanceof BaseVariableWidthVector variable) {
            variable.allocateNew(Math.max(16L * count, 16), Math.max(count, 1));
        }
        return v;
    }

    private void closeEvaluators() {
        keyEvaluators.forEach(ExpressionEvaluator::close);
        argumentEvaluators.stream().filter(Objects::nonNull).forEach(ExpressionEvaluator::close);
    }

    @Override
    public void close() {
        try {
            closeEvaluators();
            if (table != null) {
                table.close();
            }
        } finally {
            child.close();
        }
    }
}
