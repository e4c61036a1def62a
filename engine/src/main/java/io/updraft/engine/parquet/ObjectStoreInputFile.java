package io.updraft.engine.parquet;

import io.updraft.core.error.UpdraftException;
import io.updraft.shuffle.store.ObjectNotFoundException;
import io.updraft.shuffle.store.ObjectStore;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletionException;
import java.util.function.LongConsumer;

/**
 * A Parquet {@link InputFile} over one object of an {@link ObjectStore} (S3, or a local folder in tests):
 * every read is a ranged GET. Small reads (the footer, page headers) fetch a {@value #READ_AHEAD}-byte
 * window — shifted so it ends at the end of the object, so footer length and footer come in one GET — and
 * are served from it; large reads (column chunks) fetch exactly the bytes asked for. Only the column chunks
 * parquet-java asks for are fetched. Bytes fetched go to {@code bytesRead}, GETs to {@code requests}.
 */
final class ObjectStoreInputFile implements InputFile {
    static final int READ_AHEAD = 64 * 1024;

    private final ObjectStore store;
    private final String key;
    private final String uri;
    private final long length;
    private final LongConsumer bytesRead;
    private final LongConsumer requests;

    ObjectStoreInputFile(ObjectStore store, String key, String uri, long length, LongConsumer bytesRead,
                         LongConsumer requests) {
        this.store = store;
        this.key = key;
        this.uri = uri;
        this.length = length;
        this.bytesRead = bytesRead;
        this.requests = requests;
    }

    /** The object's size (a HEAD request); a missing object is a USER error naming it. */
    static long sizeOf(ObjectStore store, String key, String uri, LongConsumer requests) {
        try {
            requests.accept(1);
            return store.size(key).join();
        } catch (CompletionException e) {
            throw translate(e, uri);
        }
    }

    private static RuntimeException translate(CompletionException e, String uri) {
        Throwable cause = e;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof ObjectNotFoundException) {
            return UpdraftException.user("Path does not exist: " + uri, cause);
        }
        if (cause instanceof UpdraftException u) {
            return u;
        }
        return UpdraftException.user("Could not read Parquet file " + uri + ": " + cause, cause);
    }

    @Override
    public long getLength() {
        return length;
    }

    @Override
    public SeekableInputStream newStream() {
        return new RangeStream();
    }

    @Override
    public String toString() {
        return uri;
    }

    private byte[] get(long offset, int count) {
        try {
            requests.accept(1);
            byte[] bytes = store.getRange(key, offset, count).join();
            bytesRead.accept(bytes.length);
            return bytes;
        } catch (CompletionException e) {
            throw translate(e, uri);
        }
    }

    private final class RangeStream extends SeekableInputStream {
        private long position;
        private byte[] window;
        private long windowStart;

        @Override
        public long getPos() {
            return position;
        }

        @Override
        public void seek(long newPos) {
            position = newPos;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n <= 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return read(ByteBuffer.wrap(b, off, len));
        }

        @Override
        public void readFully(byte[] bytes) throws IOException {
            readFully(ByteBuffer.wrap(bytes));
        }

        @Override
        public void readFully(byte[] bytes, int start, int len) throws IOException {
            readFully(ByteBuffer.wrap(bytes, start, len));
        }

        @Override
        public int read(ByteBuffer buf) {
            int wanted = buf.remaining();
            if (wanted == 0) {
                return 0;
            }
            if (position >= length) {
                return -1;
            }
            int count = (int) Math.min(wanted, length - position);
            if (window != null && position >= windowStart && position + count <= windowStart + window.length) {
                buf.put(window, (int) (position - windowStart), count);
            } else if (count >= READ_AHEAD) {
                byte[] bytes = get(position, count);
                count = bytes.length;
                if (count == 0) {
                    return -1;
                }
                buf.put(bytes, 0, count);
            } else {
                long start = Math.max(0, Math.min(position, length - READ_AHEAD));
                window = get(start, (int) Math.min(READ_AHEAD, length - start));
                windowStart = start;
                count = (int) Math.min(count, windowStart + window.length - position);
                if (count <= 0) {
                    return -1;
                }
                buf.put(window, (int) (position - windowStart), count);
            }
            position += count;
            return count;
        }

        @Override
        public void readFully(ByteBuffer buf) throws IOException {
            while (buf.hasRemaining()) {
                int n = read(buf);
                if (n < 0) {
                    throw new EOFException("Reached the end of " + uri + " with " + buf.remaining()
                            + " bytes left to read");
                }
            }
        }

        @Override
        public long skip(long n) {
            position += n;
            return n;
        }

        @Override
        public void close() {
            window = null;
        }
    }
}
