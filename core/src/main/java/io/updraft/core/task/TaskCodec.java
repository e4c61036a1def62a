package io.updraft.core.task;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.updraft.core.error.UpdraftException;

/** JSON wire format of {@link TaskSpec} and {@link TaskResult}. Thread-safe. */
public final class TaskCodec {
    /**
     * Inline results are one base64 string per task; in local mode they may exceed Jackson's default 20 MB
     * string limit (Lambda payloads are capped at 6 MB by AWS anyway).
     */
    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Integer.MAX_VALUE).build())
            .build())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private TaskCodec() {
    }

    public static String encode(TaskSpec spec) {
        return write(spec);
    }

    public static String encode(TaskResult result) {
        return write(result);
    }

    public static TaskSpec decodeSpec(String json) {
        return read(json, TaskSpec.class);
    }

    public static TaskResult decodeResult(String json) {
        return read(json, TaskResult.class);
    }

    private static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw UpdraftException.internal("cannot encode " + value.getClass().getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw UpdraftException.internal("cannot decode " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }
}
