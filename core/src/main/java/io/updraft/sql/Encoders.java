package io.updraft.sql;

import io.updraft.core.encoder.BeanEncoder;
import io.updraft.core.encoder.JavaTypes;
import io.updraft.core.encoder.RowEncoder;
import io.updraft.core.encoder.SerializedObjectEncoder;
import io.updraft.core.encoder.TupleEncoder;
import io.updraft.core.encoder.ValueEncoder;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Spark's {@code Encoders}: how typed Datasets map objects to columns. Single values are one column named
 * {@code value}; beans one column per property, sorted by name (a nested bean a struct column); tuples {@code _1}
 * .. {@code _n} (a bean inside a tuple a struct column); {@link #javaSerialization} and {@link #kryo} one binary
 * column {@code value}.
 */
public final class Encoders {
    private static final Encoder<Row> ROW = new RowEncoder(null);

    private Encoders() {
    }

    /** Rows as they are: {@code Dataset<Row>} is the DataFrame. */
    public static Encoder<Row> row() {
        return ROW;
    }

    /** Rows of {@code schema}, for typed operations returning rows (Spark's {@code Encoders.row(schema)}). */
    public static Encoder<Row> row(StructType schema) {
        return new RowEncoder(schema);
    }

    public static <T> Encoder<T> bean(Class<T> beanClass) {
        return new BeanEncoder<>(beanClass);
    }

    public static Encoder<String> STRING() {
        return new ValueEncoder<>(String.class, DataTypes.StringType);
    }

    public static Encoder<Integer> INT() {
        return new ValueEncoder<>(Integer.class, DataTypes.IntegerType);
    }

    public static Encoder<Long> LONG() {
        return new ValueEncoder<>(Long.class, DataTypes.LongType);
    }

    public static Encoder<Double> DOUBLE() {
        return new ValueEncoder<>(Double.class, DataTypes.DoubleType);
    }

    public static Encoder<Float> FLOAT() {
        return new ValueEncoder<>(Float.class, DataTypes.FloatType);
    }

    public static Encoder<Short> SHORT() {
        return new ValueEncoder<>(Short.class, DataTypes.ShortType);
    }

    public static Encoder<Byte> BYTE() {
        return new ValueEncoder<>(Byte.class, DataTypes.ByteType);
    }

    public static Encoder<byte[]> BINARY() {
        return new ValueEncoder<>(byte[].class, DataTypes.BinaryType);
    }

    /** Objects as their Java serialization in one binary column {@code value}, as Spark. */
    public static <T> Encoder<T> javaSerialization(Class<T> clazz) {
        return new SerializedObjectEncoder<>(clazz, SerializedObjectEncoder.Codec.JAVA);
    }

    /** Objects as their Kryo serialization in one binary column {@code value}, as Spark. */
    public static <T> Encoder<T> kryo(Class<T> clazz) {
        return new SerializedObjectEncoder<>(clazz, SerializedObjectEncoder.Codec.KRYO);
    }

    public static Encoder<Boolean> BOOLEAN() {
        return new ValueEncoder<>(Boolean.class, DataTypes.BooleanType);
    }

    /** {@code decimal(38,18)}, as Spark. */
    public static Encoder<BigDecimal> DECIMAL() {
        return new ValueEncoder<>(BigDecimal.class, JavaTypes.SYSTEM_DECIMAL);
    }

    public static Encoder<Date> DATE() {
        return new ValueEncoder<>(Date.class, DataTypes.DateType);
    }

    public static Encoder<LocalDate> LOCALDATE() {
        return new ValueEncoder<>(LocalDate.class, DataTypes.DateType);
    }

    public static Encoder<Timestamp> TIMESTAMP() {
        return new ValueEncoder<>(Timestamp.class, DataTypes.TimestampType);
    }

    public static Encoder<Instant> INSTANT() {
        return new ValueEncoder<>(Instant.class, DataTypes.TimestampType);
    }

    public static <T1, T2> Encoder<Tuple2<T1, T2>> tuple(Encoder<T1> e1, Encoder<T2> e2) {
        return TupleEncoder.of(e1, e2);
    }

    public static <T1, T2, T3> Encoder<Tuple3<T1, T2, T3>> tuple(Encoder<T1> e1, Encoder<T2> e2, Encoder<T3> e3) {
        return TupleEncoder.of(e1, e2, e3);
    }

    public static <T1, T2, T3, T4> Encoder<Tuple4<T1, T2, T3, T4>> tuple(Encoder<T1> e1, Encoder<T2> e2,
                                                                         Encoder<T3> e3, Encoder<T4> e4) {
        return TupleEncoder.of(e1, e2, e3, e4);
    }

    public static <T1, T2, T3, T4, T5> Encoder<Tuple5<T1, T2, T3, T4, T5>> tuple(Encoder<T1> e1, Encoder<T2> e2,
            Encoder<T3> e3, Encoder<T4> e4, Encoder<T5> e5) {
        return TupleEncoder.of(e1, e2, e3, e4, e5);
    }
}
