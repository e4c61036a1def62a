package io.updraft.engine.file;

import java.io.IOException;
import java.io.InputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The lines of one byte range of a text input, by Hadoop's {@code LineRecordReader} rule (what Spark splits text,
 * CSV and JSON lines by): a range that does not start at 0 skips everything up to and including the first line
 * break at or after its start; a line is read when it starts at or before the range's end, so the last line read
 * runs past the end to its line break. Line breaks are {@code \n}, {@code \r\n} and {@code \r}; they are not part
 * of the line. Decoded as UTF-8 (malformed bytes become U+FFFD, as Hadoop's {@code Text}). The stream is read from
 * the range's start (the caller positions it) and is not closed here. Not thread-safe.
 */
public final class SplitLineReader {
    private final InputStream in;
    private final long end;
    private final byte[] buffer = new byte[64 * 1024];
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private int bufferPos;
    private int bufferLen;
    private long pos;
    private boolean eof;
    private long lineNumber;

    /**
     * @param start the range's start; {@code in} must be positioned there
     * @param end   the range's end (exclusive), or {@code Long.MAX_VALUE} for the rest of the input
     */
    public SplitLineReader(InputStream in, long start, long end) throws IOException {
        this.in = in;
        this.end = end;
        this.pos = start;
        if (start != 0) {
            skipFirstLine();
        }
    }

    /** The next line, or null when the range has no more. */
    public String next() throws IOException {
        if (pos > end) {
            return null;
        }
        line.reset();
        boolean any = false;
        while (true) {
            int b = read();
            if (b < 0) {
                if (!any) {
                    return null;
                }
                break;
            }
            any = true;
            if (b == '\n') {
                break;
            }
            if (b == '\r') {
                if (peek() == '\n') {
                    read();
                }
                break;
            }
            line.write(b);
        }
        lineNumber++;
        return line.toString(StandardCharsets.UTF_8);
    }

    /** The 1-based number of the last line returned, counted from this range's first line. */
    public long lineNumber() {
        return lineNumber;
    }

    private void skipFirstLine() throws IOException {
        while (true) {
            int b = read();
            if (b < 0 || b == '\n') {
                return;
            }
            if (b == '\r') {
                if (peek() == '\n') {
                    read();
                }
                return;
            }
        }
    }

    private int read() throws IOException {
        if (!fill()) {
            return -1;
        }
        pos++;
        return buffer[bufferPos++] & 0xff;
    }

    private int peek() throws IOException {
        return fill() ? buffer[bufferPos] & 0xff : -1;
    }

    private boolean fill() throws IOException {
        if (bufferPos < bufferLen) {
            return true;
        }
        if (eof) {
            return false;
        }
        int n = in.readNBytes(buffer, 0, buffer.length);
        if (n <= 0) {
            eof = true;
            return false;
        }
        bufferPos = 0;
        bufferLen = n;
        return true;
    }
}
