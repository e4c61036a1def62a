package io.updraft.core.encoder;

import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.Tuple2;
import io.updraft.sql.Tuple3;
import io.updraft.sql.Tuple4;
import io.updraft.sql.Tuple5;
import io.updraft.sql.Tuple6;
import io.updraft.sql.Tuple7;
import io.updraft.sql.Tuple8;
import io.updraft.sql.Tuple9;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Spark's {@code Encoders.tuple(e1, ..., en)} (n = 2..5; up to 9 for {@code KeyValueGroupedDataset.agg} of 8 columns): columns {@code _1} .. {@code _n}, read by position (as
 * Spark's tuple encoder reads its input by ordinal; another column count is {@code FIELD_NUMBER_MISMATCH}). A
 * single-value component ({@link #isFlat}: {@link ValueEncoder}, {@link SerializedObjectEncoder}) is its column
 * itself; any other (a bean, a tuple, rows of a schema) is a struct column of its own columns, null for a null
 * object, as Spark. Immutable.
 */
public record TupleEncoder<T>(List<Encoder<?>> components) implements Encoder<T> {
    public TupleEncoder {
        components = List.copyOf(components);
        if (components.size() < 2 || components.size() > 9) {
            throw new IllegalArgumentException("tuples have 2 to 9 elements, got " + components.size());
        }
    }

    public static <T> TupleEncoder<T> of(Encoder<?>... encoders) {
        return new TupleEncoder<>(List.of(encoders));
    }

    /** Whether {@code encoder}'s objects are one column, not a struct (Spark's not isSerializedAsStructForTopLevel). */
    public static boolean isFlat(Encoder<?> encoder) {
        return encoder instanceof ValueEncoder<?> || encoder instanceof SerializedObjectEncoder<?>;
    }

    @Override
    public StructType schema() {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < components.size(); i++) {
            fields.add(new StructField("_" + (i + 1), columnType(components.get(i)), true));
        }
        return new StructType(fields);
    }

    private static DataType columnType(Encoder<?> e) {
        return isFlat(e) ? e.schema().get(0).dataType() : e.schema();
    }

    @Override
    @SuppressWarnings("unchecked")
    public Class<T> clsTag() {
        return (Class<T>) switch (components.size()) {
            case 2 -> Tuple2.class;
            case 3 -> Tuple3.class;
            case 4 -> Tuple4.class;
            case 5 -> Tuple5.class;
            case 6 -> Tuple6.class;
            case 7 -> Tuple7.class;
            case 8 -> Tuple8.class;
            default -> Tuple9.class;
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public Function<Row, T> reader(StructType input) {
        int n = components.size();
        if (input.size() != n) {
            throw EncoderErrors.fieldNumberMismatch(input, Math.max(n, input.size()));
        }
        List<Function<Row, ?>> readers = new ArrayList<>();
        boolean[] flat = new boolean[n];
        for (int i = 0; i < n; i++) {
            Encoder<?> e = components.get(i);
            flat[i] = isFlat(e);
            DataType type = input.get(i).dataType();
            if (!flat[i] && !(type instanceof StructType)) {
                UpCast.check(input.get(i).name(), type, columnType(e), List.of("- field (class: \""
                        + e.clsTag().getName() + "\", name: \"_" + (i + 1) + "\")"));
            }
            readers.add(flat[i] ? e.reader(new StructType(List.of(input.get(i)))) : e.reader((StructType) type));
        }
        return row -> {
            Object[] v = new Object[n];
            for (int i = 0; i < n; i++) {
                Object value = row.get(i);
                v[i] = flat[i] ? readers.get(i).apply(Row.of(value))
                        : value == null ? null : readers.get(i).apply((Row) value);
            }
            return (T) switch (n) {
                case 2 -> new Tuple2<>(v[0], v[1]);
                case 3 -> new Tuple3<>(v[0], v[1], v[2]);
                case 4 -> new Tuple4<>(v[0], v[1], v[2], v[3]);
                case 5 -> new Tuple5<>(v[0], v[1], v[2], v[3], v[4]);
                case 6 -> new Tuple6<>(v[0], v[1], v[2], v[3], v[4], v[5]);
                case 7 -> new Tuple7<>(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
                case 8 -> new Tuple8<>(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
                default -> new Tuple9<>(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]);
            };
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public Row toRow(T value) {
        Object[] v = switch (value) {
            case Tuple2<?, ?> t -> new Object[] {t._1(), t._2()};
            case Tuple3<?, ?, ?> t -> new Object[] {t._1(), t._2(), t._3()};
            case Tuple4<?, ?, ?, ?> t -> new Object[] {t._1(), t._2(), t._3(), t._4()};
            case Tuple5<?, ?, ?, ?, ?> t -> new Object[] {t._1(), t._2(), t._3(), t._4(), t._5()};
            case Tuple6<?, ?, ?, ?, ?, ?> t -> new Object[] {t._1(), t._2(), t._3(), t._4(), t._5(), t._6()};
            case Tuple7<?, ?, ?, ?, ?, ?, ?> t -> new Object[] {t._1(), t._2(), t._3(), t._4(), t._5(), t._6(), t._7()};
            case Tuple8<?, ?, ?, ?, ?, ?, ?, ?> t -> new Object[] {t._1(), t._2(), t._3(), t._4(), t._5(), t._6(), t._7(),
                t._8()};
            case Tuple9<?, ?, ?, ?, ?, ?, ?, ?, ?> t -> new Object[] {t._1(), t._2(), t._3(), t._4(), t._5(), t._6(),
                t._7(), t._8(), t._9()};
            default -> throw new IllegalArgumentException("not a tuple: " + value);
        };
        for (int i = 0; i < v.length; i++) {
            Encoder<Object> e = (Encoder<Object>) components.get(i);
            Row r = v[i] == null ? null : e.toRow(v[i]);
            v[i] = isFlat(e) ? (r == null ? null : r.get(0)) : r;
        }
        return Row.withSchema(schema(), v);
    }
}
