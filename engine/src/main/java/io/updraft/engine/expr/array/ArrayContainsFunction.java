package io.updraft.engine.expr.array;

import io.updraft.engine.expr.NullIntolerantFunction;
import io.updraft.engine.expr.VectorExpression;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.engine.vector.RowKeys;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.DataTypes;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

import java.util.List;

/**
 * array_contains(array, value) as Spark: true when an element equals the value; otherwise null when the array
 * has a null element, else false; null when the array or the value is null. The value has the element type
 * (the planner casts it). Doubles compare as in grouping (NaN equals NaN, -0.0 equals 0.0).
 */
final class ArrayContainsFunction extends NullIntolerantFunction {
    ArrayContainsFunction(VectorExpression array, VectorExpression value, BufferAllocator allocator) {
        super(List.of(array, value), DataTypes.BooleanType, allocator);
    }

    @Override
    protected void compute(FieldVector[] in, FieldVector out, int n) {
        ListVector list = (ListVector) in[0];
        FieldVector elements = list.getDataVector();
        FieldVector value = in[1];
        PhysicalKind kind = Vectors.kindOf(elements);
        ArrowBuf offsets = list.getOffsetBuffer();
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int r = 0; r < n; r++) {
            if (!Bits.get(validity, r)) {
                continue;
            }
            int end = offsets.getInt(((long) r << 2) + 4);
            boolean found = false;
            boolean sawNull = false;
            for (int e = offsets.getInt((long) r << 2); e < end && !found; e++) {
                if (kind == PhysicalKind.NULL || !Bits.get(elements.getValidityBuffer(), e)) {
                    sawNull = true;
                } else {
                    found = RowKeys.valuesEqual(kind, elements, e, value, r);
                }
            }
            if (found) {
                Bits.set(data, r);
            } else if (sawNull) {
                Bits.clear(validity, r);
            }
        }
    }
}
