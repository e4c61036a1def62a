package io.updraft.engine.aggregate;

import io.updraft.engine.testing.TestBatches;
import io.updraft.engine.vector.IntegralKeys;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class GroupHashTableTest {
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    @Test
    void assignsDenseIdsInOrderOfFirstAppearanceWithNullsAsAGroup() {
        try (GroupHashTable table = new GroupHashTable(List.of(DataTypes.StringType, DataTypes.DoubleType), allocator);
             FieldVector s = TestBatches.column(allocator, "s", DataTypes.StringType, "a", "b", "a", null, null, "a", "a");
             FieldVector d = TestBatches.column(allocator, "d", DataTypes.DoubleType, 1.0, 1.0, 1.0, null, null, -0.0,
                     0.0)) {
            int[] ids = new int[7];
            table.findOrInsert(new FieldVector[] {s, d}, 7, ids);
            assertThat(ids).containsExactly(0, 1, 0, 2, 2, 3, 3);
            assertThat(table.groupCount()).isEqualTo(4);
            List<FieldVector> keys = table.keys(1, 3, allocator);
            try {
                assertThat(TestBatches.values(keys.get(0), DataTypes.StringType)).containsExactly("b", null, "a");
            } finally {
                keys.forEach(FieldVector::close);
            }
        }
    }

    @Test
    void shortStringsThatShareA32BitHashStayApart() {
        // 300 K distinct strings of 1 to 8 bytes: about ten pairs share a 32-bit hash, so the short-string compare
        // (one masked 8-byte load per side) must tell them apart; prefixes of each other differ in length only
        int n = 300_000;
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            values[i] = i % 2 == 0 ? Integer.toString(i, 36) : Integer.toString(i, 36) + "\u0000";
        }
        try (GroupHashTable table = new GroupHashTable(List.of(DataTypes.StringType), allocator);
             FieldVector keys = TestBatches.column(allocator, "s", DataTypes.StringType, values)) {
            int[] ids = new int[n];
            table.findOrInsert(new FieldVector[] {keys}, n, ids);
            assertThat(table.groupCount()).isEqualTo(n);
            for (int i = 0; i < n; i++) {
                assertThat(ids[i]).isEqualTo(i);
            }
            int[] again = new int[n];
            table.findOrInsert(new FieldVector[] {keys}, n, again);
            assertThat(again).isEqualTo(ids);
        }
    }

    @Test
    void growsPastItsInitialCapacity() {
        int n = 100_000;
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            values[i] = (long) (i % 40_000) * 1_000_003L;
        }
        try (GroupHashTable table = new GroupHashTable(List.of(DataTypes.LongType), allocator);
             FieldVector keys = TestBatches.column(allocator, "k", DataTypes.LongType, values)) {
            int[] ids = new int[n];
            table.findOrInsert(new FieldVector[] {keys}, n, ids);
            assertThat(table.groupCount()).isEqualTo(40_000);
            for (int i = 0; i < n; i++) {
                assertThat(ids[i]).isEqualTo(i % 40_000);
            }
        }
    }

    /** The A/B switch ({@code updraft.integralKeyTables=false}) sends one bigint key down the general path: same ids. */
    @Test
    void oneBigintKeyGetsTheSameIdsWithThePrimitivePathSwitchedOff() {
        Object[] values = {7L, Long.MIN_VALUE, null, 7L, 1024L, Long.MAX_VALUE, null, 1024L, 0L};
        try (GroupHashTable primitive = new GroupHashTable(List.of(DataTypes.LongType), allocator, true);
             GroupHashTable general = new GroupHashTable(List.of(DataTypes.LongType), allocator, false);
             FieldVector keys = TestBatches.column(allocator, "k", DataTypes.LongType, values)) {
            int[] a = new int[values.length];
            int[] b = new int[values.length];
            primitive.findOrInsert(new FieldVector[] {keys}, values.length, a);
            general.findOrInsert(new FieldVector[] {keys}, values.length, b);
            assertThat(b).containsExactly(a).containsExactly(0, 1, 2, 0, 3, 4, 2, 3, 5);
            // the general path keeps its keys in Arrow vectors from the start, the primitive one on the heap
            assertThat(allocator.getAllocatedMemory()).isGreaterThan(0);
            List<FieldVector> out = general.keys(0, 6, allocator);
            try {
                assertThat(TestBatches.values(out.get(0), DataTypes.LongType))
                        .containsExactly(7L, Long.MIN_VALUE, null, 1024L, Long.MAX_VALUE, 0L);
            } finally {
                out.forEach(FieldVector::close);
            }
        }
    }

    @Test
    void thePrimitivePathSettingIsOnUnlessFalse() {
        assertThat(IntegralKeys.enabled(Map.of())).isTrue();
        assertThat(IntegralKeys.enabled(Map.of(IntegralKeys.ENABLED, "true"))).isTrue();
        assertThat(IntegralKeys.enabled(Map.of(IntegralKeys.ENABLED, " FALSE "))).isFalse();
    }

    /** One integral key takes the primitive path: ids in order of first appearance, null a group, any long. */
    @Test
    void oneBigintKeyGroupsExtremesCollidingLowBitsAndNullAgainstAModel() {
        int n = 60_000;
        Random random = new Random(5);
        long[] special = {Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L, 1L, Long.MIN_VALUE + 1, 1L << 40, -(1L << 40)};
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            int pick = random.nextInt(5);
            values[i] = pick == 0 ? null : pick == 1 ? special[random.nextInt(special.length)]
                    : pick == 2 ? (long) random.nextInt(20_000) << 32 : pick == 3 ? random.nextLong()
                    : (long) -random.nextInt(1000);
        }
        Map<Object, Integer> model = new LinkedHashMap<>();
        int[] expectedIds = new int[n];
        for (int i = 0; i < n; i++) {
            expectedIds[i] = model.computeIfAbsent(values[i], k -> model.size());
        }
        try (GroupHashTable table = new GroupHashTable(List.of(DataTypes.LongType), allocator)) {
            int[] ids = new int[n];
            // two calls, so the second batch finds groups the first made (and the table grows in between)
            int half = n / 2;
            try (FieldVector first = TestBatches.column(allocator, "k", DataTypes.LongType,
                    Arrays.copyOfRange(values, 0, half));
                 FieldVector second = TestBatches.column(allocator, "k", DataTypes.LongType,
                         Arrays.copyOfRange(values, half, n))) {
                table.findOrInsert(new FieldVector[] {first}, half, ids);
                int[] rest = new int[n - half];
                table.findOrInsert(new FieldVector[] {second}, n - half, rest);
                System.arraycopy(rest, 0, ids, half, n - half);
            }
            assertThat(ids).isEqualTo(expectedIds);
            assertThat(table.groupCount()).isEqualTo(model.size());
            List<FieldVector> keys = table.keys(0, table.groupCount(), allocator);
            try {
                assertThat(TestBatches.values(keys.get(0), DataTypes.LongType))
                        .containsExactlyElementsOf(new ArrayList<>(model.keySet()));
            } finally {
                keys.forEach(FieldVector::close);
            }
            assertThat(table.estimatedBytes()).isGreaterThan(8L * model.size());
        }
    }

    @Test
    void intDateAndTimestampKeysComeBackInTheirOwnType() {
        try (GroupHashTable ints = new GroupHashTable(List.of(DataTypes.IntegerType), allocator);
             GroupHashTable dates = new GroupHashTable(List.of(DataTypes.DateType), allocator);
             GroupHashTable stamps = new GroupHashTable(List.of(DataTypes.TimestampType), allocator);
             FieldVector i = TestBatches.column(allocator, "i", DataTypes.IntegerType,
                     Integer.MIN_VALUE, null, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, null, -1);
             FieldVector d = TestBatches.column(allocator, "d", DataTypes.DateType,
                     10561, -1, null,
                     10561);
             FieldVector s = TestBatches.column(allocator, "s", DataTypes.TimestampType,
                     Long.MIN_VALUE + 1, 7L, 7L, null)) {
            int[] ids = new int[7];
            ints.findOrInsert(new FieldVector[] {i}, 7, ids);
            assertThat(ids).containsExactly(0, 1, 2, 0, 3, 1, 2);
            dates.findOrInsert(new FieldVector[] {d}, 4, ids);
            assertThat(Arrays.copyOf(ids, 4)).containsExactly(0, 1, 2, 0);
            stamps.findOrInsert(new FieldVector[] {s}, 4, ids);
            assertThat(Arrays.copyOf(ids, 4)).containsExactly(0, 1, 1, 2);
            List<FieldVector> ik = ints.keys(1, 3, allocator);
            List<FieldVector> dk = dates.keys(0, 3, allocator);
            List<FieldVector> sk = stamps.keys(0, 3, allocator);
            try {
                assertThat(TestBatches.values(ik.get(0), DataTypes.IntegerType))
                        .containsExactly(null, -1, Integer.MAX_VALUE);
                assertThat(TestBatches.values(dk.get(0), DataTypes.DateType)).containsExactly(
                        10561, -1, null);
                assertThat(TestBatches.values(sk.get(0), DataTypes.TimestampType))
                        .containsExactly(Long.MIN_VALUE + 1, 7L, null);
            } finally {
                ik.forEach(FieldVector::close);
                dk.forEach(FieldVector::close);
                sk.forEach(FieldVector::close);
            }
        }
    }
}
