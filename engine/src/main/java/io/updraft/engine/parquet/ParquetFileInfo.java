package io.updraft.engine.parquet;

import io.updraft.core.stats.ColumnRange;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a Parquet footer says about a file: its readable columns as a schema (all nullable, as Spark
 * reads files), the total row count, one {@link RowGroupInfo} per row group, and the top-level columns
 * Updraft cannot read yet (nested, repeated or exotic types) as "name (type)" strings; they are left out
 * of {@code schema}. {@code columnRanges}: min and max of each top-level numeric, date, timestamp or decimal
 * column whose every row group has statistics with a non-null value (by column name).
 */
public record ParquetFileInfo(String path, long fileSize, StructType schema, long rowCount,
                              List<RowGroupInfo> rowGroups, List<String> unsupportedColumns,
                              Map<String, ColumnRange> columnRanges) {
    public ParquetFileInfo {
        Objects.requireNonNull(path, "path is null");
        Objects.requireNonNull(schema, "schema is null");
        rowGroups = List.copyOf(rowGroups);
        unsupportedColumns = List.copyOf(unsupportedColumns);
        columnRanges = Map.copyOf(columnRanges);
    }

    /** Without column ranges. */
    public ParquetFileInfo(String path, long fileSize, StructType schema, long rowCount, List<RowGroupInfo> rowGroups,
                           List<String> unsupportedColumns) {
        this(path, fileSize, schema, rowCount, rowGroups, unsupportedColumns, Map.of());
    }

    public int rowGroupCount() {
        return rowGroups.size();
    }

    /** Compressed bytes of all row groups. */
    public long compressedBytes() {
        long total = 0;
        for (RowGroupInfo g : rowGroups) {
            total += g.compressedBytes();
        }
        return total;
    }

    /** One row group: its index in the file, rows, compressed and uncompressed bytes of its column chunks. */
    public record RowGroupInfo(int index, long rowCount, long compressedBytes, long uncompressedBytes) {
    }
}
