package io.updraft.shuffle.format;

import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;

/**
 * The Arrow IPC codecs Updraft writes and reads with (shuffle objects, spill files): {@code LZ4_FRAME} by
 * {@link Lz4FrameCodec} (aircompressor), {@code ZSTD} by arrow-compression's zstd-jni codec, none as Arrow's own.
 * Stateless; every call makes a new codec (a codec is not thread-safe).
 */
public final class CompressionFactory implements CompressionCodec.Factory {
    public static final CompressionFactory INSTANCE = new CompressionFactory();

    private CompressionFactory() {
    }

    @Override
    public CompressionCodec createCodec(CompressionUtil.CodecType codecType) {
        return codecType == CompressionUtil.CodecType.LZ4_FRAME ? new Lz4FrameCodec()
                : CommonsCompressionFactory.INSTANCE.createCodec(codecType);
    }

    @Override
    public CompressionCodec createCodec(CompressionUtil.CodecType codecType, int compressionLevel) {
        return codecType == CompressionUtil.CodecType.LZ4_FRAME ? new Lz4FrameCodec()
                : CommonsCompressionFactory.INSTANCE.createCodec(codecType, compressionLevel);
    }
}
