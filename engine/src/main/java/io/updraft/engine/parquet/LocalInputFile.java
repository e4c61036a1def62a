package io.updraft.engine.parquet;

import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.LongConsumer;

/**
 * A Parquet {@link InputFile} over a local file with java.nio positional reads (no Hadoop FileSystem).
 * Every byte read is reported to {@code bytesRead}, which is how the scan measures I/O.
 */
final class LocalInputFile implements InputFile {
    private final Path path;
    private final LongConsumer bytesRead;

    LocalInputFile(Path path, LongConsumer bytesRead) {
        this.path = path;
        this.bytesRead = bytesRead;
    }

    @Override
    public long getLength() throws IOException {
        return java.nio.file.Files.size(path);
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
        return new ChannelStream(FileChannel.open(path, StandardOpenOption.READ), bytesRead);
    }

    @Override
    public String toString() {
        return path.toString();
    }

    private static final class ChannelStream extends SeekableInputStream {
        private final FileChannel channel;
        private final LongConsumer bytesRead;
        private long position;

        ChannelStream(FileChannel channel, LongConsumer bytesRead) {
            this.channel = channel;
            this.bytesRead = bytesRead;
        }

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
            if (len == 0) {
                return 0;
            }
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
        public int read(ByteBuffer buf) throws IOException {
            int n = channel.read(buf, position);
            if (n > 0) {
                position += n;
                bytesRead.accept(n);
            }
            return n;
        }

        @Override
        public void readFully(ByteBuffer buf) throws IOException {
            while (buf.hasRemaining()) {
                int n = read(buf);
                if (n < 0) {
                    throw new EOFException("Reached the end of the file with " + buf.remaining()
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
        public void close() throws IOException {
            channel.close();
        }
    }
}
