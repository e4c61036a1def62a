package io.updraft.engine.testing;

import io.updraft.engine.ArrowRows;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds batches from rows of internal values (Integer, Long, Double, BigDecimal, String, Boolean; dates
 * as Integer days, timestamps as Long micros) and reads them back the same way.
 */
public final class TestBatches {
    private TestBatches() {
    }

    public static Batch batch(BufferAllocator allocator, StructType schema, Object[]... rows) {
        List<FieldVector> vectors = new ArrayList<>();
        for (int c = 0; c < schema.size(); c++) {
            vectors.add(column(allocator, schema.get(c).name(), schema.get(c).dataType(), column(rows, c)));
        }
        return Batch.of(rows.length, vectors);
    }

    private static Object[] column(Object[][] rows, int c) {
        Object[] values = new Object[rows.length];
        for (int r = 0; r < rows.length; r++) {
            values[r] = rows[r][c];
        }
        return values;
    }

    public static FieldVector column(BufferAllocator allocator, String name, DataType type, Object... values) {
        FieldVector v = ArrowTypes.newVector(name, type, allocator);
        if (v instanceof org.apache.arrow.vector.complex.ListVector list) {
            fillList(list, (io.updraft.sql.types.ArrayType) type, values);
            return list;
        }
        v.setInitialCapacity(Math.max(values.length, 1));
        v.allocateNew();
        for (int r = 0; r < values.length; r++) {
            Object x = values[r];
            if (x == null) {
                v.setNull(r);
                continue;
            }
            switch (v) {
                case BitVector b -> b.setSafe(r, (Boolean) x ? 1 : 0);
                case IntVector i -> i.setSafe(r, (Integer) x);
                case DateDayVector d -> d.setSafe(r, (Integer) x);
                case BigIntVector l -> l.setSafe(r, ((Number) x).longValue());
                case TimeStampMicroTZVector t -> t.setSafe(r, (Long) x);
                case Float8Vector d -> d.setSafe(r, ((Number) x).doubleValue());
                case DecimalVector d -> d.setSafe(r, ((BigDecimal) x).setScale(d.getScale(), RoundingMode.UNNECESSARY));
                case VarCharVector s -> s.setSafe(r, ((String) x).getBytes(StandardCharsets.UTF_8));
                default -> throw new IllegalArgumentException("unsupported vector " + v);
            }
        }
        v.setValueCount(values.length);
        return v;
    }

    /** Array values are java.util.Lists (or null) of the element type's values. */
    private static void fillList(org.apache.arrow.vector.complex.ListVector list, io.updraft.sql.types.ArrayType type,
                                 Object[] values) {
        list.setInitialCapacity(Math.max(values.length, 1));
        list.allocateNew();
        List<Object> elements = new ArrayList<>();
        for (int r = 0; r < values.length; r++) {
            if (values[r] == null) {
                list.setNull(r);
                continue;
            }
            List<?> items = (List<?>) values[r];
            list.startNewValue(r);
            elements.addAll(items);
            list.endValue(r, items.size());
        }
        try (FieldVector child = column(list.getAllocator(), "element", type.elementType(), elements.toArray())) {
            child.makeTransferPair(list.getDataVector()).transfer();
        }
        list.setValueCount(values.length);
    }

    /** Rows of internal values. */
    public static List<List<Object>> rows(Batch batch, StructType schema) {
        List<List<Object>> rows = new ArrayList<>();
        for (int r = 0; r < batch.rowCount(); r++) {
            Object[] values = new Object[batch.columnCount()];
            for (int c = 0; c < values.length; c++) {
                values[c] = value(batch.vector(c), schema.get(c).dataType(), r);
            }
            rows.add(Arrays.asList(values));
        }
        return rows;
    }

    public static List<Object> values(FieldVector v, DataType type) {
        List<Object> values = new ArrayList<>();
        for (int r = 0; r < v.getValueCount(); r++) {
            values.add(value(v, type, r));
        }
        return values;
    }

    /** Internal value: dates as Integer days, timestamps as Long micros, the rest as ArrowRows gives them. */
    public static Object value(FieldVector v, DataType type, int r) {
        if (v.isNull(r)) {
            return null;
        }
        if (type instanceof DateType) {
            return ((DateDayVector) v).get(r);
        }
        if (type instanceof TimestampType) {
            return ((TimeStampMicroTZVector) v).get(r);
        }
        if (type instanceof DecimalType) {
            return ((DecimalVector) v).getObject(r);
        }
        return ArrowRows.value(v, type, r);
    }
}
