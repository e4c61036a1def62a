package io.updraft.core.encoder;

import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.Tuple2;
import io.updraft.sql.Tuple3;
import io.updraft.sql.Tuple4;
import io.updraft.sql.Tuple5;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Spark's {@code Encoders.tuple(e1, ..., en)} (n = 2..5) of single-value encoders: columns {@code _1} .. {@code _n},
 * read by position (as Spark's tuple encoder reads its input by ordinal; another column count is
 * {@code FIELD_NUMBER_MISMATCH}). Tuples of beans need struct columns (not yet). Immutable.
 */
public record TupleEncoder<T>(List<ValueEncoder<?>> components) implements Encoder<T> {
    public TupleEncoder {
        components = List.copyOf(components);
        if (components.size() < 2 || components.size() > 5) {
            throw new IllegalArgumentException("tuples have 2 to 5 elements, got " + components.size());
        }
    }

    /** The tuple of single-value encoders; anything else is not supported yet. */
    public static <T> TupleEncoder<T> of(Encoder<?>... encoders) {
        List<ValueEncoder<?>> values = new ArrayList<>();
        for (Encoder<?> e : encoders) {
            if (!(e instanceof ValueEncoder<?> v)) {
                throw new UnsupportedOperationException("Encoders.tuple of " + e.clsTag().getName()
                        + " needs struct columns, which are not supported yet; tuples of single values are");
            }
            values.add(v);
        }
        return new TupleEncoder<>(values);
    }

    @Override
    public StructType schema() {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < components.size(); i++) {
            fields.add(new StructField("_" + (i + 1), components.get(i).type(), true));
        }
        return new StructType(fields);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Class<T> clsTag() {
        return (Class<T>) switch (components.size()) {
            case 2 -> Tuple2.class;
            case 3 -> Tuple3.class;
            case 4 -> Tuple4.class;
            default -> Tuple5.class;
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
        for (int i = 0; i < n; i++) {
            readers.add(components.get(i).reader(new StructType(List.of(input.get(i)))));
        }
        return row -> {
            Object[] v = new Object[n];
            for (int i = 0; i < n; i++) {
                v[i] = readers.get(i).apply(Row.of(row.get(i)));
            }
            return (T) switch (n) {
                case 2 -> new Tuple2<>(v[0], v[1]);
                case 3 -> new Tuple3<>(v[0], v[1], v[2]);
                case 4 -> new Tuple4<>(v[0], v[1], v[2], v[3]);
                default -> new Tuple5<>(v[0], v[1], v[2], v[3], v[4]);
            };
        };
    }

    @Override
    public Row toRow(T value) {
        Object[] v = switch (value) {
            case Tuple2<?, ?> t -> new Object[] {t._1(), t._2()};
            case Tuple3<?, ?, ?> t -> new Object[] {t._1(), t._2(), t._3()};
            case Tuple4<?, ?, ?, ?> t -> new Object[] {t._1(), t._2(), t._3(), t._4()};
            case Tuple5<?, ?, ?, ?, ?> t -> new Object[] {t._1(), t._2(), t._3(), t._4(), t._5()};
            default -> throw new IllegalArgumentException("not a tuple: " + value);
        };
        for (int i = 0; i < v.length; i++) {
            v[i] = JavaTypes.toRowValue(v[i], components.get(i).type());
        }
        return Row.withSchema(schema(), v);
    }
}
