package io.updraft.engine.shuffle;

import io.updraft.core.conf.SettingKeys;
import io.updraft.core.error.UpdraftException;
import io.updraft.shuffle.format.ShuffleCodec;
import io.updraft.shuffle.read.HedgePolicy;

import java.time.Duration;
import java.util.Map;

/**
 * Shuffle settings of a task: {@value #ROOT} (required: a local folder, {@code file:} URI or
 * {@code s3://bucket/prefix}), {@value #CODEC} (lz4, zstd or none; default none for a local root and zstd for S3, see
 * {@link #defaultCodec}), {@value #MAX_IN_FLIGHT}
 * (concurrent ranged GETs, default 16), {@value #FETCH_BYTES} (bytes fetched per wave, default 64 MiB),
 * {@value #HEDGE_BASE_MILLIS} and {@value #HEDGE_BYTES_PER_SECOND} (hedging: default 200 ms + 20 MB/s;
 * a rate of 0 disables it).
 */
record ShuffleSettings(String root, ShuffleCodec codec, int maxInFlight, long fetchBytes, HedgePolicy hedge) {
    static final String ROOT = SettingKeys.SHUFFLE_ROOT;
    static final String CODEC = "updraft.shuffle.codec";
    static final String MAX_IN_FLIGHT = "updraft.shuffle.maxInFlight";
    static final String FETCH_BYTES = "updraft.shuffle.fetchBytes";
    static final String HEDGE_BASE_MILLIS = "updraft.shuffle.hedgeBaseMillis";
    static final String HEDGE_BYTES_PER_SECOND = "updraft.shuffle.hedgeBytesPerSecond";

    static ShuffleSettings from(Map<String, String> config) {
        String root = config.get(ROOT);
        if (root == null || root.isBlank()) {
            throw UpdraftException.user("Setting " + ROOT + " (where shuffle objects go: a folder or s3://bucket/prefix)"
                    + " is required by shuffle tasks");
        }
        ShuffleCodec codec;
        try {
            String name = config.get(CODEC);
            codec = name == null ? defaultCodec(root) : ShuffleCodec.parse(name);
        } catch (IllegalArgumentException e) {
            throw UpdraftException.user("Setting " + CODEC + ": " + e.getMessage(), e);
        }
        HedgePolicy hedge = HedgePolicy.DEFAULT;
        if (config.containsKey(HEDGE_BASE_MILLIS) || config.containsKey(HEDGE_BYTES_PER_SECOND)) {
            hedge = new HedgePolicy(Duration.ofMillis(number(config, HEDGE_BASE_MILLIS,
                    HedgePolicy.DEFAULT.base().toMillis())),
                    number(config, HEDGE_BYTES_PER_SECOND, HedgePolicy.DEFAULT.bytesPerSecond()));
        }
        long inFlight = number(config, MAX_IN_FLIGHT, 16);
        long fetchBytes = number(config, FETCH_BYTES, 64L * 1024 * 1024);
        if (inFlight < 1 || inFlight > 1024 || fetchBytes < 1) {
            throw UpdraftException.user("Settings " + MAX_IN_FLIGHT + " (1..1024) and " + FETCH_BYTES
                    + " (> 0) are out of range: " + inFlight + ", " + fetchBytes);
        }
        return new ShuffleSettings(root.trim(), codec, (int) inFlight, fetchBytes, hedge);
    }

    /**
     * No compression when the root is a local folder (the bytes never leave the machine; compressing them costs
     * more CPU than writing them), native ZSTD (zstd-jni) when it is S3, where bytes are money and time. "lz4" is
     * shuffle-s3's aircompressor LZ4 frame codec (faster than ZSTD, larger output), available by name.
     */
    static ShuffleCodec defaultCodec(String root) {
        return root.trim().startsWith("s3://") ? ShuffleCodec.ZSTD : ShuffleCodec.NONE;
    }

    private static long number(Map<String, String> config, String key, long defaultValue) {
        String text = config.get(key);
        if (text == null) {
            return defaultValue;
        }
        try {
            long value = Long.parseLong(text.trim());
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw UpdraftException.user("Setting " + key + " must be a non-negative integer, was '" + text + "'");
    }
}
