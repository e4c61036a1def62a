package io.updraft.engine.expr;

import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.DataType;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

/** Small helpers shared by the kernels. */
public final class Kernels {
    private Kernels() {
    }

    public static PhysicalKind kind(DataType type) {
        return PhysicalKind.of(type);
    }

    /** Allocates room for n values (at least one), validity all null. */
    public static void allocate(FieldVector v, int n) {
        if (v instanceof BaseFixedWidthVector fixed) {
            fixed.allocateNew(Math.max(n, 1));
        } else if (v instanceof BaseVariableWidthVector variable) {
            variable.allocateNew(Math.max(16L * n, 16), Math.max(n, 1));
        } else if (v instanceof ListVector list) {
            list.setInitialCapacity(Math.max(n, 1));
            list.allocateNew();
            list.getValidityBuffer().setZero(0, list.getValidityBuffer().capacity());
        }
    }
}
