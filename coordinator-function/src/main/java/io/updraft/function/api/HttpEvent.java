package io.updraft.function.api;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * What the coordinator reads of an API Gateway HTTP API event (payload format 2.0): the method and path from
 * {@code requestContext.http}, the {@code id} path parameter, the body (base64-decoded when
 * {@code isBase64Encoded}) and the caller's IAM identity ({@code requestContext.authorizer.iam.userArn}, for logs).
 */
public record HttpEvent(String method, String path, String id, String body, String caller, String requestId) {
    /** Whether {@code event} is an HTTP API payload 2.0 event. */
    public static boolean isHttpApi(JsonNode event) {
        return "2.0".equals(event.path("version").asText()) && event.path("requestContext").path("http").isObject();
    }

    public static HttpEvent parse(JsonNode event) {
        JsonNode http = event.path("requestContext").path("http");
        String body = event.path("body").isTextual() ? event.get("body").asText() : null;
        if (body != null && event.path("isBase64Encoded").asBoolean(false)) {
            try {
                body = new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw ApiError.malformedJson("the body is marked base64 but does not decode");
            }
        }
        String id = event.path("pathParameters").path("id").asText(null);
        String path = http.path("path").asText(event.path("rawPath").asText("/"));
        if (id == null && path.startsWith("/queries/")) {
            id = path.substring("/queries/".length());
        }
        return new HttpEvent(http.path("method").asText("GET"), path, id, body,
                event.path("requestContext").path("authorizer").path("iam").path("userArn").asText(null),
                event.path("requestContext").path("requestId").asText(null));
    }
}
