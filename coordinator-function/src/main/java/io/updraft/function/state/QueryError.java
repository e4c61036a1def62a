package io.updraft.function.state;

/** Why a query failed, as the API answers it: Spark's error class and SQLSTATE (null when Spark has none). */
public record QueryError(String errorClass, String sqlState, String message) {
}
