package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;

import java.util.List;
import java.util.Objects;

/**
 * A window-only function: ranking (row_number, rank, dense_rank, percent_rank, cume_dist, ntile(n)) or offset
 * (lag/lead(input, offset, default), nth_value(input, n[, ignoreNulls])). Constant arguments (n, offset) are
 * literals; the analyzer checked them.
 */
public record WindowFunctionExpression(WindowFunctionKind kind, List<ResolvedExpression> arguments, DataType dataType,
                                       boolean ignoreNulls) implements ResolvedExpression {
    public WindowFunctionExpression {
        Objects.requireNonNull(kind, "kind is null");
        arguments = List.copyOf(arguments);
        Objects.requireNonNull(dataType, "dataType is null");
    }

    /** row_number, rank, dense_rank, ntile, percent_rank and cume_dist are never null. */
    @Override
    public boolean nullable() {
        return !kind.isRanking();
    }

    @Override
    public List<ResolvedExpression> children() {
        return arguments;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new WindowFunctionExpression(kind, children, dataType, ignoreNulls);
    }
}
