package io.updraft.core.value;

import io.updraft.core.error.UpdraftException;
import io.updraft.sql.types.DataType;

import java.util.Locale;

/**
 * The errors Spark 4 raises in its default ANSI mode where non-ANSI Spark returns null: division or remainder by
 * zero, integral or decimal results that do not fit their type, casts that fail. USER errors with Spark's error
 * class, SQLSTATE and wording, so a user can search for them. Stateless.
 */
public final class ValueErrors {
    public static final String DIVIDE_BY_ZERO = "DIVIDE_BY_ZERO";
    public static final String REMAINDER_BY_ZERO = "REMAINDER_BY_ZERO";
    public static final String ARITHMETIC_OVERFLOW = "ARITHMETIC_OVERFLOW";
    public static final String NUMERIC_VALUE_OUT_OF_RANGE = "NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION";
    public static final String CAST_OVERFLOW = "CAST_OVERFLOW";
    public static final String CAST_INVALID_INPUT = "CAST_INVALID_INPUT";
    private static final String DIVISION_STATE = "22012";
    private static final String RANGE_STATE = "22003";
    private static final String ANSI_OFF = "If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.";

    private ValueErrors() {
    }

    public static UpdraftException divideByZero() {
        return UpdraftException.user(DIVIDE_BY_ZERO, DIVISION_STATE, "Division by zero. Use `try_divide` to tolerate "
                + "divisor being 0 and return NULL instead. " + ANSI_OFF);
    }

    public static UpdraftException remainderByZero() {
        return UpdraftException.user(REMAINDER_BY_ZERO, DIVISION_STATE, "Remainder by zero. Use `try_mod` to tolerate "
                + "divisor being 0 and return NULL instead. " + ANSI_OFF);
    }

    /** {@code operation} is "add", "subtract" or "multiply"; {@code type} the SQL type ("int"). */
    public static UpdraftException overflow(String operation, String type) {
        return UpdraftException.user(ARITHMETIC_OVERFLOW, RANGE_STATE, type + " overflow in " + operation + ". Use 'try_"
                + operation + "' to tolerate overflow and return NULL instead. " + ANSI_OFF);
    }

    /** Negation or {@code abs} of the int or bigint minimum, worded as Spark 4.2 words it. */
    public static UpdraftException signOverflow() {
        return UpdraftException.user(ARITHMETIC_OVERFLOW, RANGE_STATE, "overflow. " + ANSI_OFF);
    }

    public static UpdraftException decimalOutOfRange(Object value, int precision, int scale) {
        return UpdraftException.user(NUMERIC_VALUE_OUT_OF_RANGE, RANGE_STATE, value + " cannot be represented as Decimal("
                + precision + ", " + scale + "). " + ANSI_OFF);
    }

    /** A number too large for the integral target type; {@code value} as Spark spells it (10L, 1.0E10D, 1.5BD). */
    public static UpdraftException castOverflow(String value, DataType from, DataType to) {
        return UpdraftException.user(CAST_OVERFLOW, RANGE_STATE, "The value " + value + " of the type \""
                + upper(from) + "\" cannot be cast to \"" + upper(to) + "\" due to an overflow. Use `try_cast` to "
                + "tolerate overflow and return NULL instead.");
    }

    /** A string that does not convert (a malformed number, date, timestamp, boolean). */
    public static UpdraftException castInvalidInput(String value, DataType to) {
        return UpdraftException.user(CAST_INVALID_INPUT, "22018", "The value '" + value + "' of the type \"STRING\" "
                + "cannot be cast to \"" + upper(to) + "\" because it is malformed. Correct the value as per the syntax, "
                + "or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead.");
    }

    private static String upper(DataType type) {
        return type.simpleString().toUpperCase(Locale.ROOT);
    }
}
