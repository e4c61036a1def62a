package io.updraft.sql;

import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A table of the session catalog: the files at {@code location} (qualified, as the writer takes it) in {@code
 * format} with {@code options} (for reading and writing alike), the schema it was created with (data columns, then
 * the partition columns, as Spark orders them) and its partition columns. {@code managed}: created without a
 * LOCATION, under the warehouse folder, so DROP TABLE deletes its files (Spark's managed tables). Immutable.
 */
record CatalogTable(String name, String format, Map<String, String> options, String location, StructType schema,
                    List<String> partitionColumns, boolean managed) {
    CatalogTable {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(format, "format is null");
        Objects.requireNonNull(location, "location is null");
        Objects.requireNonNull(schema, "schema is null");
        options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
        partitionColumns = List.copyOf(partitionColumns);
    }

    /** The name as Spark's messages show a table of the session catalog: {@code `spark_catalog`.`default`.`t`}. */
    String qualifiedName() {
        return "`spark_catalog`.`default`.`" + name.replace("`", "``") + "`";
    }

    /** The partition columns' fields, in the table's order. */
    List<StructField> partitionFields() {
        List<StructField> out = new ArrayList<>();
        for (StructField f : schema.fieldList()) {
            if (partitionColumns.stream().anyMatch(p -> p.equalsIgnoreCase(f.name()))) {
                out.add(f);
            }
        }
        return out;
    }
}
