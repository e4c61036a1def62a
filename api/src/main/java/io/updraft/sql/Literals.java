package io.updraft.sql;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.Literal;
import io.updraft.core.value.Values;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;

/** Java values to typed literals, as Spark's {@code lit}. */
final class Literals {
    private Literals() {
    }

    /**
     * Integer/Short/Byte → int, Long → bigint, Double/Float → double, String → string, Boolean → boolean,
     * BigDecimal/BigInteger → the smallest decimal(p,s) holding the value (as Spark: p = max(digits, s)),
     * java.sql.Date/LocalDate → date, java.sql.Timestamp/Instant → timestamp, null → a null of type void.
     */
    static Literal of(Object value) {
        return switch (value) {
            case null -> Literal.nullOf(DataTypes.NullType);
            case Integer i -> Literal.of(i.intValue());
            case Short s -> Literal.of(s.intValue());
            case Byte b -> Literal.of(b.intValue());
            case Long l -> Literal.of(l.longValue());
            case Double d -> Literal.of(d.doubleValue());
            case Float f -> Literal.of(Double.parseDouble(f.toString()));
            case String s -> Literal.of(s);
            case Boolean b -> Literal.of(b.booleanValue());
            case BigDecimal d -> decimal(d);
            case BigInteger i -> decimal(new BigDecimal(i));
            case Date d -> new Literal(DataTypes.DateType, Values.days(d));
            case LocalDate d -> new Literal(DataTypes.DateType, Values.days(d));
            case Timestamp t -> new Literal(DataTypes.TimestampType, Values.micros(t));
            case Instant t -> new Literal(DataTypes.TimestampType, Values.micros(t));
            default -> throw new IllegalArgumentException(io.updraft.core.error.UpdraftException.compose(
                    "UNSUPPORTED_FEATURE.LITERAL_TYPE", "0A000",
                    "The feature is not supported: Literal for '" + value + "' of " + value.getClass() + "."));
        };
    }

    /** Spark's {@code DecimalType.fromDecimal}: scale kept (negative scales become 0), precision >= scale. */
    static Literal decimal(BigDecimal value) {
        BigDecimal d = value.scale() < 0 ? value.setScale(0) : value;
        int precision = Math.max(d.precision(), d.scale());
        if (precision > DecimalType.MAX_PRECISION) {
            throw new IllegalArgumentException(UpdraftException.compose("DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION",
                    "22003", "Decimal precision " + precision + " exceeds max precision " + DecimalType.MAX_PRECISION
                            + " for literal " + value + "."));
        }
        return new Literal(new DecimalType(precision, d.scale()), d);
    }
}
