package io.updraft.coordinator.output;

import io.updraft.engine.store.ObjectStores;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Output paths before a write: the qualified form, whether something is there already, and how Spark shows it. */
public final class OutputPaths {
    private OutputPaths() {
    }

    /** {@code s3://...} as given (s3a:// becomes s3://); a local path or {@code file:} URI as an absolute path. */
    public static String qualify(String path) {
        if (path.startsWith("s3://") || path.startsWith("s3a://")) {
            return path.startsWith("s3a://") ? "s3://" + path.substring("s3a://".length()) : path;
        }
        return local(path).toString();
    }

    /** Whether the output path exists: a local file or folder, or on S3 any object under the prefix. */
    public static boolean exists(String qualified, Map<String, String> settings) {
        if (ObjectStores.isS3(qualified)) {
            return !ObjectStores.shared().store(qualified, settings).list("").join().isEmpty();
        }
        return Files.exists(Path.of(qualified));
    }

    /** The path as Spark's messages show it: {@code file:/abs/path} or the s3 URI. */
    public static String display(String qualified) {
        return ObjectStores.isS3(qualified) ? qualified : "file:" + qualified;
    }

    private static Path local(String path) {
        Path p = path.startsWith("file:") ? Path.of(URI.create(path)) : Path.of(path);
        return p.toAbsolutePath().normalize();
    }

}
