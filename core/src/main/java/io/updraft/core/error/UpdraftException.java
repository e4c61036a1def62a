package io.updraft.core.error;

/** An error with a type that decides retries and the command line's exit status. */
public class UpdraftException extends RuntimeException {
    private final ErrorType type;

    public UpdraftException(ErrorType type, String message) {
        super(message);
        this.type = type;
    }

    public UpdraftException(ErrorType type, String message, Throwable cause) {
        super(message, cause);
        this.type = type;
    }

    public static UpdraftException user(String message) {
        return new UpdraftException(ErrorType.USER, message);
    }

    public static UpdraftException user(String message, Throwable cause) {
        return new UpdraftException(ErrorType.USER, message, cause);
    }

    public static UpdraftException internal(String message, Throwable cause) {
        return new UpdraftException(ErrorType.INTERNAL, message, cause);
    }

    public ErrorType type() {
        return type;
    }
}
