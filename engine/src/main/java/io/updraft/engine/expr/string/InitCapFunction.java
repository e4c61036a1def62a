package io.updraft.engine.expr.string;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * initcap(str) as Spark: the whole string in lower case, then the first character of each word in title
 * case, words being delimited by spaces (' ') only: initcap('sPark sql') = 'Spark Sql'.
 */
final class InitCapFunction extends StringFunction {
    private final ByteBuilder buffer = new ByteBuilder();

    InitCapFunction(VectorExpression argument, BufferAllocator allocator) {
        super(argument, DataTypes.StringType, allocator);
    }

    @Override
    void apply(ArrowBuf data, int start, int end, FieldVector out, int r) {
        VarCharVector result = (VarCharVector) out;
        if (Utf8.isAscii(data, start, end)) {
            int length = end - start;
            byte[] bytes = buffer.reset().reserve(length);
            data.getBytes(start, bytes, 0, length);
            boolean wordStart = true;
            for (int i = 0; i < length; i++) {
                byte b = bytes[i];
                if (wordStart ? b >= 'a' && b <= 'z' : b >= 'A' && b <= 'Z') {
                    bytes[i] = (byte) (b ^ 0x20);
                }
                wordStart = b == ' ';
            }
            buffer.advance(length);
            buffer.writeTo(result, r);
            return;
        }
        String lower = Utf8.decode(data, start, end).toLowerCase(Locale.ROOT);
        StringBuilder sb = new StringBuilder(lower.length());
        boolean wordStart = true;
        for (int i = 0; i < lower.length(); ) {
            int cp = lower.codePointAt(i);
            sb.appendCodePoint(wordStart ? Character.toTitleCase(cp) : cp);
            wordStart = cp == ' ';
            i += Character.charCount(cp);
        }
        byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
        result.setSafe(r, bytes, 0, bytes.length);
    }
}
