package io.updraft.function.api;

import io.updraft.core.error.ParseException;
import io.updraft.core.error.UpdraftException;

/**
 * A request the API refuses, as an HTTP status and Spark's error class: the answer's body is
 * {@code {"error": {"errorClass", "sqlState", "message"[, "line", "column"]}}}. Never a stack trace.
 */
public final class ApiError extends RuntimeException {
    private final int status;
    private final String errorClass;
    private final String sqlState;
    private final Integer line;
    private final Integer column;

    public ApiError(int status, String errorClass, String sqlState, String message) {
        this(status, errorClass, sqlState, message, null, null);
    }

    private ApiError(int status, String errorClass, String sqlState, String message, Integer line, Integer column) {
        super(message, null, false, false);
        this.status = status;
        this.errorClass = errorClass;
        this.sqlState = sqlState;
        this.line = line;
        this.column = column;
    }

    /** The body is not JSON, or not a JSON object. */
    public static ApiError malformedJson(String detail) {
        return new ApiError(400, "MALFORMED_RECORD_IN_PARSING", "22023", "The request body is not a JSON object: "
                + detail);
    }

    public static ApiError missing(String field) {
        return new ApiError(400, "REQUIRED_PARAMETER_NOT_FOUND", "4274K", "The request has no \"" + field
                + "\", which is required.");
    }

    public static ApiError invalid(String field, String detail) {
        return new ApiError(400, "INVALID_PARAMETER_VALUE", "22023", "Invalid \"" + field + "\": " + detail);
    }

    public static ApiError tooLarge(long bytes, long max) {
        return new ApiError(413, "INVALID_PARAMETER_VALUE", "22023", "The request body has " + bytes
                + " bytes; at most " + max + " are accepted (UPDRAFT_MAX_REQUEST_BYTES).");
    }

    public static ApiError notFound(String queryId) {
        return new ApiError(404, "INVALID_HANDLE.OPERATION_NOT_FOUND", "HY000", "No query with id '" + queryId
                + "'.");
    }

    public static ApiError noRoute(String method, String path) {
        return new ApiError(404, "UNSUPPORTED_CALL", "0A000", "No route " + method + " " + path
                + " (routes: POST /queries, GET /queries/{id}, DELETE /queries/{id}).");
    }

    public static ApiError internal(String detail) {
        return new ApiError(500, "INTERNAL_ERROR", "XX000", detail);
    }

    /** A user error of the planner or the engine (bad SQL, unknown table or column, ...): 400 with its class. */
    public static ApiError of(UpdraftException e) {
        String errorClass = e.errorClass() != null ? e.errorClass() : "INVALID_PARAMETER_VALUE";
        String sqlState = e.errorClass() != null ? e.sqlState() : "22023";
        if (e instanceof ParseException p) {
            return new ApiError(400, errorClass, sqlState, e.getMessage(), p.line(), p.column());
        }
        return new ApiError(400, errorClass, sqlState, e.getMessage());
    }

    public int status() {
        return status;
    }

    public String errorClass() {
        return errorClass;
    }

    public String sqlState() {
        return sqlState;
    }

    public Integer line() {
        return line;
    }

    public Integer column() {
        return column;
    }
}
