package io.updraft.core.task;

import java.util.List;
import java.util.Objects;

/**
 * One file a write task attempt wrote, still pending: {@code key} is where the job commit makes it visible
 * (relative to the output folder, partition folders included, e.g. {@code year=2024/part-00003-<id>-c000.snappy.parquet}),
 * {@code partition} its partition folder ("" when not partitioned), {@code rows} and {@code bytes} what it holds.
 * Where it waits: on a local folder {@code stagedKey}, its key in the attempt's staging folder (relative to the
 * output folder); on S3 the multipart upload {@code uploadId} whose parts' ETags are {@code partETags}, in part
 * order (completing it publishes the object). Immutable.
 */
public record WrittenFile(String key, String partition, long rows, long bytes, String stagedKey, String uploadId,
                          List<String> partETags) {
    public WrittenFile {
        Objects.requireNonNull(key, "key is null");
        partition = partition == null ? "" : partition;
        partETags = partETags == null ? List.of() : List.copyOf(partETags);
        if ((stagedKey == null) == (uploadId == null)) {
            throw new IllegalArgumentException("a written file waits either in a staging folder or in a multipart "
                    + "upload: stagedKey=" + stagedKey + ", uploadId=" + uploadId);
        }
    }

    /** A file staged in a local folder. */
    public static WrittenFile staged(String key, String partition, long rows, long bytes, String stagedKey) {
        return new WrittenFile(key, partition, rows, bytes, stagedKey, null, List.of());
    }

    /** A file waiting in an S3 multipart upload that is not completed. */
    public static WrittenFile upload(String key, String partition, long rows, long bytes, String uploadId,
                                     List<String> partETags) {
        return new WrittenFile(key, partition, rows, bytes, null, uploadId, partETags);
    }
}
