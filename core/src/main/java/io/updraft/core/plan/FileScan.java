package io.updraft.core.plan;

import io.updraft.core.expr.Expr;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * Reads the named columns ({@code schema}) of the given splits of files in {@code format}. {@code dataSchema} is
 * the schema of the files' records (a CSV file's columns in order, a JSON file's fields; for Parquet the columns
 * are matched by name and it equals the data columns of {@code schema}); {@code partitionSchema} the Hive-style
 * partition columns, whose values come from each split ({@link FileSplit#partitionValues}), not from the file.
 * Columns of {@code schema} are matched to both by name (case-insensitive). Columns not in the schema are never
 * decoded; an empty schema reads row counts only. {@code pruningFilter} (nullable, over this scan's output
 * ordinals) lets the Parquet reader skip row groups whose min/max statistics prove no row matches; it does not
 * filter rows (a Filter above does).
 */
public record FileScan(List<FileSplit> splits, FileFormat format, StructType dataSchema, StructType partitionSchema,
                       StructType schema, Expr pruningFilter) implements Operator {
    public FileScan {
        splits = List.copyOf(splits);
        Objects.requireNonNull(format, "format is null");
        Objects.requireNonNull(dataSchema, "dataSchema is null");
        Objects.requireNonNull(partitionSchema, "partitionSchema is null");
        Objects.requireNonNull(schema, "schema is null");
    }

    /** A Parquet scan without partition columns. */
    public FileScan(List<FileSplit> splits, StructType schema, Expr pruningFilter) {
        this(splits, FileFormat.PARQUET, schema, new StructType(List.of()), schema, pruningFilter);
    }

    @Override
    public List<Operator> children() {
        return List.of();
    }

    @Override
    public Operator withChildren(List<Operator> children) {
        return Operator.leaf(children, this);
    }

    public FileScan withSplits(List<FileSplit> newSplits) {
        return new FileScan(newSplits, format, dataSchema, partitionSchema, schema, pruningFilter);
    }

    /** The index of {@code name} among the partition columns (case-insensitive), or -1. */
    public int partitionIndex(String name) {
        List<StructField> fields = partitionSchema.fieldList();
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }
}
