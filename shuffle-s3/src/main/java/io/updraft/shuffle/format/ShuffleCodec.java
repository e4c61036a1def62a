package io.updraft.shuffle.format;

import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;

import java.util.Locale;

/**
 * Arrow IPC buffer compression for shuffle objects: "lz4" (standard LZ4 frames, written and read by
 * {@link Lz4FrameCodec} over aircompressor), "zstd" (native zstd-jni) or "none". The engine picks none for a local
 * shuffle root and zstd for S3 unless told otherwise (engine's {@code ShuffleSettings}).
 */
public enum ShuffleCodec {
    LZ4(CompressionUtil.CodecType.LZ4_FRAME),
    ZSTD(CompressionUtil.CodecType.ZSTD),
    NONE(CompressionUtil.CodecType.NO_COMPRESSION);

    private final CompressionUtil.CodecType arrowType;

    ShuffleCodec(CompressionUtil.CodecType arrowType) {
        this.arrowType = arrowType;
    }

    CompressionUtil.CodecType arrowType() {
        return arrowType;
    }

    CompressionCodec.Factory factory() {
        return this == NONE ? NoCompressionCodec.Factory.INSTANCE : CompressionFactory.INSTANCE;
    }

    public static ShuffleCodec parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown shuffle codec '" + name + "'; use lz4, zstd or none", e);
        }
    }
}
