package io.updraft.coordinator;

/**
 * Reads Parquet footers. A missing, truncated or corrupt file is a USER
 * {@link io.updraft.core.error.UpdraftException} naming the file. Implementations are thread-safe.
 */
@FunctionalInterface
public interface ParquetFooterReader {
    ParquetFileInfo read(String path);
}
