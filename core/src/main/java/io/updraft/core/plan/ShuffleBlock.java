package io.updraft.core.plan;

import java.util.Objects;

/** One partition of one committed map output: a byte range of a shuffle object (key relative to the store). */
public record ShuffleBlock(String key, long offset, long length) {
    public ShuffleBlock {
        Objects.requireNonNull(key, "key is null");
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("negative offset or length: " + offset + ", " + length);
        }
    }
}
