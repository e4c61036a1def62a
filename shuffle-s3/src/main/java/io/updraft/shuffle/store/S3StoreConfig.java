package io.updraft.shuffle.store;

import io.updraft.core.conf.SettingKeys;

import java.net.URI;
import java.util.Map;
import java.util.Objects;

/**
 * How to reach S3. {@code endpoint} null means AWS's own endpoint for {@code region}; set it (with
 * {@code pathStyle}) for any other S3 API server such as LocalStack. Credentials come from the SDK's
 * default chain unless {@code accessKey}/{@code secretKey} are given.
 */
public record S3StoreConfig(String region, URI endpoint, boolean pathStyle, String accessKey, String secretKey,
                            long multipartThreshold, long partSize) {
    public static final long DEFAULT_MULTIPART_THRESHOLD = 16L * 1024 * 1024;
    public static final long MIN_PART_SIZE = 5L * 1024 * 1024;

    public S3StoreConfig {
        Objects.requireNonNull(region, "region is null");
        if (partSize < MIN_PART_SIZE) {
            throw new IllegalArgumentException("S3 part size must be >= 5 MiB, was " + partSize);
        }
        if (multipartThreshold < partSize) {
            throw new IllegalArgumentException("multipart threshold " + multipartThreshold + " < part size " + partSize);
        }
    }

    /**
     * From settings: updraft.s3.region (default us-east-1), updraft.s3.endpoint, updraft.s3.pathStyle,
     * updraft.s3.accessKey, updraft.s3.secretKey, updraft.s3.multipartThreshold, updraft.s3.partSize.
     */
    public static S3StoreConfig fromSettings(Map<String, String> settings) {
        String endpoint = settings.get(SettingKeys.S3_ENDPOINT);
        long partSize = Long.parseLong(settings.getOrDefault(SettingKeys.S3_PART_SIZE,
                String.valueOf(8L * 1024 * 1024)));
        return new S3StoreConfig(
                settings.getOrDefault(SettingKeys.S3_REGION, "us-east-1"),
                endpoint == null || endpoint.isBlank() ? null : URI.create(endpoint),
                Boolean.parseBoolean(settings.getOrDefault(SettingKeys.S3_PATH_STYLE,
                        String.valueOf(endpoint != null))),
                settings.get(SettingKeys.S3_ACCESS_KEY),
                settings.get(SettingKeys.S3_SECRET_KEY),
                Long.parseLong(settings.getOrDefault(SettingKeys.S3_MULTIPART_THRESHOLD,
                        String.valueOf(Math.max(DEFAULT_MULTIPART_THRESHOLD, partSize)))),
                partSize);
    }
}
