package io.updraft.engine.aggregate;

import io.updraft.engine.vector.PhysicalKind;

import java.util.Arrays;

/**
 * Finds a (group, value) pair among the values of a {@link GroupValueLists}: an open-addressing table of references
 * (group, index into the group's list), so values are stored once (collect_set's seen values, the distinct values
 * of mode and percentile). Values are compared by their stored bits (doubles normalized by the caller). Not
 * thread-safe.
 */
final class GroupValueIndex {
    private final GroupValueLists lists;
    private final PhysicalKind kind;
    private int[] slotGroup = filled(64);
    private int[] slotIndex = new int[64];
    private int used;

    GroupValueIndex(GroupValueLists lists) {
        this.lists = lists;
        this.kind = lists.kind();
    }

    long heapBytes() {
        return 8L * slotGroup.length;
    }

    /** The index of the value in group {@code g}'s list, or -1 (high: decimals only; bytes: strings only). */
    int find(int g, long low, long high, byte[] bytes) {
        int mask = slotGroup.length - 1;
        int slot = hash(g, low, high, bytes) & mask;
        while (slotGroup[slot] >= 0) {
            if (slotGroup[slot] == g && matches(g, slotIndex[slot], low, high, bytes)) {
                return slotIndex[slot];
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /** Records that entry {@code k} of group {@code g}'s list holds this value (which {@link #find} did not find). */
    void put(int g, int k, long low, long high, byte[] bytes) {
        if (2 * (used + 1) > slotGroup.length) {
            resize();
        }
        int mask = slotGroup.length - 1;
        int slot = hash(g, low, high, bytes) & mask;
        while (slotGroup[slot] >= 0) {
            slot = (slot + 1) & mask;
        }
        slotGroup[slot] = g;
        slotIndex[slot] = k;
        used++;
    }

    private boolean matches(int g, int k, long low, long high, byte[] bytes) {
        return switch (kind) {
            case UTF8 -> Arrays.equals(lists.bytes(g, k), bytes);
            case DECIMAL -> lists.low(g, k) == low && lists.high(g, k) == high;
            default -> lists.low(g, k) == low;
        };
    }

    private int hash(int g, long low, long high, byte[] bytes) {
        long h = kind == PhysicalKind.UTF8 ? Arrays.hashCode(bytes) : low * 0x9E3779B97F4A7C15L + high;
        h = (h ^ (h >>> 29)) * 0xBF58476D1CE4E5B9L + g * 0x94D049BB133111EBL;
        return (int) (h ^ (h >>> 32));
    }

    private void resize() {
        int[] oldGroup = slotGroup;
        int[] oldIndex = slotIndex;
        slotGroup = filled(oldGroup.length * 2);
        slotIndex = new int[oldGroup.length * 2];
        int mask = slotGroup.length - 1;
        for (int s = 0; s < oldGroup.length; s++) {
            int g = oldGroup[s];
            if (g < 0) {
                continue;
            }
            int k = oldIndex[s];
            long low = kind == PhysicalKind.UTF8 ? 0 : lists.low(g, k);
            long high = kind == PhysicalKind.DECIMAL ? lists.high(g, k) : 0;
            byte[] bytes = kind == PhysicalKind.UTF8 ? lists.bytes(g, k) : null;
            int slot = hash(g, low, high, bytes) & mask;
            while (slotGroup[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            slotGroup[slot] = g;
            slotIndex[slot] = k;
        }
    }

    private static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -1);
        return a;
    }
}
