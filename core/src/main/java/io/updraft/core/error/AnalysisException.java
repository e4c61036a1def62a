package io.updraft.core.error;

/** Spark's AnalysisException: a plan that cannot be resolved (unknown column or table, type mismatch). USER. */
public class AnalysisException extends UpdraftException {
    public AnalysisException(String message) {
        super(ErrorType.USER, message);
    }

    /** With Spark's error class and SQLSTATE (either may be null). */
    public AnalysisException(String errorClass, String sqlState, String text) {
        super(ErrorType.USER, errorClass, sqlState, text, null);
    }
}
