package io.updraft.shuffle.store;

/** One listed object. */
public record ObjectInfo(String key, long size) {
}
