package io.updraft.shuffle.format;

import java.util.List;

/**
 * Where each partition lies in one shuffle object: byte offset, length and row count per partition.
 * An empty partition has length 0.
 */
public record PartitionIndex(List<Long> offsets, List<Long> lengths, List<Long> rows) {
    public PartitionIndex {
        offsets = List.copyOf(offsets);
        lengths = List.copyOf(lengths);
        rows = List.copyOf(rows);
        if (offsets.size() != lengths.size() || lengths.size() != rows.size()) {
            throw new IllegalArgumentException("index lists differ in size");
        }
    }

    public int partitions() {
        return offsets.size();
    }

    public long totalRows() {
        return rows.stream().mapToLong(Long::longValue).sum();
    }
}
