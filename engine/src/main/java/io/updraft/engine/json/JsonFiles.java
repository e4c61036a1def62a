package io.updraft.engine.json;

import io.updraft.engine.file.TextInputs;
import io.updraft.sql.types.StructType;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/** The schema of JSON files as Spark infers it (see {@link JsonSchemaInference}), every record of every file. */
public final class JsonFiles {
    private JsonFiles() {
    }

    public static StructType inferSchema(List<String> files, JsonOptions options, Map<String, String> settings) {
        JsonSchemaInference inference = new JsonSchemaInference(options);
        for (String file : files) {
            try (InputStream in = TextInputs.openWhole(file, settings)) {
                JsonRecordSource.inferFrom(in, options, inference, file);
            } catch (IOException e) {
                throw TextInputs.unreadable(file, e);
            }
        }
        return inference.schema();
    }
}
