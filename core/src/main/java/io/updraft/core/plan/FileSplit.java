package io.updraft.core.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Part of one file for one task: the path (local path or s3:// URI); for Parquet the row groups to read (empty =
 * all row groups of the file); for line-based formats the byte range {@code [start, start + length)} (length -1 =
 * to the end of the file; a range that does not start at 0 begins after the first line break at or past
 * {@code start}, and the last line read is the one running past the range's end, as Hadoop's line reader);
 * {@code partitionValues}, the Hive-style partition values of the file's folder as written in its path (null =
 * Spark's {@code __HIVE_DEFAULT_PARTITION__}), in the scan's partition-column order. {@code bytes} is the split's
 * size, for accounting.
 */
public record FileSplit(String path, List<Integer> rowGroups, long bytes, long start, long length,
                        List<String> partitionValues) {
    public FileSplit {
        Objects.requireNonNull(path, "path is null");
        rowGroups = List.copyOf(rowGroups);
        partitionValues = partitionValues == null ? List.of()
                : Collections.unmodifiableList(new ArrayList<>(partitionValues));
    }

    /** Row groups of a file outside any partition folder, or the whole file. */
    public FileSplit(String path, List<Integer> rowGroups, long bytes) {
        this(path, rowGroups, bytes, 0, -1, List.of());
    }

    public FileSplit withPartitionValues(List<String> values) {
        return new FileSplit(path, rowGroups, bytes, start, length, values);
    }
}
