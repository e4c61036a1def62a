package io.updraft.function.api;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * The body of {@code POST /queries}: {@code {"sql", "tables": {"name": "s3://bucket/prefix/"}, "conf", "limit",
 * "format": "json"|"csv", "waitSeconds"}}, validated ({@link RequestParser}). Also what query state keeps of the
 * request. {@code waitSeconds} (optional) shortens the function's sync wait for this request (0: answer 202 at once).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueryRequest(String sql, Map<String, String> tables, Map<String, String> conf, long limit,
                           String format, Double waitSeconds) {
    public QueryRequest {
        tables = Map.copyOf(tables);
        conf = Map.copyOf(conf);
    }

    public QueryRequest(String sql, Map<String, String> tables, Map<String, String> conf, long limit, String format) {
        this(sql, tables, conf, limit, format, null);
    }
}
