package io.updraft.engine.file;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.parquet.ParquetFiles;
import io.updraft.engine.store.ObjectStoreProvider;
import io.updraft.engine.store.ObjectStores;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Opens the bytes of a text file (CSV, JSON, text) on a local disk or in S3, through the same inputs as the Parquet
 * reader ({@link ParquetFiles#inputFile}: ranged GETs of {@value #CHUNK} bytes for s3:// paths), decompressed by
 * the name's extension ({@link Compression}). Missing files are USER errors naming the path. Stateless.
 */
public final class TextInputs {
    /** Bytes asked for per read of the underlying input (one GET per chunk on S3). */
    public static final int CHUNK = 4 * 1024 * 1024;

    private TextInputs() {
    }

    /** An opened range: the stream (positioned at the split's start) and the range's end. */
    public record Opened(InputStream stream, long end, boolean wholeFile) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            stream.close();
        }
    }

    /**
     * Opens {@code split}: a compressed file, or a split with length -1, is read whole; otherwise the stream starts
     * at the split's start and {@code end} is start + length.
     */
    public static Opened open(FileSplit split, Map<String, String> settings, ObjectStoreProvider stores,
                              LongConsumer bytesRead, LongConsumer requests) {
        String path = split.path();
        Compression codec = Compression.ofPath(path);
        try {
            InputFile file = ParquetFiles.inputFile(path, settings, stores, bytesRead, requests);
            SeekableInputStream raw = file.newStream();
            boolean whole = !codec.splittable() || split.length() < 0;
            try {
                if (!whole) {
                    raw.seek(split.start());
                }
                InputStream buffered = new BufferedInputStream(raw, CHUNK);
                InputStream stream = whole ? codec.decompress(buffered) : buffered;
                long end = whole ? Long.MAX_VALUE : split.start() + split.length();
                return new Opened(stream, end, whole);
            } catch (IOException | RuntimeException e) {
                raw.close();
                throw e;
            }
        } catch (IOException e) {
            throw unreadable(path, e);
        }
    }

    /** Opens a whole file, for schema inference (shared stores, no metrics). */
    public static InputStream openWhole(String path, Map<String, String> settings) {
        return open(new FileSplit(path, java.util.List.of(), 0), settings, ObjectStores.shared(), b -> { },
                r -> { }).stream();
    }

    /** A read failure of {@code path} (corrupt compressed data, a truncated file) as a USER error naming it. */
    public static UpdraftException unreadable(String path, Exception e) {
        if (e instanceof UpdraftException u) {
            return u;
        }
        String reason = e.getMessage() == null ? e.getClass().getSimpleName()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
        return new UpdraftException(io.updraft.core.error.ErrorType.USER, "FAILED_READ_FILE.NO_HINT", "KD001",
                "Encountered error while reading file " + path + ". " + reason, e);
    }
}
