package io.updraft.engine.expr.string;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** upper / lower: byte-wise for ASCII values, through java.lang.String (root locale) otherwise. */
final class CaseConversionFunction extends StringFunction {
    private final boolean upper;
    private byte[] scratch = new byte[64];

    CaseConversionFunction(VectorExpression argument, boolean upper, BufferAllocator allocator) {
        super(argument, DataTypes.StringType, allocator);
        this.upper = upper;
    }

    @Override
    void apply(ArrowBuf data, int start, int end, FieldVector out, int r) {
        int length = end - start;
        if (Utf8.isAscii(data, start, end)) {
            if (scratch.length < length) {
                scratch = new byte[Math.max(length, scratch.length * 2)];
            }
            data.getBytes(start, scratch, 0, length);
            for (int i = 0; i < length; i++) {
                byte b = scratch[i];
                if (upper ? (b >= 'a' && b <= 'z') : (b >= 'A' && b <= 'Z')) {
                    scratch[i] = (byte) (b ^ 0x20);
                }
            }
            setString(out, r, scratch, length);
            return;
        }
        byte[] bytes = new byte[length];
        data.getBytes(start, bytes, 0, length);
        String s = new String(bytes, StandardCharsets.UTF_8);
        byte[] converted = (upper ? s.toUpperCase(Locale.ROOT) : s.toLowerCase(Locale.ROOT))
                .getBytes(StandardCharsets.UTF_8);
        setString(out, r, converted, converted.length);
    }
}
