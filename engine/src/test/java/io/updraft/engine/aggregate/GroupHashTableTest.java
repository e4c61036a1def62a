package io.updraft.engine.aggregate;

import io.updraft.engine.testing.TestBatches;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

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
}
