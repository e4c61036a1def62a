package io.updraft.function.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.updraft.function.state.Json;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A Lambda answer to an HTTP API (payload 2.0) event: {@code {"statusCode", "headers", "body",
 * "isBase64Encoded": false}}.
 */
public record HttpAnswer(int statusCode, Map<String, String> headers, String body) {
    public static HttpAnswer json(int status, Object body) {
        return new HttpAnswer(status, Map.of("content-type", "application/json"),
                body instanceof String s ? s : Json.MAPPER.valueToTree(body).toString());
    }

    public static HttpAnswer error(ApiError e) {
        ObjectNode error = Json.MAPPER.createObjectNode();
        ObjectNode inner = error.putObject("error");
        inner.put("errorClass", e.errorClass());
        inner.put("sqlState", e.sqlState());
        inner.put("message", e.getMessage());
        if (e.line() != null) {
            inner.put("line", e.line());
            inner.put("column", e.column());
        }
        return new HttpAnswer(e.status(), Map.of("content-type", "application/json"), error.toString());
    }

    public HttpAnswer withHeader(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new HttpAnswer(statusCode, h, body);
    }

    public String toJson() {
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("statusCode", statusCode);
        ObjectNode h = out.putObject("headers");
        headers.forEach(h::put);
        out.put("body", body);
        out.put("isBase64Encoded", false);
        return out.toString();
    }
}
