package io.updraft.planner.logical;

import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * Parquet files read as one relation, with the schema and sizes read from their footers (by whoever
 * builds it: the session's reader). {@code displayPaths} are the user's paths, for explain.
 */
public record ParquetSource(List<String> files, List<String> displayPaths, StructType schema, long sizeInBytes,
                            long rowCount) {
    public ParquetSource {
        files = List.copyOf(files);
        displayPaths = List.copyOf(displayPaths);
        Objects.requireNonNull(schema, "schema is null");
    }
}
