package io.updraft.core.conf;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PayloadReferenceTest {
    @Test
    void aReferenceRoundTrips() {
        PayloadReference ref = new PayloadReference("s3://bucket/prefix", "payloads/spec-1.json", 7_340_032,
                Map.of(SettingKeys.S3_ENDPOINT, "http://127.0.0.1:4566"));
        String json = ref.toJson();
        assertThat(json).startsWith("{\"" + PayloadReference.FIELD + "\"");
        assertThat(PayloadReference.read(json)).isEqualTo(ref);
        assertThat(PayloadReference.parse(json)).isEqualTo(ref);
    }

    @Test
    void otherPayloadsAreNoReference() {
        assertThat(PayloadReference.read("{\"jobId\":\"j\",\"stageId\":0,\"status\":\"SUCCEEDED\"}")).isNull();
        assertThat(PayloadReference.read("{\"errorType\":\"Runtime.ExitError\",\"errorMessage\":\"exit 137\"}"))
                .isNull();
        assertThat(PayloadReference.read("Task timed out after 2.00 seconds")).isNull();
        assertThat(PayloadReference.read("{\"updraftPayloadRef\":{\"root\":\"r\",\"key\":\"k\"},\"jobId\":\"j\"}"))
                .as("a reference is the only field").isNull();
        assertThat(PayloadReference.read(null)).isNull();
        assertThatThrownBy(() -> PayloadReference.parse("{\"jobId\":\"j\"}"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aReferenceWithoutItsKeyIsAnError() {
        assertThatThrownBy(() -> PayloadReference.read("{\"updraftPayloadRef\":{\"root\":\"s3://b/p\"}}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a payload reference");
    }
}
