package io.updraft.sql.types;

import java.util.List;

/** Singletons and factories for data types, as Spark's {@code DataTypes}. */
public final class DataTypes {
    public static final DataType BooleanType = new BooleanType();
    public static final DataType ByteType = new ByteType();
    public static final DataType ShortType = new ShortType();
    public static final DataType IntegerType = new IntegerType();
    public static final DataType LongType = new LongType();
    public static final DataType FloatType = new FloatType();
    public static final DataType DoubleType = new DoubleType();
    public static final DataType StringType = new StringType();
    public static final DataType BinaryType = new BinaryType();
    public static final DataType DateType = new DateType();
    public static final DataType TimestampType = new TimestampType();
    public static final DataType NullType = new NullType();

    private DataTypes() {
    }

    public static DecimalType createDecimalType(int precision, int scale) {
        return new DecimalType(precision, scale);
    }

    /** An array whose elements may be null. */
    public static ArrayType createArrayType(DataType elementType) {
        return new ArrayType(elementType, true);
    }

    public static ArrayType createArrayType(DataType elementType, boolean containsNull) {
        return new ArrayType(elementType, containsNull);
    }

    /** A map whose values may be null. */
    public static MapType createMapType(DataType keyType, DataType valueType) {
        return new MapType(keyType, valueType, true);
    }

    public static MapType createMapType(DataType keyType, DataType valueType, boolean valueContainsNull) {
        return new MapType(keyType, valueType, valueContainsNull);
    }

    public static StructType createStructType(StructField[] fields) {
        return new StructType(List.of(fields));
    }

    public static StructField createStructField(String name, DataType type, boolean nullable) {
        return new StructField(name, type, nullable);
    }

    public static StructType createStructType(List<StructField> fields) {
        return new StructType(fields);
    }
}
