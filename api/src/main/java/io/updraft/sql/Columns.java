package io.updraft.sql;

import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.SortOrderExpr;

import java.util.ArrayList;
import java.util.List;

/** Column arguments of the Dataset API turned into the planner's unresolved expressions. Stateless. */
final class Columns {
    private Columns() {
    }

    /** Columns by name, as Spark's {@code (String col1, String... cols)} overloads take them. */
    static Column[] of(String first, String... rest) {
        Column[] columns = new Column[rest.length + 1];
        columns[0] = new Column(first);
        for (int i = 0; i < rest.length; i++) {
            columns[i + 1] = new Column(rest[i]);
        }
        return columns;
    }

    static Column[] of(String[] names) {
        Column[] columns = new Column[names.length];
        for (int i = 0; i < names.length; i++) {
            columns[i] = new Column(names[i]);
        }
        return columns;
    }

    static List<Expression> expressions(Column[] cols) {
        List<Expression> list = new ArrayList<>(cols.length);
        for (Column c : cols) {
            if (c instanceof ColumnList l) {
                list.addAll(l.columns());   // colRegex: every match
            } else {
                list.add(c.expr());
            }
        }
        return list;
    }

    /** Sort keys; a column that is not a sort order sorts ascending, nulls first. */
    static List<SortOrderExpr> sortOrders(Column[] cols) {
        List<SortOrderExpr> order = new ArrayList<>(cols.length);
        for (Column c : cols) {
            order.add(SortOrderExpr.orAscending(c.expr()));
        }
        return order;
    }

    static int positivePartitions(int numPartitions) {
        if (numPartitions < 1) {
            throw new IllegalArgumentException("Number of partitions (" + numPartitions + ") must be positive.");
        }
        return numPartitions;
    }

    static List<Expression> hashKeys(Column[] partitionExprs) {
        List<Expression> keys = expressions(partitionExprs);
        List<Expression> sortOrders = keys.stream().filter(k -> k instanceof SortOrderExpr).toList();
        if (!sortOrders.isEmpty()) {
            throw new IllegalArgumentException("Invalid partitionExprs specified: "
                    + sortOrders.stream().map(Expression::sql).toList()
                    + "\nFor range partitioning use repartitionByRange(...) instead.");
        }
        return keys;
    }
}
