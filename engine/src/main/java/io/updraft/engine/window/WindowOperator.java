package io.updraft.engine.window;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.WindowCall;
import io.updraft.core.plan.WindowFrame;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.operator.SortOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Window functions: sorts the input by partition keys (ascending, nulls first) then the ORDER BY keys (a
 * {@link SortOperator}, which spills), then streams the sorted rows, cutting them into units of whole
 * partitions: a batch's rows before its last partition start complete the partitions seen so far and are
 * computed and emitted; the rest waits for the next batch. Each unit is one contiguous batch on which
 * every call is evaluated ({@link RankingFunctions}, {@link FrameAggregates}) with partitions, peers and
 * frames from {@link WindowFrames} (a call without a frame gets Spark's default). Output: the input columns
 * ++ one column per call. One partition is
 * held in memory whole (a window without PARTITION BY holds all its input).
 */
public final class WindowOperator implements BatchOperator {
    private final BatchOperator sorted;
    private final ExecutionContext context;
    private final List<SortKey> orderBy;
    private final List<WindowCall> calls;
    private final List<ExpressionEvaluator> partitionKeys = new ArrayList<>();
    private final List<ExpressionEvaluator> orderKeys = new ArrayList<>();
    private final List<List<ExpressionEvaluator>> arguments = new ArrayList<>();
    private final StructType schema;
    private final List<Batch> pending = new ArrayList<>();
    private final Deque<Batch> ready = new ArrayDeque<>();
    private FieldVector[] previousKeys;
    private boolean done;

    public WindowOperator(BatchOperator child, List<Expr> partitionBy, List<SortKey> orderBy, List<WindowCall> calls,
                          List<String> names, ExecutionContext context) {
        Objects.requireNonNull(child, "child is null");
        this.context = Objects.requireNonNull(context, "context is null");
        this.orderBy = List.copyOf(orderBy);
        List<WindowCall> framed = new ArrayList<>(calls.size());
        for (WindowCall call : calls) {
            framed.add(call.frame() != null ? call : new WindowCall(call.function(), call.arguments(),
                    call.ignoreNulls(), WindowFrame.defaultFrame(!orderBy.isEmpty()), call.dataType()));
        }
        this.calls = List.copyOf(framed);
        if (names.size() != calls.size()) {
            throw new IllegalArgumentException(calls.size() + " window calls but " + names.size() + " names");
        }
        List<StructField> fields = new ArrayList<>(child.schema().fields());
        for (int i = 0; i < calls.size(); i++) {
            fields.add(new StructField(names.get(i), calls.get(i).dataType(), calls.get(i).nullable()));
        }
        this.schema = new StructType(fields);
        try {
            for (Expr e : partitionBy) {
                partitionKeys.add(ExpressionEvaluator.compile(e, context.allocator()));
            }
            for (SortKey k : this.orderBy) {
                orderKeys.add(ExpressionEvaluator.compile(k.expr(), context.allocator()));
            }
            for (WindowCall call : this.calls) {
                List<ExpressionEvaluator> compiled = new ArrayList<>();
                arguments.add(compiled);
                for (Expr a : call.arguments()) {
                    compiled.add(ExpressionEvaluator.compile(a, context.allocator()));
                }
            }
        } catch (RuntimeException e) {
            closeEvaluators();
            child.close();
            throw e;
        }
        List<SortKey> sortKeys = new ArrayList<>();
        for (Expr e : partitionBy) {
            sortKeys.add(new SortKey(e, true, true));
        }
        sortKeys.addAll(this.orderBy);
        this.sorted = sortKeys.isEmpty() ? child : new SortOperator(child, sortKeys, context);
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        while (ready.isEmpty()) {
            if (done) {
                return null;
            }
            Batch in = sorted.next();
            if (in == null) {
                done = true;
                Batch unit = concat(pending);
                pending.clear();
                if (unit != null) {
                    emit(unit);
                }
            } else {
                accept(in);
            }
        }
        return ready.poll();
    }

    /** Emits the partitions that {@code in} completes and keeps the rest pending. */
    private void accept(Batch in) {
        int n = in.rowCount();
        FieldVector[] keys = evaluate(partitionKeys, in);
        try {
            int lastStart = -1;
            for (int r = n - 1; r >= 0; r--) {
                boolean starts = r == 0 ? previousKeys != null && !RowKeys.rowsEqual(keys, 0, previousKeys,
                        previousKeys.length == 0 ? 0 : previousKeys[0].getValueCount() - 1)
                        : !RowKeys.rowsEqual(keys, r, keys, r - 1);
                if (starts) {
                    lastStart = r;
                    break;
                }
            }
            if (lastStart < 0) {
                pending.add(in);
            } else {
                List<Batch> complete = new ArrayList<>(pending);
                pending.clear();
                try (in) {
                    if (lastStart > 0) {
                        complete.add(Vectors.slice(in, 0, lastStart, context.allocator()));
                    }
                    pending.add(Vectors.slice(in, lastStart, n - lastStart, context.allocator()));
                }
                Batch unit = concat(complete);
                if (unit != null) {
                    emit(unit);
                }
            }
        } finally {
            closeKeys(previousKeys);
            previousKeys = keys;
        }
    }

    /** One batch holding the rows of {@code parts} in order (the parts are consumed); null when empty. */
    private Batch concat(List<Batch> parts) {
        if (parts.isEmpty()) {
            return null;
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        try {
            int total = 0;
            for (Batch b : parts) {
                total += b.rowCount();
            }
            int[] sources = new int[total];
            int[] rows = new int[total];
            int at = 0;
            for (int p = 0; p < parts.size(); p++) {
                for (int r = 0; r < parts.get(p).rowCount(); r++) {
                    sources[at] = p;
                    rows[at++] = r;
                }
            }
            int columns = parts.get(0).columnCount();
            List<FieldVector> out = new ArrayList<>(columns);
            try {
                for (int c = 0; c < columns; c++) {
                    FieldVector[] inputs = new FieldVector[parts.size()];
                    for (int p = 0; p < inputs.length; p++) {
                        inputs[p] = parts.get(p).vector(c);
                    }
                    out.add(Vectors.gather(inputs, sources, rows, 0, total, context.allocator()));
                }
            } catch (RuntimeException e) {
                out.forEach(FieldVector::close);
                throw e;
            }
            return Batch.of(total, out);
        } finally {
            parts.forEach(Batch::close);
        }
    }

    /** Evaluates every call over a unit of whole partitions and queues the output (ownership of unit taken). */
    private void emit(Batch unit) {
        int n = unit.rowCount();
        List<FieldVector> results = new ArrayList<>(calls.size());
        FieldVector[] partitionValues = null;
        FieldVector[] orderValues = null;
        try {
            partitionValues = evaluate(partitionKeys, unit);
            orderValues = evaluate(orderKeys, unit);
            WindowFrames frames = new WindowFrames(n, partitionValues, orderValues);
            Map<WindowFrame, int[][]> bounds = new HashMap<>();
            for (int c = 0; c < calls.size(); c++) {
                WindowCall call = calls.get(c);
                FieldVector[] args = evaluate(arguments.get(c), unit);
                try {
                    if (call.function().isRankingOrOffset()) {
                        results.add(RankingFunctions.evaluate(call, frames, args, context.allocator()));
                    } else {
                        FieldVector orderValue = orderValues.length == 0 ? null : orderValues[0];
                        SortKey orderKey = orderBy.isEmpty() ? null : orderBy.get(0);
                        int[][] b = bounds.computeIfAbsent(call.frame(),
                                frame -> frames.bounds(frame, orderKey, orderValue));
                        results.add(FrameAggregates.evaluate(call, frames, b[0], b[1], args, context.allocator()));
                    }
                } finally {
                    closeKeys(args);
                }
            }
        } catch (RuntimeException e) {
            results.forEach(FieldVector::close);
            unit.close();
            throw e;
        } finally {
            closeKeys(partitionValues);
            closeKeys(orderValues);
        }
        List<FieldVector> columns = new ArrayList<>(unit.vectors());
        columns.addAll(results);
        Batch out = Batch.of(n, columns);
        if (n <= context.batchRows()) {
            ready.add(out);
            return;
        }
        try (out) {
            for (int from = 0; from < n; from += context.batchRows()) {
                ready.add(Vectors.slice(out, from, Math.min(context.batchRows(), n - from), context.allocator()));
            }
        }
    }

    private static FieldVector[] evaluate(List<ExpressionEvaluator> evaluators, Batch batch) {
        FieldVector[] values = new FieldVector[evaluators.size()];
        try {
            for (int i = 0; i < values.length; i++) {
                values[i] = evaluators.get(i).evaluate(batch);
            }
            return values;
        } catch (RuntimeException e) {
            closeKeys(values);
            throw e;
        }
    }

    private static void closeKeys(FieldVector[] values) {
        if (values != null) {
            for (FieldVector v : values) {
                if (v != null) {
                    v.close();
                }
            }
        }
    }

    private void closeEvaluators() {
        partitionKeys.forEach(ExpressionEvaluator::close);
        orderKeys.forEach(ExpressionEvaluator::close);
        for (List<ExpressionEvaluator> a : arguments) {
            a.forEach(ExpressionEvaluator::close);
        }
    }

    @Override
    public void close() {
        try {
            closeKeys(previousKeys);
            previousKeys = null;
            pending.forEach(Batch::close);
            pending.clear();
            ready.forEach(Batch::close);
            ready.clear();
            closeEvaluators();
        } finally {
            sorted.close();
        }
    }
}
