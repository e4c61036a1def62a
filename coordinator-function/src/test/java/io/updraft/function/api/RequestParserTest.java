package io.updraft.function.api;

import io.updraft.function.FunctionConfig;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class RequestParserTest {
    private final RequestParser parser = new RequestParser(FunctionConfig.from(Map.of(
            "UPDRAFT_SHUFFLE_ROOT", "s3://s/shuffle", "UPDRAFT_RESULTS_BUCKET", "r",
            "UPDRAFT_DATA_PREFIXES", "s3://data/tpch/,s3://other/", "UPDRAFT_MAX_RESULT_ROWS", "100",
            "UPDRAFT_MAX_REQUEST_BYTES", "1000")));

    private ApiError refused(String body) {
        ApiError e = catchThrowableOfType(ApiError.class, () -> parser.parse(body));
        assertThat(e).as(body).isNotNull();
        return e;
    }

    @Test
    void aFullRequestParses() {
        QueryRequest r = parser.parse("""
                {"sql": "SELECT 1", "tables": {"lineitem": "s3://data/tpch/lineitem/"},
                 "conf": {"spark.sql.shuffle.partitions": 8, "spark.sql.session.timeZone": "UTC"},
                 "limit": 10, "format": "csv"}""");
        assertThat(r).isEqualTo(new QueryRequest("SELECT 1", Map.of("lineitem", "s3://data/tpch/lineitem/"),
                Map.of("spark.sql.shuffle.partitions", "8", "spark.sql.session.timeZone", "UTC"), 10, "csv"));
        assertThat(parser.parse("{\"sql\": \"SELECT 1\"}")).isEqualTo(
                new QueryRequest("SELECT 1", Map.of(), Map.of(), 100, "json"));
    }

    @Test
    void malformedBodies() {
        for (String body : new String[] {"", "{", "[1]", "\"sql\"", "nul"}) {
            ApiError e = refused(body);
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.errorClass()).isEqualTo("MALFORMED_RECORD_IN_PARSING");
        }
    }

    @Test
    void fieldErrorsNameTheField() {
        assertThat(refused("{}").errorClass()).isEqualTo("REQUIRED_PARAMETER_NOT_FOUND");
        assertThat(refused("{\"sql\": 3}").getMessage()).contains("\"sql\"");
        assertThat(refused("{\"sql\": \"x\", \"query\": 1}").getMessage()).contains("\"query\"");
        assertThat(refused("{\"sql\": \"x\", \"format\": \"xml\"}").getMessage()).contains("\"format\"");
        assertThat(refused("{\"sql\": \"x\", \"limit\": 1.5}").getMessage()).contains("\"limit\"");
        assertThat(refused("{\"sql\": \"x\", \"tables\": {\"a-b\": \"s3://data/tpch/x/\"}}").getMessage())
                .contains("a-b");
        assertThat(refused("{\"sql\": \"x\", \"tables\": {\"t\": \"/etc/passwd\"}}").getMessage())
                .contains("s3://");
    }

    @Test
    void limitsAndLocations() {
        ApiError negative = refused("{\"sql\": \"x\", \"limit\": -1}");
        assertThat(negative.errorClass()).isEqualTo("INVALID_LIMIT_LIKE_EXPRESSION.IS_NEGATIVE");
        ApiError over = refused("{\"sql\": \"x\", \"limit\": 101}");
        assertThat(over.status()).isEqualTo(400);
        assertThat(over.getMessage()).contains("100");
        ApiError big = refused("{\"sql\": \"" + "x".repeat(1000) + "\"}");
        assertThat(big.status()).isEqualTo(413);
        ApiError outside = refused("{\"sql\": \"x\", \"tables\": {\"t\": \"s3://data/private/\"}}");
        assertThat(outside.status()).isEqualTo(403);
        assertThat(outside.errorClass()).isEqualTo("INSUFFICIENT_PERMISSIONS");
    }

    @Test
    void aRequestCannotRedirectDataShuffleWorkersOrCredentials() {
        for (String key : new String[] {"updraft.shuffle.root", "updraft.lambda.endpoints", "updraft.lambda.functionName",
                "updraft.s3.endpoint", "updraft.s3.accessKey", "updraft.lambda.payloadRoot", "spark.master"}) {
            ApiError e = refused("{\"sql\": \"x\", \"conf\": {\"" + key + "\": \"v\"}}");
            assertThat(e.errorClass()).as(key).isEqualTo("CANNOT_MODIFY_CONFIG");
        }
    }
}
