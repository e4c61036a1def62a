package io.updraft.planner.logical;

import io.updraft.core.stats.ColumnRange;
import io.updraft.core.plan.FileFormat;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Files read as one relation, with the schema and sizes found by whoever builds it (the session's reader: from
 * Parquet footers, or inferred from CSV/JSON records, or given by the user). {@code schema} is the data columns
 * then the Hive-style partition columns ({@code partitionSchema}, last, as Spark puts them); {@code
 * partitionValues} holds each file's raw partition values (parallel to {@code files}; empty when unpartitioned),
 * {@code fileSizes} each file's size in bytes (parallel to {@code files}, or empty when unknown).
 * {@code displayPaths} are the user's paths, for explain. {@code columnRanges}: min and max of data columns over all
 * files, by column name, where the footers give them (size estimates only; see {@code SizeEstimator}).
 */
public record FileSource(List<String> files, List<String> displayPaths, StructType schema, long sizeInBytes,
                         long rowCount, FileFormat format, StructType partitionSchema,
                         List<List<String>> partitionValues, List<Long> fileSizes,
                         Map<String, ColumnRange> columnRanges) {
    public FileSource {
        columnRanges = Map.copyOf(columnRanges);
        files = List.copyOf(files);
        displayPaths = List.copyOf(displayPaths);
        Objects.requireNonNull(schema, "schema is null");
        Objects.requireNonNull(format, "format is null");
        Objects.requireNonNull(partitionSchema, "partitionSchema is null");
        List<List<String>> values = new ArrayList<>(partitionValues.size());
        for (List<String> v : partitionValues) {
            values.add(Collections.unmodifiableList(new ArrayList<>(v)));
        }
        partitionValues = Collections.unmodifiableList(values);
        fileSizes = List.copyOf(fileSizes);
        if (!partitionValues.isEmpty() && partitionValues.size() != files.size()) {
            throw new IllegalArgumentException(files.size() + " files but " + partitionValues.size()
                    + " lists of partition values");
        }
    }

    /** Without column ranges. */
    public FileSource(List<String> files, List<String> displayPaths, StructType schema, long sizeInBytes,
                      long rowCount, FileFormat format, StructType partitionSchema,
                      List<List<String>> partitionValues, List<Long> fileSizes) {
        this(files, displayPaths, schema, sizeInBytes, rowCount, format, partitionSchema, partitionValues, fileSizes,
                Map.of());
    }

    /** Unpartitioned Parquet files. */
    public FileSource(List<String> files, List<String> displayPaths, StructType schema, long sizeInBytes,
                      long rowCount) {
        this(files, displayPaths, schema, sizeInBytes, rowCount, FileFormat.PARQUET, new StructType(List.of()),
                List.of(), List.of());
    }

    /** The columns read from the files: the schema without the partition columns. */
    public StructType dataSchema() {
        if (partitionSchema.size() == 0) {
            return schema;
        }
        List<StructField> data = new ArrayList<>();
        for (StructField f : schema.fieldList()) {
            if (partitionSchema.indexOf(f.name()) < 0) {
                data.add(f);
            }
        }
        return new StructType(data);
    }
}
