package io.updraft.engine.expr.string;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

/** reverse(str): the characters (code points, not bytes) in reverse order, as Spark. */
final class ReverseFunction extends StringFunction {
    private final ByteBuilder buffer = new ByteBuilder();

    ReverseFunction(VectorExpression argument, BufferAllocator allocator) {
        super(argument, DataTypes.StringType, allocator);
    }

    @Override
    void apply(ArrowBuf data, int start, int end, FieldVector out, int r) {
        int length = end - start;
        byte[] bytes = buffer.reset().reserve(length);
        if (Utf8.isAscii(data, start, end)) {
            for (int i = 0; i < length; i++) {
                bytes[i] = data.getByte(end - 1 - i);
            }
        } else {
            int at = length;
            for (int i = start; i < end; ) {
                int width = Math.min(Utf8.charWidth(data.getByte(i)), end - i);
                at -= width;
                data.getBytes(i, bytes, at, width);
                i += width;
            }
        }
        buffer.advance(length);
        buffer.writeTo((VarCharVector) out, r);
    }
}
