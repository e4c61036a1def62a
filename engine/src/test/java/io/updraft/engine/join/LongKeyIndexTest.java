package io.updraft.engine.join;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The integral-key join index against a {@code HashMap} of row lists. */
class LongKeyIndexTest {
    private static List<Integer> rowsOf(LongKeyIndex index, int first) {
        List<Integer> rows = new ArrayList<>();
        for (int g = first; g != LongKeyIndex.END; g = index.next(g)) {
            rows.add(g);
        }
        return rows;
    }

    @Test
    void chainsEveryRowOfAKeyInArrivalOrderAndNothingElse() {
        int n = 50_000;
        Random random = new Random(11);
        long[] keys = new long[n];
        long[] special = {Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L << 63 >>> 1, Integer.MIN_VALUE};
        for (int i = 0; i < n; i++) {
            int pick = random.nextInt(4);
            // dense small keys, keys that share their low 32 bits (and so collide on a low-bit hash), extremes
            keys[i] = pick == 0 ? random.nextInt(5_000) : pick == 1 ? (long) random.nextInt(5_000) << 32
                    : pick == 2 ? special[random.nextInt(special.length)] : random.nextLong();
        }
        LongKeyIndex index = new LongKeyIndex(n);
        Map<Long, List<Integer>> expected = new HashMap<>();
        for (int g = n - 1; g >= 0; g--) {
            index.add(g, keys[g]);
        }
        for (int g = 0; g < n; g++) {
            expected.computeIfAbsent(keys[g], k -> new ArrayList<>()).add(g);
        }
        assertThat(index.distinctKeys()).isEqualTo(expected.size());
        for (Map.Entry<Long, List<Integer>> e : expected.entrySet()) {
            assertThat(rowsOf(index, index.first(e.getKey()))).as("key " + e.getKey()).isEqualTo(e.getValue());
        }
        for (int i = 0; i < 10_000; i++) {
            long absent = random.nextLong();
            if (!expected.containsKey(absent)) {
                assertThat(index.first(absent)).isEqualTo(LongKeyIndex.END);
            }
        }
        assertThat(index.firstNull()).isEqualTo(LongKeyIndex.END);
    }

    @Test
    void keysThatCollideInTheTableProbeOnAndNullRowsChainApart() {
        // keys that share a slot (mod 1024 after hashing or not) must probe past each other
        LongKeyIndex index = new LongKeyIndex(8);
        long[] keys = {5, 5 + 16, 5 + 32, Long.MIN_VALUE, 0, 5};
        index.addNull(7);
        for (int g = keys.length - 1; g >= 0; g--) {
            index.add(g, keys[g]);
        }
        index.addNull(6);
        assertThat(rowsOf(index, index.first(5))).containsExactly(0, 5);
        assertThat(rowsOf(index, index.first(21))).containsExactly(1);
        assertThat(rowsOf(index, index.first(37))).containsExactly(2);
        assertThat(rowsOf(index, index.first(Long.MIN_VALUE))).containsExactly(3);
        assertThat(rowsOf(index, index.first(0))).containsExactly(4);
        assertThat(index.first(53)).isEqualTo(LongKeyIndex.END);
        assertThat(rowsOf(index, index.firstNull())).containsExactly(6, 7);
        assertThat(index.distinctKeys()).isEqualTo(5);
    }

    @Test
    void anEmptyIndexMatchesNothing() {
        LongKeyIndex index = new LongKeyIndex(0);
        assertThat(index.first(0)).isEqualTo(LongKeyIndex.END);
        assertThat(index.firstNull()).isEqualTo(LongKeyIndex.END);
    }

    @Test
    void theTableIsSizedByDistinctKeysNotRows() {
        int n = 200_000;
        LongKeyIndex index = new LongKeyIndex(n);
        for (int g = n - 1; g >= 0; g--) {
            index.add(g, g % 10);
        }
        assertThat(index.distinctKeys()).isEqualTo(10);
        assertThat(rowsOf(index, index.first(3))).hasSize(n / 10).startsWith(3, 13, 23);
        // the chain (4 B a row) and the initial 1024 slots (16 B each), nothing sized by the rows
        assertThat(index.bytes()).isEqualTo(4L * n + 16L * 1024);
    }
}
