package io.updraft.coordinator.scan;

import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/** What a Parquet footer says about one file: its schema, row count and row groups in file order. */
public record ParquetFileInfo(String path, StructType schema, long rowCount, List<RowGroupInfo> rowGroups) {
    public ParquetFileInfo {
        Objects.requireNonNull(path, "path is null");
        Objects.requireNonNull(schema, "schema is null");
        rowGroups = List.copyOf(rowGroups);
    }

    /** Compressed size of all row groups. */
    public long totalBytes() {
        long sum = 0;
        for (RowGroupInfo g : rowGroups) {
            sum += g.compressedBytes();
        }
        return sum;
    }
}
