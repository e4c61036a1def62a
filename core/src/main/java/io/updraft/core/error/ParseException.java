package io.updraft.core.error;

/** SQL text that does not parse; the message names line, column and the unexpected token. USER. */
public class ParseException extends UpdraftException {
    private final int line;
    private final int column;

    public ParseException(String message, int line, int column) {
        super(ErrorType.USER, message);
        this.line = line;
        this.column = column;
    }

    /** With Spark's error class and SQLSTATE (either may be null). */
    public ParseException(String errorClass, String sqlState, String text, int line, int column) {
        super(ErrorType.USER, errorClass, sqlState, text, null);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
