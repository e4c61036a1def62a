package io.updraft.shuffle.format;

/**
 * Object keys of shuffle data. A short hash of (job, stage, task) comes first so that requests spread
 * over S3 prefixes; the attempt is part of the key, so attempts never overwrite each other:
 * {@code shuffle/<2 hex>/<job>/s<stage>/t<task>-a<attempt>.arrow}.
 */
public final class ShuffleKeys {
    private ShuffleKeys() {
    }

    public static String mapOutput(String jobId, int stageId, int taskId, int attempt) {
        int h = (jobId.hashCode() * 31 + stageId) * 31 + taskId;
        h ^= h >>> 16;
        String prefix = String.format("%02x", h & 0xff);
        return "shuffle/" + prefix + "/" + jobId + "/s" + stageId + "/t" + taskId + "-a" + attempt + ".arrow";
    }

    /** The prefix holding every shuffle object of a job under one hash bucket (for cleanup, list by job). */
    public static String jobMarker(String jobId) {
        return "/" + jobId + "/";
    }
}
