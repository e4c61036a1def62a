package io.updraft.engine.aggregate;

import io.updraft.core.plan.AggregateCall;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.XxHash64;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

import java.util.Arrays;
import java.util.List;

/**
 * approx_count_distinct(x[, rsd]) as Spark's HyperLogLogPlusPlus: every non-null value is hashed with XXH64
 * (seed 42) over the form Spark hashes — int/date/boolean (0/1) as a 4-byte int, bigint/timestamp as a long,
 * double as its bits with -0.0 as 0.0, decimal(p ≤ 18) as its unscaled long and wider decimals as the
 * unscaled value's big-endian two's-complement bytes, string as its UTF-8 bytes — into a sketch of
 * precision p = ceil(2·log2(1.106 / rsd)) ({@link HyperLogLogPlusPlus}). The partial state is the sketch's
 * packed words as {@code array<bigint>} ({@link AggregateCall#HLL_STATE_TYPE}); the result is a bigint,
 * never null (0 without values). Not thread-safe.
 */
final class ApproxCountDistinctAccumulator extends Accumulator {
    private static final long SEED = 42L;

    private final DataType inputType;
    private final PhysicalKind kind;
    private final HyperLogLogPlusPlus hll;
    private final int words;
    private long[] sketches;
    private int groups = 16;

    ApproxCountDistinctAccumulator(DataType inputType, int precision) {
        this.inputType = inputType;
        this.kind = PhysicalKind.of(inputType);
        if (kind == PhysicalKind.LIST) {
            throw new IllegalArgumentException("approx_count_distinct of arrays is not supported");
        }
        this.hll = new HyperLogLogPlusPlus(precision);
        this.words = hll.words;
        this.sketches = new long[groups * words];
    }

    @Override
    public List<DataType> stateTypes() {
        return List.of(AggregateCall.HLL_STATE_TYPE);
    }

    @Override
    public void ensureGroups(int groupCount) {
        if (groups >= groupCount) {
            return;
        }
        groups = grow(groups, groupCount);
        sketches = Arrays.copyOf(sketches, Math.multiplyExact(groups, words));
    }

    @Override
    public long heapBytes() {
        return 8L * sketches.length;
    }

    @Override
    public void update(FieldVector argument, int[] groupIds, int n) {
        if (kind == PhysicalKind.NULL) {
            return;
        }
        ArrowBuf validity = argument.getValidityBuffer();
        ArrowBuf data = argument.getDataBuffer();
        ArrowBuf offsets = kind == PhysicalKind.UTF8 ? argument.getOffsetBuffer() : null;
        boolean wideDecimal = inputType instanceof DecimalType d && d.precision() > 18;
        byte[] scratch = new byte[0];
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            long hash = switch (kind) {
                case BOOLEAN -> XxHash64.hashInt(Bits.get(data, i) ? 1 : 0, SEED);
                case INT32 -> XxHash64.hashInt(data.getInt((long) i << 2), SEED);
                case INT64 -> XxHash64.hashLong(data.getLong((long) i << 3), SEED);
                case FLOAT64 -> XxHash64.hashLong(RowKeys.normalizedBits(data.getDouble((long) i << 3)), SEED);
                case DECIMAL -> {
                    long low = data.getLong((long) i << 4);
                    if (!wideDecimal) {
                        yield XxHash64.hashLong(low, SEED);
                    }
                    byte[] bytes = Decimals.unscaled(data, i).toByteArray();
                    yield XxHash64.hashBytes(bytes, 0, bytes.length, SEED);
                }
                case UTF8 -> {
                    int start = offsets.getInt((long) i << 2);
                    int length = offsets.getInt(((long) i << 2) + 4) - start;
                    if (scratch.length < length) {
                        scratch = new byte[Math.max(length, scratch.length * 2)];
                    }
                    data.getBytes(start, scratch, 0, length);
                    yield XxHash64.hashBytes(scratch, 0, length, SEED);
                }
                default -> throw new IllegalStateException("unexpected kind " + kind);
            };
            hll.add(sketches, groupIds[i] * words, hash);
        }
    }

    @Override
    public void merge(FieldVector[] state, int[] groupIds, int n) {
        ListVector partial = (ListVector) state[0];
        ArrowBuf validity = partial.getValidityBuffer();
        ArrowBuf offsets = partial.getOffsetBuffer();
        ArrowBuf values = ((BigIntVector) partial.getDataVector()).getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (!Bits.get(validity, i)) {
                continue;
            }
            int start = offsets.getInt((long) i << 2);
            int end = offsets.getInt(((long) i << 2) + 4);
            if (end - start != words) {
                throw new IllegalStateException("HyperLogLog++ state has " + (end - start) + " words, expected "
                        + words + " for precision " + hll.p);
            }
            int base = groupIds[i] * words;
            for (int w = 0; w < words; w++) {
                hll.mergeWord(sketches, base, w, values.getLong((long) (start + w) << 3));
            }
        }
    }

    @Override
    public void writeState(int from, int count, FieldVector[] out) {
        ListVector list = (ListVector) out[0];
        list.clear();
        list.setInitialCapacity(Math.max(count, 1));
        list.allocateNew();
        BigIntVector child = (BigIntVector) list.getDataVector();
        child.clear();
        int total = Math.multiplyExact(count, words);
        child.allocateNew(Math.max(total, 1));
        ArrowBuf data = child.getDataBuffer();
        ArrowBuf offsets = list.getOffsetBuffer();
        offsets.setInt(0, 0);
        for (int i = 0; i < count; i++) {
            int base = (from + i) * words;
            for (int w = 0; w < words; w++) {
                data.setLong((long) (i * words + w) << 3, sketches[base + w]);
            }
            Bits.set(list.getValidityBuffer(), i);
            offsets.setInt((long) (i + 1) << 2, (i + 1) * words);
        }
        Bits.setAll(child.getValidityBuffer(), total);
        child.setValueCount(total);
        list.setLastSet(count - 1);
        list.setValueCount(count);
    }

    @Override
    public void writeResult(int from, int count, FieldVector out) {
        ArrowBuf data = out.getDataBuffer();
        ArrowBuf validity = out.getValidityBuffer();
        for (int i = 0; i < count; i++) {
            data.setLong((long) i << 3, hll.estimate(sketches, (from + i) * words));
            Bits.set(validity, i);
        }
    }
}
