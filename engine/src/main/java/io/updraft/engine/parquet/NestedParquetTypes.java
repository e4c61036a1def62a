package io.updraft.engine.parquet;

import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.OriginalType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

import java.util.ArrayList;
import java.util.List;

/**
 * The SQL types of nested Parquet fields, as Spark reads them: a group is a struct (field nullability = optional),
 * a MAP group (one repeated key_value group of a key and a value) a map (valueContainsNull = the value is optional),
 * a LIST group an array — the standard three levels (repeated group of one element; containsNull = the element is
 * optional), or the legacy two levels (a repeated primitive, or a repeated group named {@code array} or
 * {@code <list>_tuple} or of several fields, as the element itself: containsNull false). A repeated field outside a
 * LIST (protobuf-style) is not read yet. Leaves are typed as top-level columns are ({@link ParquetColumn#map}).
 * Stateless.
 */
final class NestedParquetTypes {
    private NestedParquetTypes() {
    }

    /** Why the field cannot be read (a leaf of an unsupported type, a malformed LIST or MAP), or null. */
    static String unsupported(Type field) {
        try {
            type(field);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** The SQL type of a non-repeated field (a repeated one is typed by the group holding it). */
    static DataType type(Type field) {
        if (field.isRepetition(Type.Repetition.REPEATED)) {
            throw new IllegalArgumentException("repeated field " + field.getName() + " outside a LIST");
        }
        if (field.isPrimitive()) {
            return leaf(field.asPrimitiveType()).type();
        }
        GroupType group = field.asGroupType();
        if (isList(group)) {
            Type element = listElement(group);
            return new ArrayType(element(element), !element.isRepetition(Type.Repetition.REQUIRED)
                    && !element.isRepetition(Type.Repetition.REPEATED));
        }
        if (isMap(group)) {
            GroupType entries = mapEntries(group);
            DataType key = type(entries.getType(0));
            if (entries.getFieldCount() == 1) {
                throw new IllegalArgumentException("MAP " + group.getName() + " without values");
            }
            Type value = entries.getType(1);
            return new MapType(key, type(value), !value.isRepetition(Type.Repetition.REQUIRED));
        }
        List<StructField> fields = new ArrayList<>();
        for (Type f : group.getFields()) {
            fields.add(new StructField(f.getName(), type(f), f.isRepetition(Type.Repetition.OPTIONAL)));
        }
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("empty group " + group.getName());
        }
        return new StructType(fields);
    }

    /** The type of one element of a repeated field or a list's element field (its own repetition aside). */
    private static DataType element(Type element) {
        if (element.isPrimitive()) {
            return leaf(element.asPrimitiveType()).type();
        }
        GroupType g = element.asGroupType();
        if (isList(g) || isMap(g)) {
            return type(g);
        }
        List<StructField> fields = new ArrayList<>();
        for (Type f : g.getFields()) {
            fields.add(new StructField(f.getName(), type(f), f.isRepetition(Type.Repetition.OPTIONAL)));
        }
        return new StructType(fields);
    }

    static boolean isList(GroupType g) {
        return g.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation
                || g.getOriginalType() == OriginalType.LIST;
    }

    static boolean isMap(GroupType g) {
        return g.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
                || g.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation
                || g.getOriginalType() == OriginalType.MAP || g.getOriginalType() == OriginalType.MAP_KEY_VALUE;
    }

    /** The repeated field of a LIST group. */
    static Type listRepeated(GroupType list) {
        if (list.getFieldCount() != 1 || !list.getType(0).isRepetition(Type.Repetition.REPEATED)) {
            throw new IllegalArgumentException("LIST " + list.getName() + " without one repeated field");
        }
        return list.getType(0);
    }

    /** Whether the LIST's repeated field is the element itself (two-level, legacy) rather than its wrapper. */
    static boolean repeatedIsElement(GroupType list) {
        Type repeated = listRepeated(list);
        if (repeated.isPrimitive()) {
            return true;
        }
        GroupType g = repeated.asGroupType();
        return g.getFieldCount() != 1 || g.getName().equals("array") || g.getName().equals(list.getName() + "_tuple");
    }

    /** The element field of a LIST group (the repeated field itself for two-level lists). */
    static Type listElement(GroupType list) {
        Type repeated = listRepeated(list);
        return repeatedIsElement(list) ? repeated : repeated.asGroupType().getType(0);
    }

    /** The repeated key/value group of a MAP group. */
    static GroupType mapEntries(GroupType map) {
        if (map.getFieldCount() != 1 || map.getType(0).isPrimitive()
                || !map.getType(0).isRepetition(Type.Repetition.REPEATED)
                || map.getType(0).asGroupType().getFieldCount() < 1) {
            throw new IllegalArgumentException("MAP " + map.getName() + " without a repeated key_value group");
        }
        return map.getType(0).asGroupType();
    }

    /**
     * The field clipped to the {@code requested} type (Spark's {@code ParquetReadSupport.clipParquetSchema}): a
     * struct keeps only the requested fields, in file order, each clipped in turn; a LIST clips its element and a MAP
     * its value (the key is kept whole). Returns null when {@code requested} is not such a subset of the field (a
     * field it names is missing, or a struct would keep no field); the caller checks that the clipped field's type is
     * {@code requested}. The clipped field keeps the file's names and repetitions, so its leaves are the file's
     * column chunks (same paths, same levels).
     */
    static Type clip(Type field, DataType requested) {
        if (field.isPrimitive()) {
            return field;
        }
        GroupType group = field.asGroupType();
        if (isList(group)) {
            if (!(requested instanceof ArrayType a)) {
                return null;
            }
            Type repeated = listRepeated(group);
            if (repeatedIsElement(group)) {
                Type element = clipElement(repeated, a.elementType());
                return element == null ? null : group.withNewFields(element);
            }
            Type element = clip(repeated.asGroupType().getType(0), a.elementType());
            return element == null ? null : group.withNewFields(repeated.asGroupType().withNewFields(element));
        }
        if (isMap(group)) {
            if (!(requested instanceof MapType m)) {
                return null;
            }
            GroupType entries = mapEntries(group);
            if (entries.getFieldCount() != 2) {
                return null;
            }
            Type value = clip(entries.getType(1), m.valueType());
            return value == null ? null : group.withNewFields(entries.withNewFields(entries.getType(0), value));
        }
        return clipFields(group, requested);
    }

    /** A two-level list's repeated element (a group of fields, or a primitive) clipped to the element type. */
    private static Type clipElement(Type element, DataType requested) {
        if (element.isPrimitive()) {
            return element;
        }
        GroupType g = element.asGroupType();
        return isList(g) || isMap(g) ? clip(g, requested) : clipFields(g, requested);
    }

    private static Type clipFields(GroupType group, DataType requested) {
        if (!(requested instanceof StructType struct)) {
            return null;
        }
        List<Type> kept = new ArrayList<>();
        for (Type f : group.getFields()) {
            int i = struct.indexOf(f.getName());
            if (i < 0) {
                continue;
            }
            Type clipped = clip(f, struct.get(i).dataType());
            if (clipped == null) {
                return null;
            }
            kept.add(clipped);
        }
        return kept.isEmpty() || kept.size() != struct.size() ? null : group.withNewFields(kept);
    }

    /** A leaf's type and conversion, as if it were a top-level optional column. */
    static ParquetColumn leaf(PrimitiveType p) {
        PrimitiveType optional = Types.optional(p.getPrimitiveTypeName()).length(p.getTypeLength())
                .as(p.getLogicalTypeAnnotation()).named(p.getName());
        ParquetColumn.Mapping m = ParquetColumn.map(new MessageType("leaf", optional), 0);
        if (m.column() == null) {
            throw new IllegalArgumentException(m.unsupportedReason());
        }
        return m.column();
    }
}
