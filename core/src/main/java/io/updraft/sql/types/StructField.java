package io.updraft.sql.types;

import java.util.Objects;

/** One named, typed column of a {@link StructType}. */
public record StructField(String name, DataType dataType, boolean nullable) implements java.io.Serializable {
    public StructField {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(dataType, "dataType is null");
    }

    /** A nullable field, as Spark's {@code StructField(name, dataType)}. */
    public StructField(String name, DataType dataType) {
        this(name, dataType, true);
    }

    /** Spark's form: {@code StructField(name,IntegerType,true)}. */
    @Override
    public String toString() {
        return "StructField(" + name + "," + dataType + "," + nullable + ")";
    }
}
