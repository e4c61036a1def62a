package io.updraft.core.encoder;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.typed.UserCode;
import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.objenesis.strategy.StdInstantiatorStrategy;

import java.io.Serializable;
import java.util.List;
import java.util.function.Function;

/**
 * Spark's {@code Encoders.javaSerialization(cls)} and {@code Encoders.kryo(cls)}: the object as one binary column
 * {@code value} (nullable) holding its serialized bytes, as Spark encodes them. Java serialization is read back
 * through {@link UserCode}'s allow-list; Kryo is Spark's own library and version (kryo-shaded 4.0.3), classes
 * written by name (no registration), objects without a no-argument constructor made through Objenesis, as Spark's
 * {@code KryoSerializer} does. The bytes are not Spark's (Spark's Kryo registers its own classes first), so a
 * column written by one cannot be read by the other. Immutable; a Kryo instance per thread.
 */
public record SerializedObjectEncoder<T>(Class<T> clsTag, Codec codec) implements Encoder<T> {
    /** How the objects become bytes. */
    public enum Codec { JAVA, KRYO }

    private static final ThreadLocal<Kryo> KRYO = ThreadLocal.withInitial(() -> {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        kryo.setInstantiatorStrategy(new Kryo.DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        kryo.setClassLoader(Thread.currentThread().getContextClassLoader() != null
                ? Thread.currentThread().getContextClassLoader() : SerializedObjectEncoder.class.getClassLoader());
        return kryo;
    });

    public SerializedObjectEncoder {
        if (codec == Codec.JAVA && !Serializable.class.isAssignableFrom(clsTag)) {
            throw new IllegalArgumentException("Encoders.javaSerialization(" + clsTag.getName() + "): the class is"
                    + " not Serializable");
        }
    }

    @Override
    public StructType schema() {
        return new StructType(List.of(new StructField("value", DataTypes.BinaryType, true)));
    }

    @Override
    public Function<Row, T> reader(StructType input) {
        if (input.size() != 1) {
            throw EncoderErrors.fieldNumberMismatch(input, 1);
        }
        UpCast.check(input.get(0).name(), input.get(0).dataType(), DataTypes.BinaryType,
                List.of("- root class: \"" + clsTag.getName() + "\""));
        return row -> row.isNullAt(0) ? null : decode((byte[]) row.get(0));
    }

    @Override
    public Row toRow(T value) {
        return Row.withSchema(schema(), new Object[] {value == null ? null : encode(value)});
    }

    private byte[] encode(T value) {
        if (codec == Codec.JAVA) {
            return UserCode.toBytes((Serializable) value);
        }
        try (Output out = new Output(256, -1)) {
            KRYO.get().writeClassAndObject(out, value);
            return out.toBytes();
        } catch (RuntimeException e) {
            throw UpdraftException.user("Encoders.kryo(" + clsTag.getName() + ") cannot serialize " + value + ": "
                    + e, e);
        }
    }

    private T decode(byte[] bytes) {
        if (codec == Codec.JAVA) {
            return UserCode.fromBytes(bytes, clsTag);
        }
        try (Input in = new Input(bytes)) {
            return clsTag.cast(KRYO.get().readClassAndObject(in));
        } catch (RuntimeException e) {
            throw UpdraftException.user("Encoders.kryo(" + clsTag.getName() + ") cannot read a value: " + e, e);
        }
    }
}
