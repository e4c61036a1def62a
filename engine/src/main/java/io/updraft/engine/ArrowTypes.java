package io.updraft.engine;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BinaryType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.ByteType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DateType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.FloatType;
import io.updraft.sql.types.IntegerType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.NullType;
import io.updraft.sql.types.ShortType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

import java.util.ArrayList;
import java.util.List;

/**
 * The mapping between SQL types and Arrow: boolean→Bit, tinyint→Int(8), smallint→Int(16), int→Int(32),
 * bigint→Int(64), float→FloatingPoint(SINGLE), double→FloatingPoint(DOUBLE), decimal(p,s)→Decimal(p,s,128),
 * string→Utf8, binary→Binary, date→Date(DAY), timestamp→Timestamp(MICROSECOND, "UTC"), void→Null,
 * array&lt;T&gt;→List with one child field "element" (nullable = containsNull) of T's type,
 * struct&lt;...&gt;→Struct with one child per field, map&lt;K,V&gt;→Map (unsorted keys) whose one non-null child
 * "entries" is a Struct of a non-null "key" and a "value" (nullable = valueContainsNull), Arrow's layout.
 * Stateless and thread-safe.
 */
public final class ArrowTypes {
    public static final String UTC = "UTC";

    private ArrowTypes() {
    }

    public static ArrowType toArrowType(DataType type) {
        return switch (type) {
            case BooleanType b -> ArrowType.Bool.INSTANCE;
            case ByteType b -> new ArrowType.Int(8, true);
            case ShortType s -> new ArrowType.Int(16, true);
            case IntegerType i -> new ArrowType.Int(32, true);
            case LongType l -> new ArrowType.Int(64, true);
            case FloatType f -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case DoubleType d -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case BinaryType b -> ArrowType.Binary.INSTANCE;
            case DecimalType d -> new ArrowType.Decimal(d.precision(), d.scale(), 128);
            case StringType s -> ArrowType.Utf8.INSTANCE;
            case DateType d -> new ArrowType.Date(DateUnit.DAY);
            case TimestampType t -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, UTC);
            case NullType n -> ArrowType.Null.INSTANCE;
            case ArrayType a -> ArrowType.List.INSTANCE;
            case MapType m -> new ArrowType.Map(false);
            case StructType s -> ArrowType.Struct.INSTANCE;
        };
    }

    /** Name of the child field of a list vector (Arrow's and Spark's convention). */
    public static final String ELEMENT = "element";

    /** Names of a map's entries, key and value fields (Arrow's convention). */
    public static final String ENTRIES = "entries";
    public static final String KEY = "key";
    public static final String VALUE = "value";

    /**
     * The SQL type of an Arrow field produced by {@link #toField}: as {@link #toDataType(ArrowType)}, plus
     * lists, structs and maps.
     */
    public static DataType toDataType(Field field) {
        if (field.getType() instanceof ArrowType.List) {
            Field element = field.getChildren().get(0);
            return new ArrayType(toDataType(element), element.isNullable());
        }
        if (field.getType() instanceof ArrowType.Map) {
            List<Field> kv = field.getChildren().get(0).getChildren();
            return new MapType(toDataType(kv.get(0)), toDataType(kv.get(1)), kv.get(1).isNullable());
        }
        if (field.getType() instanceof ArrowType.Struct) {
            List<StructField> fields = new ArrayList<>(field.getChildren().size());
            for (Field child : field.getChildren()) {
                fields.add(new StructField(child.getName(), toDataType(child), child.isNullable()));
            }
            return new StructType(fields);
        }
        return toDataType(field.getType());
    }

    /** The SQL type of an Arrow type produced by {@link #toArrowType}; anything else is an INTERNAL error. */
    public static DataType toDataType(ArrowType type) {
        if (type instanceof ArrowType.Bool) {
            return DataTypes.BooleanType;
        }
        if (type instanceof ArrowType.Int i && i.getIsSigned() && i.getBitWidth() == 8) {
            return DataTypes.ByteType;
        }
        if (type instanceof ArrowType.Int i && i.getIsSigned() && i.getBitWidth() == 16) {
            return DataTypes.ShortType;
        }
        if (type instanceof ArrowType.FloatingPoint f && f.getPrecision() == FloatingPointPrecision.SINGLE) {
            return DataTypes.FloatType;
        }
        if (type instanceof ArrowType.Binary) {
            return DataTypes.BinaryType;
        }
        if (type instanceof ArrowType.Int i && i.getIsSigned() && i.getBitWidth() == 32) {
            return DataTypes.IntegerType;
        }
        if (type instanceof ArrowType.Int i && i.getIsSigned() && i.getBitWidth() == 64) {
            return DataTypes.LongType;
        }
        if (type instanceof ArrowType.FloatingPoint f && f.getPrecision() == FloatingPointPrecision.DOUBLE) {
            return DataTypes.DoubleType;
        }
        if (type instanceof ArrowType.Decimal d && d.getBitWidth() == 128) {
            return new DecimalType(d.getPrecision(), d.getScale());
        }
        if (type instanceof ArrowType.Utf8) {
            return DataTypes.StringType;
        }
        if (type instanceof ArrowType.Date d && d.getUnit() == DateUnit.DAY) {
            return DataTypes.DateType;
        }
        if (type instanceof ArrowType.Timestamp t && t.getUnit() == TimeUnit.MICROSECOND) {
            return DataTypes.TimestampType;
        }
        if (type instanceof ArrowType.Null) {
            return DataTypes.NullType;
        }
        throw new UpdraftException(ErrorType.INTERNAL,
                "Arrow type " + type + " has no SQL type in Updraft");
    }

    public static Field toField(StructField field) {
        return toField(field.name(), field.dataType(), field.nullable());
    }

    public static Field toField(String name, DataType type) {
        return toField(name, type, true);
    }

    /**
     * The Arrow field of a SQL column; an array becomes a List field with one child named "element", a struct
     * a Struct field with its fields as children, a map a Map field with one "entries" child of "key" and "value".
     */
    public static Field toField(String name, DataType type, boolean nullable) {
        List<Field> children = null;
        if (type instanceof ArrayType a) {
            children = List.of(toField(ELEMENT, a.elementType(), a.containsNull()));
        } else if (type instanceof StructType s) {
            children = new ArrayList<>(s.size());
            for (StructField f : s.fieldList()) {
                children.add(toField(f));
            }
        } else if (type instanceof MapType m) {
            Field entries = new Field(ENTRIES, new FieldType(false, ArrowType.Struct.INSTANCE, null), List.of(
                    toField(KEY, m.keyType(), false), toField(VALUE, m.valueType(), m.valueContainsNull())));
            children = List.of(entries);
        }
        return new Field(name, new FieldType(nullable, toArrowType(type), null), children);
    }

    public static Schema toArrowSchema(StructType schema) {
        List<Field> fields = new ArrayList<>(schema.size());
        for (StructField f : schema.fieldList()) {
            fields.add(toField(f));
        }
        return new Schema(fields);
    }

    public static StructType toStructType(Schema schema) {
        List<StructField> fields = new ArrayList<>(schema.getFields().size());
        for (Field f : schema.getFields()) {
            fields.add(new StructField(f.getName(), toDataType(f), f.isNullable()));
        }
        return new StructType(fields);
    }

    /** A new, empty (unallocated) vector for {@code type}; the caller owns it. */
    public static FieldVector newVector(String name, DataType type, BufferAllocator allocator) {
        return toField(name, type).createVector(allocator);
    }
}
