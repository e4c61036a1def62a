package io.updraft.coordinator.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.core.task.WrittenFile;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * What a job commit published, as JSON: the job's {@code _temporary/<writeId>/_COMMIT} marker (written once,
 * conditionally, before anything is published) and the folder's {@code _SUCCESS} file (written after every file is
 * visible) hold it. A reader that trusts {@code _SUCCESS} reads exactly {@code files} — the complete output of
 * one job, never a mix. Immutable.
 */
public record CommitManifest(String committer, String writeId, String jobId, List<Entry> files) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public CommitManifest {
        Objects.requireNonNull(writeId, "writeId is null");
        files = List.copyOf(files);
    }

    /** One published file: its key in the folder, rows and bytes. */
    public record Entry(String key, long rows, long bytes) {
    }

    static CommitManifest of(String writeId, String jobId, List<WrittenFile> files) {
        return new CommitManifest("updraft", writeId, jobId,
                files.stream().map(f -> new Entry(f.key(), f.rows(), f.bytes())).toList());
    }

    public byte[] toJson() {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(this).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static CommitManifest fromJson(byte[] json) {
        try {
            return JSON.readValue(json, CommitManifest.class);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("not a commit manifest: " + e.getMessage(), e);
        }
    }
}
