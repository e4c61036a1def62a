package io.updraft.engine.window;

import io.updraft.core.expr.Expr;
import io.updraft.core.plan.SortKey;
import io.updraft.core.plan.Window;
import io.updraft.core.plan.WindowFrame;
import io.updraft.core.plan.WindowCall;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.operator.SortOperator;
import io.updraft.engine.spill.SpillFile;
import io.updraft.engine.spill.SpillWriter;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
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
 * ++ one column per call.
 *
 * <p><b>Spilling.</b> The rows of a unit are held in memory while they fit the operator's budget
 * ({@link ExecutionContext#shouldSpill}). A bigger unit (one huge partition; a window without PARTITION BY is
 * one partition) is spilled: its rows go to a spill file as they arrive, and only what the functions read is
 * kept — the evaluated partition keys, ORDER BY keys and call arguments. When the unit is complete the calls are
 * evaluated over those columns, and the rows are streamed back from the file a batch at a time with their
 * slice of the results appended. Memory for such a unit is then its key and argument columns plus the result
 * columns (e.g. 8 bytes a row for a bigint key), not its rows.
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
    private long pendingBytes;
    /** The unit being spilled (its rows on disk, its evaluated keys and arguments here), or null. */
    private SpilledUnit spilling;
    /** A spilled unit whose results are computed, being streamed back, or null. */
    private SpilledUnit streaming;

    public WindowOperator(BatchOperator child, List<Expr> partitionBy, List<SortKey> orderBy, List<WindowCall> calls,
                          List<String> names, ExecutionContext context) {
        Objects.requireNonNull(child, "child is null");
        this.context = Objects.requireNonNull(context, "context is null");
        this.orderBy = List.copyOf(orderBy);
        if (names.size() != calls.size()) {
            throw new IllegalArgumentException(calls.size() + " window calls but " + names.size() + " names");
        }
        this.calls = Window.framedCalls(calls, this.orderBy);
        this.schema = Window.outputSchema(child.schema(), this.calls, names);
        try {
            for (Expr e : partitionBy) {
                partitionKeys.add(ExpressionEvaluator.compile(e, context));
            }
            for (SortKey k : this.orderBy) {
                orderKeys.add(ExpressionEvaluator.compile(k.expr(), context));
            }
            for (WindowCall call : this.calls) {
                List<ExpressionEvaluator> compiled = new ArrayList<>();
                arguments.add(compiled);
                for (Expr a : call.arguments()) {
                    compiled.add(ExpressionEvaluator.compile(a, context));
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
            if (streaming != null) {
                Batch out = streaming.next();
                if (out != null) {
                    return out;
                }
                streaming.close();
                streaming = null;
                continue;
            }
            if (done) {
                return null;
            }
            Batch in = sorted.next();
            if (in == null) {
                done = true;
                if (spilling != null) {
                    finishSpilledUnit();
                    continue;
                }
                Batch unit = concat(pending);
                pending.clear();
                pendingBytes = 0;
                if (unit != null) {
                    emit(unit);
                }
            } else {
                accept(in);
            }
        }
        return ready.poll();
    }

    /** Adds rows of the current unit: held in memory, or spilled once the unit outgrows the budget. */
    private void hold(Batch rows) {
        if (spilling != null) {
            spilling.add(rows);
            return;
        }
        pending.add(rows);
        pendingBytes += Vectors.allocatedBytes(rows);
        if (context.shouldSpill(pendingBytes)) {
            spilling = new SpilledUnit();
            context.metrics().addSpill();
            List<Batch> held = new ArrayList<>(pending);
            pending.clear();
            pendingBytes = 0;
            for (int i = 0; i < held.size(); i++) {
                try {
                    spilling.add(held.get(i));
                } catch (RuntimeException e) {
                    for (int j = i + 1; j < held.size(); j++) {
                        held.get(j).close();
                    }
                    throw e;
                }
            }
        }
    }

    /** The spilled unit is complete: computes its results and starts streaming its rows back. */
    private void finishSpilledUnit() {
        SpilledUnit unit = spilling;
        spilling = null;
        try {
            unit.finish();
        } catch (RuntimeException e) {
            unit.close();
            throw e;
        }
        streaming = unit;
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
                hold(in);
            } else if (spilling != null) {
                Batch rest;
                try (in) {
                    if (lastStart > 0) {
                        spilling.add(Vectors.slice(in, 0, lastStart, context.allocator()));
                    }
                    rest = Vectors.slice(in, lastStart, n - lastStart, context.allocator());
                }
                try {
                    finishSpilledUnit();
                } catch (RuntimeException e) {
                    rest.close();
                    throw e;
                }
                pending.add(rest);
                pendingBytes = Vectors.allocatedBytes(rest);
            } else {
                List<Batch> complete = new ArrayList<>(pending);
                pending.clear();
                pendingBytes = 0;
                Batch rest;
                try (in) {
                    if (lastStart > 0) {
                        complete.add(Vectors.slice(in, 0, lastStart, context.allocator()));
                    }
                    rest = Vectors.slice(in, lastStart, n - lastStart, context.allocator());
                }
                pending.add(rest);
                pendingBytes = Vectors.allocatedBytes(rest);
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
        List<FieldVector> results;
        FieldVector[] partitionValues = null;
        FieldVector[] orderValues = null;
        FieldVector[][] args = new FieldVector[calls.size()][];
        try {
            partitionValues = evaluate(partitionKeys, unit);
            orderValues = evaluate(orderKeys, unit);
            for (int c = 0; c < calls.size(); c++) {
                args[c] = evaluate(arguments.get(c), unit);
            }
            results = results(n, partitionValues, orderValues, args);
        } catch (RuntimeException e) {
            unit.close();
            throw e;
        } finally {
            closeKeys(partitionValues);
            closeKeys(orderValues);
            for (FieldVector[] a : args) {
                closeKeys(a);
            }
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

    /** Every call's result column over {@code n} rows of whole partitions, from their evaluated inputs. */
    private List<FieldVector> results(int n, FieldVector[] partitionValues, FieldVector[] orderValues,
                                      FieldVector[][] args) {
        List<FieldVector> results = new ArrayList<>(calls.size());
        try {
            WindowFrames frames = new WindowFrames(n, partitionValues, orderValues);
            Map<WindowFrame, int[][]> bounds = new HashMap<>();
            for (int c = 0; c < calls.size(); c++) {
                WindowCall call = calls.get(c);
                if (call.function().isRankingOrOffset()) {
                    results.add(RankingFunctions.evaluate(call, frames, args[c], context.allocator()));
                } else {
                    FieldVector orderValue = orderValues.length == 0 ? null : orderValues[0];
                    SortKey orderKey = orderBy.isEmpty() ? null : orderBy.get(0);
                    int[][] b = bounds.computeIfAbsent(call.frame(),
                            frame -> frames.bounds(frame, orderKey, orderValue));
                    results.add(FrameAggregates.evaluate(call, frames, b[0], b[1], args[c], context.allocator()));
                }
            }
            return results;
        } catch (RuntimeException e) {
            results.forEach(FieldVector::close);
            throw e;
        }
    }

    /**
     * One unit too big to hold: its rows in a spill file, its evaluated partition keys, ORDER BY keys and call
     * arguments in memory (one list of per-batch vectors per column). {@link #finish} computes the results;
     * {@link #next} then streams the rows back with their results appended.
     */
    private final class SpilledUnit implements AutoCloseable {
        private final SpillWriter writer = new SpillWriter(context, sorted.schema(), "window");
        private final List<List<FieldVector>> inputs = new ArrayList<>();
        private final int width;
        private int rows;
        private SpillFile file;
        private SpillFile.Reader reader;
        private List<FieldVector> results;
        private int streamed;

        SpilledUnit() {
            int columns = partitionKeys.size() + orderKeys.size();
            for (List<ExpressionEvaluator> a : arguments) {
                columns += a.size();
            }
            this.width = columns;
            for (int c = 0; c < columns; c++) {
                inputs.add(new ArrayList<>());
            }
        }

        /** Keeps the rows' evaluated inputs and writes the rows to the file (ownership of {@code batch} taken). */
        void add(Batch batch) {
            try {
                int c = 0;
                c = keep(partitionKeys, batch, c);
                c = keep(orderKeys, batch, c);
                for (List<ExpressionEvaluator> a : arguments) {
                    c = keep(a, batch, c);
                }
            } catch (RuntimeException e) {
                batch.close();
                throw e;
            }
            rows += batch.rowCount();
            writer.write(batch);
        }

        private int keep(List<ExpressionEvaluator> evaluators, Batch batch, int column) {
            FieldVector[] values = evaluate(evaluators, batch);
            for (FieldVector v : values) {
                inputs.get(column++).add(v);
            }
            return column;
        }

        void finish() {
            file = writer.finish();
            FieldVector[] whole = new FieldVector[width];
            try {
                for (int c = 0; c < width; c++) {
                    whole[c] = concatColumn(inputs.get(c));
                }
                int c = 0;
                FieldVector[] partitionValues = java.util.Arrays.copyOfRange(whole, c, c += partitionKeys.size());
                FieldVector[] orderValues = java.util.Arrays.copyOfRange(whole, c, c += orderKeys.size());
                FieldVector[][] args = new FieldVector[calls.size()][];
                for (int k = 0; k < calls.size(); k++) {
                    args[k] = java.util.Arrays.copyOfRange(whole, c, c += arguments.get(k).size());
                }
                results = WindowOperator.this.results(rows, partitionValues, orderValues, args);
            } finally {
                closeKeys(whole);
            }
            reader = file.open(context);
        }

        /** One vector holding the column's rows of every batch, in order; the parts are released. */
        private FieldVector concatColumn(List<FieldVector> parts) {
            try {
                int[] sources = new int[rows];
                int[] at = new int[rows];
                int i = 0;
                for (int p = 0; p < parts.size(); p++) {
                    int count = parts.get(p).getValueCount();
                    for (int r = 0; r < count; r++) {
                        sources[i] = p;
                        at[i++] = r;
                    }
                }
                return Vectors.gather(parts.toArray(FieldVector[]::new), sources, at, 0, rows, context.allocator());
            } finally {
                parts.forEach(FieldVector::close);
                parts.clear();
            }
        }

        /** The next batch of rows with their results, or null when every row is out. */
        Batch next() {
            Batch in = reader.next();
            if (in == null) {
                return null;
            }
            int n = in.rowCount();
            List<FieldVector> columns = new ArrayList<>(in.vectors());
            try {
                for (FieldVector r : results) {
                    columns.add(Vectors.slice(r, streamed, n, context.allocator()));
                }
            } catch (RuntimeException e) {
                for (int c = in.columnCount(); c < columns.size(); c++) {
                    columns.get(c).close();
                }
                in.close();
                throw e;
            }
            streamed += n;
            return Batch.of(n, columns);
        }

        @Override
        public void close() {
            for (List<FieldVector> parts : inputs) {
                parts.forEach(FieldVector::close);
                parts.clear();
            }
            if (results != null) {
                results.forEach(FieldVector::close);
                results = null;
            }
            if (reader != null) {
                reader.close();
                reader = null;
            }
            writer.close();
            if (file != null) {
                file.delete();
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
            if (spilling != null) {
                spilling.close();
                spilling = null;
            }
            if (streaming != null) {
                streaming.close();
                streaming = null;
            }
            ready.forEach(Batch::close);
            ready.clear();
            closeEvaluators();
        } finally {
            sorted.close();
        }
    }
}
