package io.updraft.shuffle.read;

import java.util.Objects;

/** A byte range of one object: one partition of one committed map output. */
public record BlockRef(String key, long offset, long length) {
    public BlockRef {
        Objects.requireNonNull(key, "key is null");
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("negative offset or length: " + offset + ", " + length);
        }
    }
}
