package io.updraft.engine.write;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.engine.vector.PhysicalKind;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell of a vector as core's internal value (the form {@code core.value} works on): Boolean, Integer (int,
 * date as days), Long (bigint, timestamp as microseconds), Byte, Short, Float, Double, BigDecimal, String, byte[]
 * for binary, a List for an array, an Object[] of the fields for a struct, a LinkedHashMap (entry order) for a map;
 * null for null. For the row-wise text writers (CSV, JSON, text) and partition folder names.
 */
final class CellValues {
    private CellValues() {
    }

    static Object internal(FieldVector v, DataType type, int r) {
        PhysicalKind kind = PhysicalKind.of(type);
        if (kind == PhysicalKind.NULL || v.isNull(r)) {
            return null;
        }
        ArrowBuf data = kind == PhysicalKind.LIST || kind == PhysicalKind.STRUCT || kind == PhysicalKind.MAP ? null
                : v.getDataBuffer();
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
            case STRUCT -> struct((StructVector) v, (StructType) type, r);
            case MAP -> map((MapVector) v, (MapType) type, r);
            case NULL -> null;
        };
    }

    private static Object[] struct(StructVector v, StructType type, int r) {
        Object[] out = new Object[type.size()];
        for (int c = 0; c < out.length; c++) {
            out[c] = internal((FieldVector) v.getChildByOrdinal(c), type.get(c).dataType(), r);
        }
        return out;
    }

    private static Map<Object, Object> map(MapVector v, MapType type, int r) {
        StructVector entries = (StructVector) v.getDataVector();
        FieldVector keys = (FieldVector) entries.getChildByOrdinal(0);
        FieldVector values = (FieldVector) entries.getChildByOrdinal(1);
        Map<Object, Object> out = new LinkedHashMap<>();
        for (int e = v.getElementStartIndex(r); e < v.getElementEndIndex(r); e++) {
            out.put(internal(keys, type.keyType(), e), internal(values, type.valueType(), e));
        }
        return out;
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
