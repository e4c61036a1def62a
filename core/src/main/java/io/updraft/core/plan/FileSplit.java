package io.updraft.core.plan;

import java.util.List;
import java.util.Objects;

/**
 * Part of one Parquet file for one task: the path (local path or s3:// URI) and the row groups to read
 * (empty list = all row groups of the file). {@code bytes} is the compressed size, for accounting.
 */
public record FileSplit(String path, List<Integer> rowGroups, long bytes) {
    public FileSplit {
        Objects.requireNonNull(path, "path is null");
        rowGroups = List.copyOf(rowGroups);
    }
}
