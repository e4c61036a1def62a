package io.updraft.engine.aggregate;

import io.updraft.engine.ArrowTypes;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.IntegralKeys;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.DataType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Maps group keys to dense group ids 0, 1, 2, ... in order of first appearance. Keys are hashed a column
 * at a time over the whole batch, then each row probes an open-addressing table (linear probing) whose
 * slots hold group ids; the distinct keys themselves live in Arrow vectors, one per key column. Nulls
 * form their own group; doubles group -0.0 with 0.0 and NaN with NaN.
 *
 * <p>One integral key (tinyint, smallint, int, date, bigint, timestamp) takes a primitive path: the keys
 * widened to long a batch at a time, an open-addressing table over one long array holding each key next to its
 * group id, the distinct keys in a long array (written to Arrow only by {@link #keys}), the null key a group
 * of its own. Same ids, same order of first appearance as the general path. Not thread-safe.
 */
public final class GroupHashTable implements AutoCloseable {
    private static final int NULL_HASH = 0x5bd1e995;

    private final PhysicalKind[] kinds;
    private final FieldVector[] keys;
    private int groupCount;
    private int[] slots = new int[1024];
    private int[] groupHashes = new int[512];
    private int[] hashes = new int[0];
    /** The one-integral-key path: slot s holds the key at 2s and its group + 1 at 2s + 1 (0: empty). */
    private final DataType integralType;
    private long[] longSlots;
    private long[] groupKeys;
    private long[] batchLongs = new long[0];
    private int nullGroup = -1;

    public GroupHashTable(List<DataType> keyTypes, BufferAllocator allocator) {
        this(keyTypes, allocator, true);
    }

    /** {@code integralPath} false keeps one integral key on the general path too (A/B runs). */
    public GroupHashTable(List<DataType> keyTypes, BufferAllocator allocator, boolean integralPath) {
        kinds = new PhysicalKind[keyTypes.size()];
        keys = new FieldVector[keyTypes.size()];
        integralType = integralPath && keyTypes.size() == 1 && IntegralKeys.isIntegral(PhysicalKind.of(keyTypes.get(0)))
                ? keyTypes.get(0) : null;
        if (integralType != null) {
            kinds[0] = PhysicalKind.of(integralType);
            longSlots = new long[2 * 1024];
            groupKeys = new long[512];
            return;
        }
        try {
            for (int c = 0; c < kinds.length; c++) {
                kinds[c] = PhysicalKind.of(keyTypes.get(c));
                keys[c] = ArrowTypes.newVector("key" + c, keyTypes.get(c), allocator);
                if (keys[c] instanceof BaseFixedWidthVector fixed) {
                    fixed.allocateNew(1024);
                } else if (keys[c] instanceof BaseVariableWidthVector variable) {
                    variable.allocateNew(16 * 1024, 1024);
                } else if (keys[c] instanceof ListVector list) {
                    list.allocateNew();
                }
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    public int groupCount() {
        return groupCount;
    }

    /** Bytes held: key vectors (Arrow) and the slot arrays (heap). */
    public long estimatedBytes() {
        if (integralType != null) {
            return 8L * longSlots.length + 8L * groupKeys.length + 8L * batchLongs.length;
        }
        long total = 4L * slots.length + 4L * groupHashes.length + 4L * hashes.length;
        for (FieldVector v : keys) {
            if (v != null) {
                total += io.updraft.engine.vector.Vectors.allocatedBytes(v);
            }
        }
        return total;
    }

    /** Sets {@code groupIds[i]} to the group of row i of {@code batchKeys}, adding new groups as needed. */
    public void findOrInsert(FieldVector[] batchKeys, int n, int[] groupIds) {
        if (integralType != null) {
            findOrInsertIntegral(batchKeys[0], n, groupIds);
            return;
        }
        if (hashes.length < n) {
            hashes = new int[n];
        }
        Arrays.fill(hashes, 0, n, 0);
        for (int c = 0; c < kinds.length; c++) {
            hashColumn(kinds[c], batchKeys[c], n);
        }
        for (int i = 0; i < n; i++) {
            int h = mix(hashes[i]);
            int mask = slots.length - 1;
            int slot = h & mask;
            int group;
            while (true) {
                int g = slots[slot] - 1;
                if (g < 0) {
                    group = insert(batchKeys, i, h);
                    slots[slot] = group + 1;
                    break;
                }
                if (groupHashes[g] == h && keysEqual(batchKeys, i, g)) {
                    group = g;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            groupIds[i] = group;
            if (groupCount * 2 > slots.length) {
                grow();
            }
        }
    }

    private void findOrInsertIntegral(FieldVector batchKey, int n, int[] groupIds) {
        if (batchLongs.length < n) {
            batchLongs = new long[n];
        }
        long[] values = batchLongs;
        IntegralKeys.read(batchKey, n, values, 0);
        boolean mayHaveNulls = batchKey.getNullCount() > 0;
        ArrowBuf validity = batchKey.getValidityBuffer();
        for (int i = 0; i < n; i++) {
            if (mayHaveNulls && !Bits.get(validity, i)) {
                if (nullGroup < 0) {
                    nullGroup = newGroup(0L);
                }
                groupIds[i] = nullGroup;
                continue;
            }
            long key = values[i];
            long[] table = longSlots;
            int mask = (table.length >>> 1) - 1;
            int slot = IntegralKeys.hash(key) & mask;
            while (true) {
                long group = table[2 * slot + 1];
                if (group == 0) {
                    int g = newGroup(key);
                    table[2 * slot] = key;
                    table[2 * slot + 1] = g + 1L;
                    groupIds[i] = g;
                    if (groupCount * 2 > (table.length >>> 1)) {
                        growIntegral();
                    }
                    break;
                }
                if (table[2 * slot] == key) {
                    groupIds[i] = (int) group - 1;
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    private int newGroup(long key) {
        int g = groupCount++;
        if (g >= groupKeys.length) {
            groupKeys = Arrays.copyOf(groupKeys, groupKeys.length * 2);
        }
        groupKeys[g] = key;
        return g;
    }

    private void growIntegral() {
        long[] bigger = new long[longSlots.length * 2];
        int mask = (bigger.length >>> 1) - 1;
        for (int g = 0; g < groupCount; g++) {
            if (g == nullGroup) {
                continue;
            }
            long key = groupKeys[g];
            int slot = IntegralKeys.hash(key) & mask;
            while (bigger[2 * slot + 1] != 0) {
                slot = (slot + 1) & mask;
            }
            bigger[2 * slot] = key;
            bigger[2 * slot + 1] = g + 1L;
        }
        longSlots = bigger;
    }

    /** The integral path's keys of groups [from, from + count) as a new vector of the key type. */
    private FieldVector integralKeys(int from, int count, BufferAllocator allocator) {
        FieldVector v = ArrowTypes.newVector("key0", integralType, allocator);
        try {
            ((BaseFixedWidthVector) v).allocateNew(Math.max(count, 1));
            ArrowBuf data = v.getDataBuffer();
            ArrowBuf validity = v.getValidityBuffer();
            for (int i = 0; i < count; i++) {
                int g = from + i;
                if (g == nullGroup) {
                    continue;   // allocateNew left the validity bit 0: null
                }
                long key = groupKeys[g];
                switch (kinds[0]) {
                    case INT64 -> data.setLong((long) i << 3, key);
                    case INT32 -> data.setInt((long) i << 2, (int) key);
                    case INT16 -> data.setShort((long) i << 1, (short) key);
                    case INT8 -> data.setByte(i, (byte) key);
                    default -> throw new IllegalStateException("not an integral key: " + kinds[0]);
                }
                Bits.set(validity, i);
            }
            v.setValueCount(count);
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    private int insert(FieldVector[] batchKeys, int row, int hash) {
        int g = groupCount++;
        if (g >= groupHashes.length) {
            groupHashes = Arrays.copyOf(groupHashes, groupHashes.length * 2);
        }
        groupHashes[g] = hash;
        for (int c = 0; c < keys.length; c++) {
            if (kinds[c] == PhysicalKind.LIST) {
                appendList((ListVector) batchKeys[c], row, (ListVector) keys[c], g);
            } else if (kinds[c] != PhysicalKind.NULL) {
                keys[c].copyFromSafe(row, g, batchKeys[c]);
            }
        }
        return g;
    }

    /** Copies array row {@code row} of {@code from} to index {@code g} (the next one) of {@code to}, element-wise. */
    private static void appendList(ListVector from, int row, ListVector to, int g) {
        if (from.isNull(row)) {
            to.setNull(g);
            return;
        }
        int start = from.getElementStartIndex(row);
        int end = from.getElementEndIndex(row);
        int at = to.startNewValue(g);
        FieldVector source = from.getDataVector();
        FieldVector target = to.getDataVector();
        for (int e = start; e < end; e++) {
            target.copyFromSafe(e, at + e - start, source);
        }
        to.endValue(g, end - start);
    }

    private void grow() {
        int[] bigger = new int[slots.length * 2];
        int mask = bigger.length - 1;
        for (int g = 0; g < groupCount; g++) {
            int slot = groupHashes[g] & mask;
            while (bigger[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            bigger[slot] = g + 1;
        }
        slots = bigger;
    }

    private void hashColumn(PhysicalKind kind, FieldVector v, int n) {
        if (kind == PhysicalKind.NULL) {
            for (int i = 0; i < n; i++) {
                hashes[i] = hashes[i] * 31 + NULL_HASH;
            }
            return;
        }
        if (kind == PhysicalKind.LIST || kind == PhysicalKind.STRUCT || kind == PhysicalKind.MAP) {
            for (int i = 0; i < n; i++) {
                hashes[i] = hashes[i] * 31 + RowKeys.hashValue(v, i, 0);
            }
            return;
        }
        ArrowBuf validity = v.getValidityBuffer();
        ArrowBuf data = v.getDataBuffer();
        for (int i = 0; i < n; i++) {
            int h;
            if (!Bits.get(validity, i)) {
                h = NULL_HASH;
            } else {
                h = switch (kind) {
                    case BOOLEAN -> Bits.get(data, i) ? 1231 : 1237;
                    case INT8 -> data.getByte(i);
                    case INT16 -> data.getShort((long) i << 1);
                    case INT32 -> data.getInt((long) i << 2);
                    case INT64 -> Long.hashCode(data.getLong((long) i << 3));
                    case FLOAT32 -> RowKeys.normalizedBits(data.getFloat((long) i << 2));
                    case FLOAT64 -> Long.hashCode(normalizedBits(data.getDouble((long) i << 3)));
                    case DECIMAL -> Long.hashCode(data.getLong((long) i << 4)) * 31
                            + Long.hashCode(data.getLong(((long) i << 4) + 8));
                    case UTF8, BINARY -> {
                        ArrowBuf offsets = v.getOffsetBuffer();
                        yield ByteFunctionHelpers.hash(data, offsets.getInt((long) i << 2),
                                offsets.getInt(((long) i << 2) + 4));
                    }
                    case NULL -> NULL_HASH;
                    case LIST, STRUCT, MAP -> throw new IllegalStateException("nested values are hashed above");
                };
            }
            hashes[i] = hashes[i] * 31 + h;
        }
    }

    private static long normalizedBits(double d) {
        return d == 0.0 ? 0L : Double.doubleToLongBits(d);
    }

    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    private boolean keysEqual(FieldVector[] batchKeys, int row, int group) {
        for (int c = 0; c < kinds.length; c++) {
            PhysicalKind kind = kinds[c];
            if (kind == PhysicalKind.NULL) {
                continue;
            }
            FieldVector a = batchKeys[c];
            FieldVector b = keys[c];
            boolean aValid = Bits.get(a.getValidityBuffer(), row);
            boolean bValid = Bits.get(b.getValidityBuffer(), group);
            if (aValid != bValid) {
                return false;
            }
            if (!aValid) {
                continue;
            }
            if (kind == PhysicalKind.LIST || kind == PhysicalKind.STRUCT || kind == PhysicalKind.MAP) {
                if (!RowKeys.valuesEqual(kind, a, row, b, group)) {
                    return false;
                }
                continue;
            }
            ArrowBuf ad = a.getDataBuffer();
            ArrowBuf bd = b.getDataBuffer();
            boolean equal = switch (kind) {
                case BOOLEAN -> Bits.get(ad, row) == Bits.get(bd, group);
                case INT8 -> ad.getByte(row) == bd.getByte(group);
                case INT16 -> ad.getShort((long) row << 1) == bd.getShort((long) group << 1);
                case FLOAT32 -> {
                    float x = ad.getFloat((long) row << 2);
                    float y = bd.getFloat((long) group << 2);
                    yield x == y || (Float.isNaN(x) && Float.isNaN(y));
                }
                case INT32 -> ad.getInt((long) row << 2) == bd.getInt((long) group << 2);
                case INT64 -> ad.getLong((long) row << 3) == bd.getLong((long) group << 3);
                case FLOAT64 -> {
                    double x = ad.getDouble((long) row << 3);
                    double y = bd.getDouble((long) group << 3);
                    yield x == y || (Double.isNaN(x) && Double.isNaN(y));
                }
                case DECIMAL -> ad.getLong((long) row << 4) == bd.getLong((long) group << 4)
                        && ad.getLong(((long) row << 4) + 8) == bd.getLong(((long) group << 4) + 8);
                case UTF8, BINARY -> {
                    ArrowBuf ao = a.getOffsetBuffer();
                    ArrowBuf bo = b.getOffsetBuffer();
                    int as = ao.getInt((long) row << 2);
                    int ae = ao.getInt(((long) row << 2) + 4);
                    int bs = bo.getInt((long) group << 2);
                    int be = bo.getInt(((long) group << 2) + 4);
                    int length = ae - as;
                    if (length != be - bs) {
                        yield false;
                    }
                    if (length <= 8 && as + 8L <= ad.capacity() && bs + 8L <= bd.capacity()) {
                        // one 8-byte load per side, the bytes past the value masked off (little-endian)
                        long mask = length == 8 ? -1L : (1L << (length << 3)) - 1;
                        yield ((ad.getLong(as) ^ bd.getLong(bs)) & mask) == 0;
                    }
                    yield ByteFunctionHelpers.equal(ad, as, ae, bd, bs, be) == 1;
                }
                case NULL -> true;
                case LIST, STRUCT, MAP -> throw new IllegalStateException("nested values are compared above");
            };
            if (!equal) {
                return false;
            }
        }
        return true;
    }

    /** The keys of groups [from, from + count), one new vector per key column. */
    public List<FieldVector> keys(int from, int count, BufferAllocator allocator) {
        if (integralType != null) {
            return List.of(integralKeys(from, count, allocator));
        }
        List<FieldVector> out = new ArrayList<>(keys.length);
        try {
            for (int c = 0; c < keys.length; c++) {
                keys[c].setValueCount(groupCount);
                out.add(Vectors.slice(keys[c], from, count, allocator));
            }
            return out;
        } catch (RuntimeException e) {
            out.forEach(FieldVector::close);
            throw e;
        }
    }

    @Override
    public void close() {
        for (FieldVector v : keys) {
            if (v != null) {
                v.close();
            }
        }
    }
}
