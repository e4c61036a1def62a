package io.updraft.engine.write;

import io.updraft.core.error.UpdraftException;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One cell of a vector as core's internal value (the form {@code core.value} works on): Boolean, Integer (int,
 * date as days), Long (bigint, timestamp as microseconds), Double, BigDecimal, String, a List for an array; null
 * for null. For the row-wise text writers (CSV, JSON, text) and partition folder names.
 */
final class CellValues {
    private CellValues() {
    }

    static Object internal(FieldVector v, DataType type, int r) {
        PhysicalKind kind = PhysicalKind.of(type);
        if (kind == PhysicalKind.NULL || v.isNull(r)) {
            return null;
        }
        ArrowBuf data = kind == PhysicalKind.LIST ? null : v.getDataBuffer();
        return switch (kind) {
            case BOOLEAN -> Bits.get(data, r);
            case INT32 -> data.getInt((long) r << 2);
            case INT64 -> data.getLong((long) r << 3);
            case FLOAT64 -> data.getDouble((long) r << 3);
            case DECIMAL -> Decimals.big(data, r, ((DecimalType) type).scale());
            case UTF8 -> new String(((VarCharVector) v).get(r), StandardCharsets.UTF_8);
            case LIST -> list((ListVector) v, ((ArrayType) type).elementType(), r);
            case INT8 -> data.getByte(r);
            case INT16 -> data.getShort((long) r << 1);
            case FLOAT32 -> data.getFloat((long) r << 2);
            case BINARY -> ((VarBinaryVector) v).get(r);
            case STRUCT, MAP -> throw UpdraftException.user("UNSUPPORTED_DATA_TYPE_FOR_DATASOURCE", "0A000",
                    "Writing " + type.simpleString() + " columns to files is not supported yet.");
            case NULL -> null;
        };
    }

    private static List<Object> list(ListVector v, DataType elementType, int r) {
        int start = v.getElementStartIndex(r);
        int end = v.getElementEndIndex(r);
        List<Object> out = new ArrayList<>(end - start);
        for (int e = start; e < end; e++) {
            out.add(internal(v.getDataVector(), elementType, e));
        }
        return out;
    }
}
