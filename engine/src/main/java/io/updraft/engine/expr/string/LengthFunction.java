package io.updraft.engine.expr.string;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/** length(str): number of characters (code points). */
final class LengthFunction extends StringFunction {
    LengthFunction(VectorExpression argument, BufferAllocator allocator) {
        super(argument, DataTypes.IntegerType, allocator);
    }

    @Override
    void apply(ArrowBuf data, int start, int end, FieldVector out, int r) {
        out.getDataBuffer().setInt((long) r << 2, Utf8.charCount(data, start, end));
        Bits.set(out.getValidityBuffer(), r);
    }
}
