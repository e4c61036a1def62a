package io.updraft.core.plan;

import io.updraft.core.expr.Expr;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/**
 * Reads the named columns ({@code schema}, matched to Parquet columns by name) of the given splits.
 * Columns not in the schema are never decoded; an empty schema reads row counts only.
 * {@code pruningFilter} (nullable, over this scan's output ordinals) lets the reader skip row groups
 * whose min/max statistics prove no row matches; it does not filter rows (a Filter above does).
 */
public record ParquetScan(List<FileSplit> splits, StructType schema, Expr pruningFilter) implements Operator {
    public ParquetScan {
        splits = List.copyOf(splits);
        Objects.requireNonNull(schema, "schema is null");
    }

    @Override
    public List<Operator> children() {
        return List.of();
    }

    @Override
    public Operator withChildren(List<Operator> children) {
        return Operator.leaf(children, this);
    }

    public ParquetScan withSplits(List<FileSplit> newSplits) {
        return new ParquetScan(newSplits, schema, pruningFilter);
    }
}
