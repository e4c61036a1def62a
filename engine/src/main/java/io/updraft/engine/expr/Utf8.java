package io.updraft.engine.expr;

import org.apache.arrow.memory.ArrowBuf;

/** Character positions in UTF-8 bytes held in an Arrow buffer; a character is one code point, as Spark. */
final class Utf8 {
    private Utf8() {
    }

    static boolean isAscii(ArrowBuf data, int start, int end) {
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
    static int charCount(ArrowBuf data, int start, int end) {
        int count = 0;
        for (int i = start; i < end; i++) {
            if ((data.getByte(i) & 0xC0) != 0x80) {
                count++;
            }
        }
        return count;
    }

    /** Byte position of character {@code charIndex} (clamped to end) in [start, end). */
    static int offsetOfChar(ArrowBuf data, int start, int end, int charIndex) {
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
}
