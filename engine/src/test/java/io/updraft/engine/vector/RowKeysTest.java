package io.updraft.engine.vector;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RowKeysTest {
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void close() {
        allocator.close();
    }

    @Test
    void keysLandInSparksShufflePartitionsNullsIncluded() {
        try (BigIntVector ages = new BigIntVector("age", allocator)) {
            ages.allocateNew(3);
            ages.set(0, 19);
            ages.setNull(1);
            ages.set(2, 30);
            ages.setValueCount(3);
            int[] hashes = new int[3];
            RowKeys.seed(hashes, 3, RowKeys.SHUFFLE_SEED);
            RowKeys.hash(ages, 3, hashes);
            // Spark: pmod(hash(age), 200) is 4, 42, 168 (a null leaves the seed 42: Spark's hash(null) = 42)
            assertThat(hashes[1]).isEqualTo(42);
            assertThat(new int[] {Math.floorMod(hashes[0], 200), Math.floorMod(hashes[1], 200),
                    Math.floorMod(hashes[2], 200)}).containsExactly(4, 42, 168);
            assertThat(RowKeys.hashValue(ages, 1, 7)).isEqualTo(7);
        }
    }
}
