package io.updraft.engine.expr.string;

import org.apache.arrow.memory.ArrowBuf;

/**
 * A string row as a {@link CharSequence} for java.util.regex: ASCII rows are read in place (one byte is one
 * char, no copy), others are decoded into a String. Reused row after row; not thread-safe.
 */
public final class TextView implements CharSequence {
    private ArrowBuf data;
    private int start;
    private int length;

    /** The text of data[start, end): this view when it is ASCII, else a decoded String. */
    public CharSequence of(ArrowBuf data, int start, int end) {
        if (!Utf8.isAscii(data, start, end)) {
            return Utf8.decode(data, start, end);
        }
        this.data = data;
        this.start = start;
        this.length = end - start;
        return this;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException("index " + index + " of " + length);
        }
        return (char) data.getByte(start + index);
    }

    @Override
    public CharSequence subSequence(int from, int to) {
        return toString().substring(from, to);
    }

    @Override
    public String toString() {
        return Utf8.decode(data, start, start + length);
    }
}
