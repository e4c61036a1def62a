package io.updraft.sql;

import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.UnresolvedAttribute;

import java.util.List;

/**
 * {@code Dataset.colRegex}'s answer when a regular expression matches other than one column: the matched columns,
 * which {@code select} (through {@link Columns#expressions}) expands in place, as Spark's
 * {@code UnresolvedRegex}. Used anywhere else it stands for its first match (none: a name that does not resolve).
 * Immutable.
 */
final class ColumnList extends Column {
    private final List<Expression> columns;

    private ColumnList(List<Expression> columns) {
        super(columns.isEmpty() ? new UnresolvedAttribute(List.of("`colRegex matched no column`")) : columns.get(0));
        this.columns = List.copyOf(columns);
    }

    static Column of(List<Expression> columns) {
        return columns.size() == 1 ? new Column(columns.get(0)) : new ColumnList(columns);
    }

    List<Expression> columns() {
        return columns;
    }
}
