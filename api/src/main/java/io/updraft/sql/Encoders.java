package io.updraft.sql;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;

/** Encoders for {@link Dataset#as(Encoder)}, as Spark's {@code Encoders}. Typed operations come later. */
public final class Encoders {
    private static final Encoder<Row> ROW = new FirstOrRow<>(Row.class, true);

    private Encoders() {
    }

    /** Rows as they are: {@code Dataset<Row>} is the DataFrame. */
    public static Encoder<Row> row() {
        return ROW;
    }

    public static Encoder<String> STRING() {
        return new FirstOrRow<>(String.class, false);
    }

    public static Encoder<Integer> INT() {
        return new FirstOrRow<>(Integer.class, false);
    }

    public static Encoder<Long> LONG() {
        return new FirstOrRow<>(Long.class, false);
    }

    public static Encoder<Double> DOUBLE() {
        return new FirstOrRow<>(Double.class, false);
    }

    public static Encoder<Boolean> BOOLEAN() {
        return new FirstOrRow<>(Boolean.class, false);
    }

    public static Encoder<BigDecimal> DECIMAL() {
        return new FirstOrRow<>(BigDecimal.class, false);
    }

    public static Encoder<Date> DATE() {
        return new FirstOrRow<>(Date.class, false);
    }

    public static Encoder<Timestamp> TIMESTAMP() {
        return new FirstOrRow<>(Timestamp.class, false);
    }

    private record FirstOrRow<T>(Class<T> clsTag, boolean wholeRow) implements Encoder<T> {
        @Override
        public T fromRow(Row row) {
            return clsTag.cast(wholeRow ? row : row.get(0));
        }
    }
}
