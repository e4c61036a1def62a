package io.updraft.planner.physical;

import io.updraft.planner.logical.ParquetSource;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ResolvedExpression;

import java.util.List;
import java.util.Objects;

/** Reads {@code output} from the source's files, one task per file split; see {@link io.updraft.core.plan.ParquetScan}. */
public record ScanExec(ParquetSource source, String relationName, List<AttributeReference> output,
                       List<ResolvedExpression> pushedFilters) implements PhysicalNode {
    public ScanExec {
        Objects.requireNonNull(source, "source is null");
        Objects.requireNonNull(relationName, "relationName is null");
        output = List.copyOf(output);
        pushedFilters = List.copyOf(pushedFilters);
    }

    @Override
    public List<PhysicalNode> children() {
        return List.of();
    }

    @Override
    public PhysicalPartitioning partitioning() {
        return PhysicalPartitioning.UNKNOWN;
    }
}
