package io.updraft.engine.expr;

import io.updraft.core.error.UpdraftException;

/**
 * The errors Spark 4 raises in its default ANSI mode where non-ANSI Spark returns null: division or remainder by
 * zero, and integral or decimal results that do not fit their type. USER errors, worded as Spark words them
 * (error class first) so a user can search for them. Stateless.
 */
final class ArithmeticErrors {
    private static final String ANSI_OFF = "If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.";

    private ArithmeticErrors() {
    }

    static UpdraftException divideByZero() {
        return UpdraftException.user("DIVIDE_BY_ZERO", "22012",
                "Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL instead. "
                + ANSI_OFF);
    }

    static UpdraftException remainderByZero() {
        return UpdraftException.user("REMAINDER_BY_ZERO", "22012",
                "Remainder by zero. Use `try_mod` to tolerate divisor being 0 and return NULL instead. "
                + ANSI_OFF);
    }

    /** {@code operation} is "add", "subtract", "multiply" or "negate"; {@code type} the SQL type ("int"). */
    static UpdraftException overflow(String operation, String type) {
        String hint = operation.equals("negate") ? "" : " Use 'try_" + operation + "' to tolerate overflow and return "
                + "NULL instead.";
        return UpdraftException.user("ARITHMETIC_OVERFLOW", "22003",
                type + " overflow in " + operation + "." + hint + " " + ANSI_OFF);
    }

    static UpdraftException decimalOutOfRange(Object value, int precision, int scale) {
        return UpdraftException.user("NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION", "22003",
                value + " cannot be represented as Decimal(" + precision + ", " + scale + "). " + ANSI_OFF);
    }
}
