package io.updraft.engine.expr.string;

import io.updraft.engine.expr.VectorExpression;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

/** trim / ltrim / rtrim: removes leading and/or trailing space characters (' '), as Spark. */
final class TrimFunction extends StringFunction {
    private final boolean leading;
    private final boolean trailing;

    TrimFunction(VectorExpression argument, boolean leading, boolean trailing, BufferAllocator allocator) {
        super(argument, DataTypes.StringType, allocator);
        this.leading = leading;
        this.trailing = trailing;
    }

    @Override
    void apply(ArrowBuf data, int start, int end, FieldVector out, int r) {
        int s = start;
        int e = end;
        while (leading && s < e && data.getByte(s) == ' ') {
            s++;
        }
        while (trailing && e > s && data.getByte(e - 1) == ' ') {
            e--;
        }
        ((VarCharVector) out).setSafe(r, s, e - s, data);
    }
}
