package io.updraft.core.conf;

/**
 * The {@code updraft.*} settings that both the coordinator and the workers read (a task carries the session's
 * settings in {@code TaskSpec.config}). Settings only one side reads are defined next to their reader.
 */
public final class SettingKeys {
    /** Where shuffle objects go: a folder, {@code file:} URI or {@code s3://bucket/prefix}. */
    public static final String SHUFFLE_ROOT = "updraft.shuffle.root";
    /** Specs and results larger than this many bytes travel as {@link PayloadReference}s. */
    public static final String LAMBDA_MAX_PAYLOAD_BYTES = "updraft.lambda.maxPayloadBytes";
    /** Lambda's synchronous payload limit is 6 MB each way. */
    public static final int DEFAULT_LAMBDA_MAX_PAYLOAD_BYTES = 6_000_000;
    /** The object-store root where payload objects go ({@code <root>/payloads/...}). */
    public static final String LAMBDA_PAYLOAD_ROOT = "updraft.lambda.payloadRoot";
    /** Prefix of the settings of the S3 client (both sides reach the same store). */
    public static final String S3_PREFIX = "updraft.s3.";
    public static final String S3_REGION = "updraft.s3.region";
    public static final String S3_ENDPOINT = "updraft.s3.endpoint";
    public static final String S3_PATH_STYLE = "updraft.s3.pathStyle";
    public static final String S3_ACCESS_KEY = "updraft.s3.accessKey";
    public static final String S3_SECRET_KEY = "updraft.s3.secretKey";
    public static final String S3_PART_SIZE = "updraft.s3.partSize";
    public static final String S3_MULTIPART_THRESHOLD = "updraft.s3.multipartThreshold";

    private SettingKeys() {
    }
}
