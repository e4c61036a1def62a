package io.updraft.core.task;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.core.plan.ShuffleBlock;

import java.util.List;
import java.util.Objects;

/**
 * The one shuffle object a map task attempt wrote: its key (relative to the shuffle root) and, per
 * output partition, the byte offset, length (0 = empty) and row count inside it.
 */
public record ShuffleOutput(String key, List<Long> offsets, List<Long> lengths, List<Long> rows) {
    public ShuffleOutput {
        Objects.requireNonNull(key, "key is null");
        offsets = List.copyOf(offsets);
        lengths = List.copyOf(lengths);
        rows = List.copyOf(rows);
        if (offsets.size() != lengths.size() || lengths.size() != rows.size()) {
            throw new IllegalArgumentException("shuffle output index lists differ in size: " + offsets.size() + ", "
                    + lengths.size() + ", " + rows.size());
        }
    }

    @JsonIgnore
    public int partitionCount() {
        return offsets.size();
    }

    @JsonIgnore
    public long totalRows() {
        long total = 0;
        for (long r : rows) {
            total += r;
        }
        return total;
    }

    /** The block a reducer of {@code partition} reads. */
    public ShuffleBlock block(int partition) {
        return new ShuffleBlock(key, offsets.get(partition), lengths.get(partition));
    }
}
