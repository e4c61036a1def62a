package io.updraft.core.plan;

import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The table-generating functions a {@link Generate} runs, with the columns each produces from its argument's type
 * (Spark's {@code elementSchema}): {@code explode} gives {@code col} per array element or {@code key, value} per map
 * entry, {@code posexplode} the same after an int {@code pos}, {@code inline} one column per field of an array of
 * structs. The outer variants ({@code explode_outer}, ...) are these with {@link Generate#outer()} set.
 */
public enum GeneratorFunction {
    EXPLODE, POSEXPLODE, INLINE;

    /** Spark's function name ({@code explode}, {@code posexplode}, {@code inline}). */
    public String sqlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether {@code type} is an argument this function takes (arrays and maps; arrays of structs for inline). */
    public boolean accepts(DataType type) {
        return switch (this) {
            case EXPLODE, POSEXPLODE -> type instanceof ArrayType || type instanceof MapType;
            case INLINE -> type instanceof ArrayType a && a.elementType() instanceof StructType;
        };
    }

    /**
     * The generated columns for an argument of {@code type}, under Spark's names; with {@code outer} every one is
     * nullable (a null or empty input still yields one row, of nulls).
     */
    public List<StructField> outputFields(DataType type, boolean outer) {
        if (!accepts(type)) {
            throw new IllegalArgumentException(sqlName() + " does not take " + type.simpleString());
        }
        List<StructField> fields = new ArrayList<>();
        if (this == POSEXPLODE) {
            fields.add(new StructField("pos", DataTypes.IntegerType, false));
        }
        switch (type) {
            case ArrayType a when this == INLINE -> {
                for (StructField f : ((StructType) a.elementType()).fieldList()) {
                    fields.add(new StructField(f.name(), f.dataType(), f.nullable() || a.containsNull()));
                }
            }
            case ArrayType a -> fields.add(new StructField("col", a.elementType(), a.containsNull()));
            case MapType m -> {
                fields.add(new StructField("key", m.keyType(), false));
                fields.add(new StructField("value", m.valueType(), m.valueContainsNull()));
            }
            default -> throw new IllegalStateException("unexpected " + type);
        }
        if (!outer) {
            return fields;
        }
        return fields.stream().map(f -> new StructField(f.name(), f.dataType(), true)).toList();
    }
}
