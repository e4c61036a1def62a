package io.updraft.planner.resolved.plan;

import io.updraft.planner.logical.FileSource;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.List;
import java.util.Objects;

/**
 * Leaf: reads {@code output} (a subset of the source's columns, in source order once pruned) from a
 * Parquet source. {@code pushedFilters} are conjuncts of the filter above, in the form "column op
 * literal", that the reader may use to skip row groups; the filter itself stays above the scan.
 * {@code relationName} names the scan in explain and stage descriptions (table name or file name).
 */
public record ScanNode(FileSource source, String relationName, List<AttributeReference> output,
                       List<ResolvedExpression> pushedFilters) implements ResolvedPlan {
    public ScanNode {
        Objects.requireNonNull(source, "source is null");
        Objects.requireNonNull(relationName, "relationName is null");
        output = List.copyOf(output);
        pushedFilters = List.copyOf(pushedFilters);
    }

    public ScanNode withOutput(List<AttributeReference> newOutput) {
        return new ScanNode(source, relationName, newOutput, pushedFilters);
    }

    public ScanNode withPushedFilters(List<ResolvedExpression> filters) {
        return new ScanNode(source, relationName, output, filters);
    }

    public ScanNode withRelationName(String name) {
        return new ScanNode(source, name, output, pushedFilters);
    }

    @Override
    public List<ResolvedPlan> children() {
        return List.of();
    }

    @Override
    public ResolvedPlan withChildren(List<ResolvedPlan> children) {
        return this;
    }
}
