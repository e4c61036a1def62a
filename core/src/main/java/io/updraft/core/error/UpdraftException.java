package io.updraft.core.error;

/**
 * An error with a type that decides retries and the command line's exit status, and — as Spark's
 * {@code SparkThrowable} — an optional error class (condition) and SQLSTATE carried as fields. The message a
 * user sees is Spark's: {@code [ERROR_CLASS] text SQLSTATE: xxxxx}; {@link #text()} is the text alone.
 * Immutable.
 */
public class UpdraftException extends RuntimeException {
    private final ErrorType type;
    private final String errorClass;
    private final String sqlState;
    private final String text;

    public UpdraftException(ErrorType type, String message) {
        this(type, null, null, message, null);
    }

    public UpdraftException(ErrorType type, String message, Throwable cause) {
        this(type, null, null, message, cause);
    }

    /** {@code errorClass} and {@code sqlState} may be null (an error Spark has no class for). */
    public UpdraftException(ErrorType type, String errorClass, String sqlState, String text, Throwable cause) {
        super(compose(errorClass, sqlState, text), cause);
        this.type = java.util.Objects.requireNonNull(type, "type is null");
        this.errorClass = errorClass;
        this.sqlState = sqlState;
        this.text = text;
    }

    /** Spark's message layout: {@code [CLASS] text SQLSTATE: state}, each part only when present. */
    public static String compose(String errorClass, String sqlState, String text) {
        StringBuilder sb = new StringBuilder();
        if (errorClass != null) {
            sb.append('[').append(errorClass).append(']');
            if (text != null && !text.isEmpty()) {
                sb.append(' ');
            }
        }
        if (text != null) {
            sb.append(text);
        }
        if (sqlState != null) {
            sb.append(" SQLSTATE: ").append(sqlState);
        }
        return sb.toString();
    }

    public static UpdraftException user(String message) {
        return new UpdraftException(ErrorType.USER, message);
    }

    public static UpdraftException user(String message, Throwable cause) {
        return new UpdraftException(ErrorType.USER, message, cause);
    }

    /** A USER error with Spark's error class and SQLSTATE. */
    public static UpdraftException user(String errorClass, String sqlState, String text) {
        return new UpdraftException(ErrorType.USER, errorClass, sqlState, text, null);
    }

    public static UpdraftException internal(String message, Throwable cause) {
        return new UpdraftException(ErrorType.INTERNAL, message, cause);
    }

    public ErrorType type() {
        return type;
    }

    /** Spark's error class ("DIVIDE_BY_ZERO", "UNRESOLVED_COLUMN.WITH_SUGGESTION"), or null. */
    public String errorClass() {
        return errorClass;
    }

    /** The SQLSTATE ("22012"), or null. */
    public String sqlState() {
        return sqlState;
    }

    /** The message without the error class and SQLSTATE. */
    public String text() {
        return text;
    }

    /** Spark 4's name for the error class ({@code SparkThrowable.getCondition}). */
    public String getCondition() {
        return errorClass;
    }

    /** Spark's {@code SparkThrowable.getErrorClass}. */
    public String getErrorClass() {
        return errorClass;
    }

    /** Spark's {@code SparkThrowable.getSqlState}. */
    public String getSqlState() {
        return sqlState;
    }
}
