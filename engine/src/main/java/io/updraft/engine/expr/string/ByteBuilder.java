package io.updraft.engine.expr.string;

import io.updraft.core.error.UpdraftException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VarCharVector;

import java.util.Arrays;

/** A growable byte array reused across rows to assemble one string result at a time. Not thread-safe. */
final class ByteBuilder {
    private byte[] bytes = new byte[64];
    private int length;

    ByteBuilder reset() {
        length = 0;
        return this;
    }

    int length() {
        return length;
    }

    private void ensure(long extra) {
        long needed = length + extra;
        if (needed > Integer.MAX_VALUE - 16) {
            throw UpdraftException.user("A string result would exceed 2 GiB");
        }
        if (needed > bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(Integer.MAX_VALUE - 16,
                    Math.max(needed, 2L * bytes.length)));
        }
    }

    ByteBuilder append(ArrowBuf data, int start, int end) {
        ensure(end - start);
        data.getBytes(start, bytes, length, end - start);
        length += end - start;
        return this;
    }

    ByteBuilder append(byte[] source, int start, int end) {
        ensure(end - start);
        System.arraycopy(source, start, bytes, length, end - start);
        length += end - start;
        return this;
    }

    ByteBuilder append(byte b) {
        ensure(1);
        bytes[length++] = b;
        return this;
    }

    /** Makes room for {@code extra} more bytes and returns the array to write them at {@link #length()}. */
    byte[] reserve(int extra) {
        ensure(extra);
        return bytes;
    }

    void advance(int written) {
        length += written;
    }

    void writeTo(VarCharVector out, int row) {
        out.setSafe(row, bytes, 0, length);
    }
}
