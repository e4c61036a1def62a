package io.updraft.engine.operator;

/**
 * A stable merge sort of row references (batch index in the high 32 bits, row in the low 32 bits)
 * with a primitive comparator: no boxing, O(n log n) comparisons, insertion sort for short runs.
 */
final class RowReferenceSort {
    interface Comparator {
        int compare(long a, long b);
    }

    private static final int INSERTION_THRESHOLD = 24;

    private RowReferenceSort() {
    }

    static void sort(long[] refs, int n, Comparator comparator) {
        long[] scratch = new long[n];
        System.arraycopy(refs, 0, scratch, 0, n);
        mergeSort(scratch, refs, 0, n, comparator);
    }

    /** Sorts src[from, to) into dst[from, to); src and dst hold the same values on entry. */
    private static void mergeSort(long[] src, long[] dst, int from, int to, Comparator c) {
        int length = to - from;
        if (length <= INSERTION_THRESHOLD) {
            for (int i = from + 1; i < to; i++) {
                long value = dst[i];
                int j = i - 1;
                while (j >= from && c.compare(dst[j], value) > 0) {
                    dst[j + 1] = dst[j];
                    j--;
                }
                dst[j + 1] = value;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(dst, src, from, mid, c);
        mergeSort(dst, src, mid, to, c);
        if (c.compare(src[mid - 1], src[mid]) <= 0) {
            System.arraycopy(src, from, dst, from, length);
            return;
        }
        int p = from;
        int q = mid;
        for (int i = from; i < to; i++) {
            if (q >= to || (p < mid && c.compare(src[p], src[q]) <= 0)) {
                dst[i] = src[p++];
            } else {
                dst[i] = src[q++];
            }
        }
    }
}
