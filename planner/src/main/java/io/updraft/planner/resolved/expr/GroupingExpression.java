package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.List;

/**
 * {@code grouping(col)} (int: 1 when col is aggregated away in the row's grouping set) or
 * {@code grouping_id(cols...)} (bigint bit vector, first column most significant; no columns = all grouping
 * columns). Exists only while the analyzer plans GROUPING SETS; it is replaced by arithmetic on the Expand's
 * grouping id column before analysis ends.
 */
public record GroupingExpression(List<ResolvedExpression> columns, boolean id) implements ResolvedExpression {
    public GroupingExpression {
        columns = List.copyOf(columns);
    }

    @Override
    public DataType dataType() {
        return id ? DataTypes.LongType : DataTypes.IntegerType;
    }

    @Override
    public boolean nullable() {
        return false;
    }

    @Override
    public List<ResolvedExpression> children() {
        return columns;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new GroupingExpression(children, id);
    }
}
