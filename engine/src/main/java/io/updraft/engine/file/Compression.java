package io.updraft.engine.file;

import com.github.luben.zstd.ZstdInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * The compression codec of a text input, chosen by the file name's extension as Hadoop's
 * {@code CompressionCodecFactory} does (what Spark reads by): {@code .gz} gzip, {@code .bz2} bzip2, {@code .zst}
 * zstd; anything else is read as is. A compressed file is never split (Updraft does not split bzip2 either).
 * Stateless.
 */
public enum Compression {
    NONE, GZIP, BZIP2, ZSTD;

    public static Compression ofPath(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".gz")) {
            return GZIP;
        }
        if (lower.endsWith(".bz2")) {
            return BZIP2;
        }
        if (lower.endsWith(".zst")) {
            return ZSTD;
        }
        return NONE;
    }

    public boolean splittable() {
        return this == NONE;
    }

    /** {@code raw} decompressed (the caller closes the result, which closes {@code raw}). */
    public InputStream decompress(InputStream raw) throws IOException {
        return switch (this) {
            case NONE -> raw;
            case GZIP -> new GZIPInputStream(raw, 64 * 1024);
            case BZIP2 -> new BZip2CompressorInputStream(raw, true);
            case ZSTD -> new ZstdInputStream(raw);
        };
    }
}
