package io.updraft.sql.types;

import java.util.Objects;

/** One named, typed column of a {@link StructType}. */
public record StructField(String name, DataType dataType, boolean nullable) {
    public StructField {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(dataType, "dataType is null");
    }
}
