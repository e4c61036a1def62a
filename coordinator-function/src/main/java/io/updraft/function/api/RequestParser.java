package io.updraft.function.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.updraft.function.FunctionConfig;
import io.updraft.function.state.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Validates a {@code POST /queries} body into a {@link QueryRequest}, or throws the {@link ApiError} that says
 * what is wrong: not JSON, a missing or mistyped field, a table name or location not allowed, a conf key a request
 * may not set, a limit above the function's maximum, a body above its size limit.
 */
public final class RequestParser {
    private static final Set<String> FIELDS = Set.of("sql", "tables", "conf", "limit", "format", "waitSeconds");
    private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");
    /** What a request may set: SQL behaviour and the scheduler's retry and speculation knobs — never where data,
     *  shuffle or workers are, nor credentials. */
    private static final Pattern ALLOWED_CONF = Pattern.compile(
            "spark\\.sql\\.[A-Za-z0-9_.]+|updraft\\.task\\.maxAttempts|updraft\\.speculation(\\.[A-Za-z]+)?"
                    + "|updraft\\.retry\\.[A-Za-z]+|updraft\\.shuffle\\.codec");

    private final FunctionConfig config;

    public RequestParser(FunctionConfig config) {
        this.config = config;
    }

    public QueryRequest parse(String body) {
        if (body == null || body.isBlank()) {
            throw ApiError.malformedJson("the body is empty");
        }
        int bytes = body.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > config.maxRequestBytes()) {
            throw ApiError.tooLarge(bytes, config.maxRequestBytes());
        }
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(body);
        } catch (IOException e) {
            String detail = e.getMessage() == null ? "unreadable" : e.getMessage().lines().findFirst().orElse("");
            throw ApiError.malformedJson(detail);
        }
        if (root == null || !root.isObject()) {
            throw ApiError.malformedJson("expected an object, got " + (root == null ? "nothing" : root.getNodeType()));
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!FIELDS.contains(f)) {
                throw ApiError.invalid(f, "unknown field (fields: sql, tables, conf, limit, format, waitSeconds)");
            }
        }
        JsonNode sql = root.get("sql");
        if (sql == null || sql.isNull()) {
            throw ApiError.missing("sql");
        }
        if (!sql.isTextual() || sql.asText().isBlank()) {
            throw ApiError.invalid("sql", "must be a non-empty string");
        }
        Map<String, String> tables = tables(root.get("tables"));
        Map<String, String> conf = conf(root.get("conf"));
        long limit = limit(root.get("limit"));
        String format = format(root.get("format"));
        JsonNode wait = root.get("waitSeconds");
        if (wait != null && !wait.isNull() && (!wait.isNumber() || wait.asDouble() < 0)) {
            throw ApiError.invalid("waitSeconds", "must be a number of seconds >= 0");
        }
        Double waitSeconds = wait == null || wait.isNull() ? null : wait.asDouble();
        return new QueryRequest(sql.asText(), tables, conf, limit, format, waitSeconds);
    }

    /** Table locations must be s3:// URIs inside the function's data prefixes (when it has any). */
    public void checkLocation(String name, String location) {
        if (!location.startsWith("s3://")) {
            throw ApiError.invalid("tables." + name, "must be an s3://bucket/prefix/ URI, got '" + location + "'");
        }
        if (!config.dataPrefixes().isEmpty()
                && config.dataPrefixes().stream().noneMatch(location::startsWith)) {
            throw new ApiError(403, "INSUFFICIENT_PERMISSIONS", "42501", "Table '" + name + "' at " + location
                    + " is outside the data this deployment may read: " + String.join(", ", config.dataPrefixes()));
        }
    }

    private Map<String, String> tables(JsonNode node) {
        Map<String, String> tables = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return tables;
        }
        if (!node.isObject()) {
            throw ApiError.invalid("tables", "must be an object of table name to s3:// location");
        }
        for (var it = node.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!TABLE_NAME.matcher(e.getKey()).matches()) {
                throw ApiError.invalid("tables", "'" + e.getKey() + "' is not a table name (letters, digits, _)");
            }
            if (!e.getValue().isTextual()) {
                throw ApiError.invalid("tables." + e.getKey(), "must be a string s3:// location");
            }
            checkLocation(e.getKey(), e.getValue().asText());
            tables.put(e.getKey(), e.getValue().asText());
        }
        return tables;
    }

    private static Map<String, String> conf(JsonNode node) {
        Map<String, String> conf = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return conf;
        }
        if (!node.isObject()) {
            throw ApiError.invalid("conf", "must be an object of setting to value");
        }
        for (var it = node.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!ALLOWED_CONF.matcher(e.getKey()).matches()) {
                throw new ApiError(400, "CANNOT_MODIFY_CONFIG", "46110", "Cannot modify the value of the config: \""
                        + e.getKey() + "\" (a request may set spark.sql.*, updraft.task.maxAttempts, "
                        + "updraft.speculation*, updraft.retry.*, updraft.shuffle.codec).");
            }
            if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                throw ApiError.invalid("conf." + e.getKey(), "must be a string, number or boolean");
            }
            conf.put(e.getKey(), e.getValue().asText());
        }
        return conf;
    }

    private long limit(JsonNode node) {
        if (node == null || node.isNull()) {
            return config.maxResultRows();
        }
        if (!node.canConvertToExactIntegral() || !node.isNumber()) {
            throw ApiError.invalid("limit", "must be a whole number");
        }
        long limit = node.asLong();
        if (limit < 0) {
            throw new ApiError(400, "INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE", "42K0E",
                    "The limit expression must be equal to or greater than 0, but got " + limit + ".");
        }
        if (limit > config.maxResultRows()) {
            throw ApiError.invalid("limit", limit + " is above the most rows a query may ask for, "
                    + config.maxResultRows() + " (UPDRAFT_MAX_RESULT_ROWS)");
        }
        return limit;
    }

    private static String format(JsonNode node) {
        if (node == null || node.isNull()) {
            return "json";
        }
        String f = node.asText();
        if (!node.isTextual() || !(f.equals("json") || f.equals("csv"))) {
            throw ApiError.invalid("format", "must be \"json\" or \"csv\", got " + node);
        }
        return f;
    }
}
