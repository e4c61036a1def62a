package io.updraft.shuffle.store;

import java.net.URI;

/** A parsed {@code s3://bucket/prefix} URI. The prefix never starts with '/' and is "" or ends with '/'. */
public record S3Location(String bucket, String prefix) {
    public static S3Location parse(String uri) {
        URI u = URI.create(uri);
        if (!"s3".equals(u.getScheme()) && !"s3a".equals(u.getScheme())) {
            throw new IllegalArgumentException("not an s3:// URI: " + uri);
        }
        String bucket = u.getHost();
        if (bucket == null || bucket.isEmpty()) {
            throw new IllegalArgumentException("s3 URI without bucket: " + uri);
        }
        String path = u.getPath() == null ? "" : u.getPath();
        while (path.startsWith("/")) {
            path = path.substring(1);
        }
        if (!path.isEmpty() && !path.endsWith("/")) {
            path = path + "/";
        }
        return new S3Location(bucket, path);
    }

    /** The object key of {@code key} under this prefix. */
    public String keyOf(String key) {
        return prefix + key;
    }
}
