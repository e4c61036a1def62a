package io.updraft.engine.aggregate;

import io.updraft.core.plan.AggregateCall;
import io.updraft.core.plan.Percentiles;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

import java.util.Arrays;
import java.util.List;

/**
 * percentile_approx(x, p [, accuracy]) / approx_percentile: one {@link QuantileSummary} per group with relative
 * error {@code 1 / accuracy}, over the values as doubles (ints, bigints, decimals, doubles, dates as days,
 * timestamps as microseconds); the results are converted back to the input type. The partial state is the
 * compressed summary as three arrays (values, g, delta), as Spark's serialized digest. Null for a group without
 * values. Not thread-safe.
 */
final class ApproxPercentileAccumulator extends Accumulator {
    private static final ArrayType VALUES_TYPE = new ArrayType(DataTypes.DoubleType, false);

    private final Percentiles percentiles;
    private final double relativeError;
    private QuantileSummary[] summaries = new QuantileSummary[16];

    ApproxPercentileAccumulator(Percentiles percentiles) {
        this.percentiles = percentiles;
        this.relativeError = 1.0 / percentiles.accuracy();
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(VALUES_TYPE, AggregateCall.COUNTS_STATE_TYPE, AggregateCall.COUNTS_STATE_TYPE);
    }

    @Override
    public void ensureGroups(int groupCount) {
        if (summaries.length < groupCount) {
            summaries = Arrays.copyOf(summaries, grow(summaries.length, groupCount));
        }
    }

    @Override
    public long heapBytes() {
        long bytes = 0;
        for (QuantileSummary s : summaries) {
            bytes += s == null ? 0 : s.heapBytes();
        }
        return bytes;
    }

    private QuantileSummary summary(int g) {
        QuantileSummary s = summaries[g];
        if (s == null) {
            s = new QuantileSummary(relativeError);
            summaries[g] = s;
        }
        return s;
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        ArrowBuf validity = argument.getValidityBuffer();
        ArrowBuf data = argument.getDataBuffer();
        PhysicalKind kind = Vectors.kindOf(argument);
        int scale = argument instanceof DecimalVector d ? d.getScale() : 0;
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            double x = switch (kind) {
                case INT32 -> data.getInt((long) i << 2);
                case INT64 -> data.getLong((long) i << 3);
                case DECIMAL -> Decimals.big(data, i, scale).doubleValue();
                case FLOAT64 -> data.getDouble((long) i << 3);
                default -> throw new IllegalStateException("percentile_approx of " + argument.getField());
            };
            summary(groupIds[i]).add(x);
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        ListVector values = (ListVector) state[0];
        ListVector gs = (ListVector) state[1];
        ListVector deltas = (ListVector) state[2];
        ArrowBuf validity = values.getValidityBuffer();
        ArrowBuf valueData = values.getDataVector().getDataBuffer();
        ArrowBuf gData = gs.getDataVector().getDataBuffer();
        ArrowBuf deltaData = deltas.getDataVector().getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            int start = values.getOffsetBuffer().getInt((long) i << 2);
            int end = values.getOffsetBuffer().getInt(((long) i << 2) + 4);
            int gStart = gs.getOffsetBuffer().getInt((long) i << 2);
            int deltaStart = deltas.getOffsetBuffer().getInt((long) i << 2);
            int size = end - start;
            double[] v = new double[size];
            long[] g = new long[size];
            long[] d = new long[size];
            for (int k = 0; k < size; k++) {
                v[k] = valueData.getDouble((long) (start + k) << 3);
                g[k] = gData.getLong((long) (gStart + k) << 3);
                d[k] = deltaData.getLong((long) (deltaStart + k) << 3);
            }
            summary(groupIds[i]).merge(QuantileSummary.of(relativeError, v, g, d));
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        double[][] values = new double[count][];
        long[][] gs = new long[count][];
        long[][] deltas = new long[count][];
        for (int i = 0; i < count; i++) {
            QuantileSummary s = summary(from + i);
            int size = s.size();
            values[i] = new double[size];
            gs[i] = new long[size];
            deltas[i] = new long[size];
            for (int k = 0; k < size; k++) {
                values[i][k] = s.value(k);
                gs[i][k] = s.g(k);
                deltas[i][k] = s.delta(k);
            }
        }
        DoubleResults.writeLists(out[0], values);
        writeLongLists(out[1], gs);
        writeLongLists(out[2], deltas);
    }

    private static void writeLongLists(FieldVector target, long[][] rows) {
        ListVector out = (ListVector) target;
        out.clear();
        out.setInitialCapacity(Math.max(rows.length, 1));
        out.allocateNew();
        int elements = 0;
        for (long[] row : rows) {
            elements += row.length;
        }
        FieldVector child = out.getDataVector();
        child.clear();
        ((BaseFixedWidthVector) child).allocateNew(Math.max(elements, 1));
        ArrowBuf data = child.getDataBuffer();
        ArrowBuf childValidity = child.getValidityBuffer();
        ArrowBuf offsets = out.getOffsetBuffer();
        int at = 0;
        offsets.setInt(0, 0);
        for (int i = 0; i < rows.length; i++) {
            for (long v : rows[i]) {
                data.setLong((long) at << 3, v);
                Bits.set(childValidity, at++);
            }
            Bits.set(out.getValidityBuffer(), i);
            offsets.setInt((long) (i + 1) << 2, at);
        }
        child.setValueCount(elements);
        out.setLastSet(rows.length - 1);
        out.setValueCount(rows.length);
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        double[][] rows = new double[count][];
        for (int i = 0; i < count; i++) {
            QuantileSummary s = summary(from + i);
            if (s.count() == 0) {
                continue;
            }
            rows[i] = new double[percentiles.percentages().size()];
            for (int p = 0; p < rows[i].length; p++) {
                rows[i][p] = s.query(percentiles.percentages().get(p));
            }
        }
        if (percentiles.array()) {
            DoubleResults.writeLists(out, rows);
            return;
        }
        for (int i = 0; i < count; i++) {
            if (rows[i] != null) {
                DoubleResults.set(out, i, rows[i][0]);
            }
        }
    }
}
