package io.updraft.engine.shuffle;

import io.updraft.core.expr.Expr;
import io.updraft.core.expr.Literal;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.SortKey;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.expr.ExpressionEvaluator;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Murmur3;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
import org.apache.arrow.vector.FieldVector;

import java.util.ArrayList;
import java.util.List;

/**
 * Assigns each row of a batch its output partition (see {@link Partitioning}): hash of the keys
 * ({@link RowKeys} with seed {@value RowKeys#SHUFFLE_SEED}, pmod n — the same in every JVM), round robin
 * from (taskId mod n), everything to 0, or by range bounds (binary search in sort order). Not thread-safe.
 */
public abstract class Partitioner implements AutoCloseable {
    /** Sets {@code out[i]} to row i's partition. */
    abstract void partition(Batch batch, int[] out);

    @Override
    public void close() {
    }

    static Partitioner create(Partitioning partitioning, int partitions, ExecutionContext context) {
        return switch (partitioning) {
            case Partitioning.Hash h -> new HashPartitioner(h.keys(), partitions, context);
            case Partitioning.RoundRobin r -> new RoundRobinPartitioner(context.taskId(), partitions);
            case Partitioning.Single s -> new Partitioner() {
                @Override
                void partition(Batch batch, int[] out) {
                    java.util.Arrays.fill(out, 0, batch.rowCount(), 0);
                }
            };
            case Partitioning.Range r -> new RangePartitioner(r.keys(), r.upperBounds(), context);
        };
    }

    private static List<ExpressionEvaluator> compile(List<Expr> exprs, ExecutionContext context) {
        List<ExpressionEvaluator> out = new ArrayList<>();
        try {
            for (Expr e : exprs) {
                out.add(ExpressionEvaluator.compile(e, context));
            }
            return out;
        } catch (RuntimeException e) {
            out.forEach(ExpressionEvaluator::close);
            throw e;
        }
    }

    private static final class HashPartitioner extends Partitioner {
        private final List<ExpressionEvaluator> keys;
        private final int partitions;

        HashPartitioner(List<Expr> keys, int partitions, ExecutionContext context) {
            this.keys = compile(keys, context);
            this.partitions = partitions;
        }

        @Override
        void partition(Batch batch, int[] out) {
            int n = batch.rowCount();
            RowKeys.seed(out, n, RowKeys.SHUFFLE_SEED);
            for (ExpressionEvaluator key : keys) {
                FieldVector v = key.evaluateBorrowed(batch);
                try {
                    RowKeys.hash(v, n, out);
                } finally {
                    key.release(v);
                }
            }
            for (int i = 0; i < n; i++) {
                out[i] = Murmur3.partition(out[i], partitions);
            }
        }

        @Override
        public void close() {
            keys.forEach(ExpressionEvaluator::close);
        }
    }

    /** The partition a round-robin task's first row goes to (then the next ones in turn). */
    public static int roundRobinStart(int taskId, int partitions) {
        return Murmur3.partition(taskId, partitions);
    }

    private static final class RoundRobinPartitioner extends Partitioner {
        private final int partitions;
        private int next;

        RoundRobinPartitioner(int taskId, int partitions) {
            this.partitions = partitions;
            this.next = roundRobinStart(taskId, partitions);
        }

        @Override
        void partition(Batch batch, int[] out) {
            for (int i = 0; i < batch.rowCount(); i++) {
                out[i] = next;
                next = next + 1 == partitions ? 0 : next + 1;
            }
        }
    }

    /** Partition i takes rows ordered after bound i-1 and up to bound i; the last partition the rest. */
    private static final class RangePartitioner extends Partitioner {
        private final List<SortKey> keys;
        private final List<ExpressionEvaluator> evaluators;
        private final FieldVector[] bounds;
        private final int boundCount;

        RangePartitioner(List<SortKey> keys, List<List<Literal>> upperBounds, ExecutionContext context) {
            this.keys = keys;
            List<Expr> exprs = new ArrayList<>();
            for (SortKey k : keys) {
                exprs.add(k.expr());
            }
            this.evaluators = compile(exprs, context);
            this.boundCount = upperBounds.size();
            this.bounds = new FieldVector[keys.size()];
            try {
                for (int k = 0; k < keys.size(); k++) {
                    List<Expr> column = new ArrayList<>();
                    for (List<Literal> bound : upperBounds) {
                        column.add(bound.get(k));
                    }
                    bounds[k] = literalColumn(column, context);
                }
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        /** A vector holding the literals' values in order. */
        private static FieldVector literalColumn(List<Expr> literals, ExecutionContext context) {
            if (literals.isEmpty()) {
                return null;
            }
            List<ExpressionEvaluator> compiled = compile(literals, context);
            FieldVector[] singles = new FieldVector[literals.size()];
            try (Batch one = Batch.rowsOnly(1)) {
                for (int i = 0; i < singles.length; i++) {
                    singles[i] = compiled.get(i).evaluate(one);
                }
                int[] sources = new int[singles.length];
                int[] rows = new int[singles.length];
                for (int i = 0; i < singles.length; i++) {
                    sources[i] = i;
                }
                return Vectors.gather(singles, sources, rows, 0, singles.length, context.allocator());
            } finally {
                for (FieldVector v : singles) {
                    if (v != null) {
                        v.close();
                    }
                }
                compiled.forEach(ExpressionEvaluator::close);
            }
        }

        @Override
        void partition(Batch batch, int[] out) {
            int n = batch.rowCount();
            FieldVector[] values = new FieldVector[evaluators.size()];
            try {
                for (int k = 0; k < values.length; k++) {
                    values[k] = evaluators.get(k).evaluate(batch);
                }
                for (int i = 0; i < n; i++) {
                    int low = 0;
                    int high = boundCount;
                    while (low < high) {
                        int mid = (low + high) >>> 1;
                        if (compareToBound(values, i, mid) <= 0) {
                            high = mid;
                        } else {
                            low = mid + 1;
                        }
                    }
                    out[i] = low;
                }
            } finally {
                for (FieldVector v : values) {
                    if (v != null) {
                        v.close();
                    }
                }
            }
        }

        /** Row i against bound j, in the keys' sort order (direction and null placement). */
        private int compareToBound(FieldVector[] values, int i, int j) {
            for (int k = 0; k < values.length; k++) {
                SortKey key = keys.get(k);
                PhysicalKind kind = Vectors.kindOf(values[k]);
                boolean rowNull = kind == PhysicalKind.NULL || !Bits.get(values[k].getValidityBuffer(), i);
                boolean boundNull = kind == PhysicalKind.NULL || !Bits.get(bounds[k].getValidityBuffer(), j);
                int c;
                if (rowNull || boundNull) {
                    c = rowNull == boundNull ? 0 : rowNull == key.nullsFirst() ? -1 : 1;
                } else {
                    c = RowKeys.compareValues(kind, values[k], i, bounds[k], j);
                    c = key.ascending() ? c : -c;
                }
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }

        @Override
        public void close() {
            evaluators.forEach(ExpressionEvaluator::close);
            for (FieldVector v : bounds) {
                if (v != null) {
                    v.close();
                }
            }
        }
    }
}
