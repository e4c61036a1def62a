package io.updraft.engine.expr;

import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

import java.nio.charset.StandardCharsets;

/**
 * Values of constant arguments (LIKE patterns, regexes, formats, units), computed once when a function is
 * compiled so that kernels can precompile them. Internal representation: Boolean, Integer (also dates),
 * Long (also timestamps), Byte, Short, Float, Double, BigDecimal, String, byte[]; null for a null constant. Stateless.
 */
final class Constants {
    private Constants() {
    }

    /** The value of {@code node}, which must be {@link VectorExpression#isConstant() constant}. */
    static Object value(VectorExpression node) {
        if (node instanceof LiteralExpression literal) {
            return literal.value();
        }
        if (!node.isConstant()) {
            throw new IllegalArgumentException("not a constant: " + node.getClass().getSimpleName());
        }
        try (Batch one = Batch.rowsOnly(1)) {
            FieldVector v = node.evaluate(one);
            try {
                return read(v, node, 0);
            } finally {
                VectorExpression.release(node, v);
            }
        }
    }

    private static Object read(FieldVector v, VectorExpression node, int r) {
        PhysicalKind kind = Kernels.kind(node.type());
        if (kind == PhysicalKind.NULL || !Bits.get(v.getValidityBuffer(), r)) {
            return null;
        }
        if (kind == PhysicalKind.LIST || kind == PhysicalKind.MAP || kind == PhysicalKind.STRUCT) {
            throw new IllegalStateException("constant " + node.type().simpleString()
                    + " values are not supported as function arguments");
        }
        ArrowBuf data = v.getDataBuffer();
        return switch (kind) {
            case BOOLEAN -> Bits.get(data, r);
            case INT8 -> data.getByte(r);
            case INT16 -> data.getShort((long) r << 1);
            case FLOAT32 -> data.getFloat((long) r << 2);
            case INT32 -> data.getInt((long) r << 2);
            case INT64 -> data.getLong((long) r << 3);
            case FLOAT64 -> data.getDouble((long) r << 3);
            case DECIMAL -> Decimals.big(data, r, ((DecimalType) node.type()).scale());
            case UTF8, BINARY -> {
                ArrowBuf offsets = v.getOffsetBuffer();
                int start = offsets.getInt((long) r << 2);
                int end = offsets.getInt(((long) r << 2) + 4);
                byte[] bytes = new byte[end - start];
                data.getBytes(start, bytes);
                yield kind == PhysicalKind.BINARY ? bytes : new String(bytes, StandardCharsets.UTF_8);
            }
            case NULL, LIST, MAP, STRUCT -> null;
        };
    }
}
