package io.updraft.coordinator.scan;

/** One Parquet row group as its footer describes it: ordinal in the file, rows, compressed bytes. */
public record RowGroupInfo(int index, long rowCount, long compressedBytes) {
    public RowGroupInfo {
        if (index < 0 || rowCount < 0 || compressedBytes < 0) {
            throw new IllegalArgumentException("bad row group " + index + ": " + rowCount + " rows, "
                    + compressedBytes + " bytes");
        }
    }
}
