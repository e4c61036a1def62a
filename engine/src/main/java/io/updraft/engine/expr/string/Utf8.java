package io.updraft.engine.expr.string;

import org.apache.arrow.memory.ArrowBuf;

import java.nio.charset.StandardCharsets;

/** Character positions in UTF-8 bytes held in an Arrow buffer; a character is one code point, as Spark. */
public final class Utf8 {
    private Utf8() {
    }

    public static boolean isAscii(ArrowBuf data, int start, int end) {
        int i = start;
        for (; i + 8 <= end; i += 8) {
            if ((data.getLong(i) & 0x8080808080808080L) != 0) {
                return false;
            }
        }
        for (; i < end; i++) {
            if (data.getByte(i) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Number of code points: bytes that are not continuation bytes. */
    public static int charCount(ArrowBuf data, int start, int end) {
        int count = 0;
        for (int i = start; i < end; i++) {
            if ((data.getByte(i) & 0xC0) != 0x80) {
                count++;
            }
        }
        return count;
    }

    /** Byte position of character {@code charIndex} (clamped to end) in [start, end). */
    public static int offsetOfChar(ArrowBuf data, int start, int end, int charIndex) {
        int seen = -1;
        for (int i = start; i < end; i++) {
            if ((data.getByte(i) & 0xC0) != 0x80) {
                seen++;
                if (seen == charIndex) {
                    return i;
                }
            }
        }
        return end;
    }

    /** Bytes of the character whose first byte is {@code lead} (1 for a stray continuation or invalid byte). */
    public static int charWidth(byte lead) {
        if (lead >= 0) {
            return 1;
        }
        if ((lead & 0xE0) == 0xC0) {
            return 2;
        }
        if ((lead & 0xF0) == 0xE0) {
            return 3;
        }
        return (lead & 0xF8) == 0xF0 ? 4 : 1;
    }

    public static String decode(ArrowBuf data, int start, int end) {
        byte[] bytes = new byte[end - start];
        data.getBytes(start, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Copies data[start, end) into {@code scratch} (grown when too small) and returns it. */
    public static byte[] copy(ArrowBuf data, int start, int end, byte[] scratch) {
        int length = end - start;
        byte[] bytes = scratch.length >= length ? scratch : new byte[Math.max(length, scratch.length * 2)];
        data.getBytes(start, bytes, 0, length);
        return bytes;
    }

    /** Whether data[at, at + length) equals needle[0, length). */
    public static boolean regionEquals(ArrowBuf data, int at, byte[] needle, int length) {
        for (int i = 0; i < length; i++) {
            if (data.getByte(at + i) != needle[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Byte position of the first occurrence of needle[0, length) in data[from, end), or -1. For valid UTF-8
     * a match always starts at a character boundary.
     */
    public static int indexOf(ArrowBuf data, int from, int end, byte[] needle, int length) {
        if (length == 0) {
            return from <= end ? from : -1;
        }
        byte first = needle[0];
        candidates:
        for (int i = from, last = end - length; i <= last; i++) {
            if (data.getByte(i) != first) {
                continue;
            }
            for (int k = 1; k < length; k++) {
                if (data.getByte(i + k) != needle[k]) {
                    continue candidates;
                }
            }
            return i;
        }
        return -1;
    }
}
