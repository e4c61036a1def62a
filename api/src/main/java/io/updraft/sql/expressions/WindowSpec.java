package io.updraft.sql.expressions;

import io.updraft.core.error.AnalysisException;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.WindowExpr;
import io.updraft.core.plan.WindowFrame;
import io.updraft.sql.Column;

import java.util.ArrayList;
import java.util.List;

/**
 * A window: partitioning, ordering and frame, as Spark's {@code WindowSpec}. Build one with {@link Window}, use it
 * with {@link Column#over(WindowSpec)}, as Spark's {@code org.apache.spark.sql.expressions.WindowSpec}. Each method returns a new spec; {@code partitionBy} and {@code orderBy}
 * replace what was set before, as in Spark. Without a frame, Spark's default applies: RANGE BETWEEN UNBOUNDED
 * PRECEDING AND CURRENT ROW with an ORDER BY, the whole partition without one. Immutable and thread-safe.
 */
public final class WindowSpec {
    private final List<Expression> partitionBy;
    private final List<SortOrderExpr> orderBy;
    private final WindowFrame frame;

    WindowSpec(List<Expression> partitionBy, List<SortOrderExpr> orderBy, WindowFrame frame) {
        this.partitionBy = List.copyOf(partitionBy);
        this.orderBy = List.copyOf(orderBy);
        this.frame = frame;
    }

    public WindowSpec partitionBy(String colName, String... colNames) {
        return partitionBy(columns(colName, colNames));
    }

    public WindowSpec partitionBy(Column... cols) {
        List<Expression> keys = new ArrayList<>(cols.length);
        for (Column c : cols) {
            keys.add(c.expr());
        }
        return new WindowSpec(keys, orderBy, frame);
    }

    /** Orders each partition; a plain column sorts ascending with nulls first. */
    public WindowSpec orderBy(String colName, String... colNames) {
        return orderBy(columns(colName, colNames));
    }

    public WindowSpec orderBy(Column... cols) {
        List<SortOrderExpr> keys = new ArrayList<>(cols.length);
        for (Column c : cols) {
            keys.add(SortOrderExpr.orAscending(c.expr()));
        }
        return new WindowSpec(partitionBy, keys, frame);
    }

    /**
     * ROWS BETWEEN start AND end, offsets in rows from the current row: {@link Window#unboundedPreceding()},
     * {@link Window#currentRow()} (0), {@link Window#unboundedFollowing()}, or a number (-1 = 1 PRECEDING).
     */
    public WindowSpec rowsBetween(long start, long end) {
        checkRowBoundary("start", start, Window.unboundedPreceding());
        checkRowBoundary("end", end, Window.unboundedFollowing());
        return new WindowSpec(partitionBy, orderBy, WindowFrame.rows(start, end));
    }

    /**
     * RANGE BETWEEN start AND end, offsets on the value of the (single, numeric or date) ORDER BY key:
     * {@code rangeBetween(-10, 0)} is every row whose key is within 10 below the current row's, and its peers.
     */
    public WindowSpec rangeBetween(long start, long end) {
        return new WindowSpec(partitionBy, orderBy, WindowFrame.range(start, end));
    }

    /** Internal, for {@link Column#over(WindowSpec)}: {@code function} over this window. */
    public Expression over(Expression function) {
        return new WindowExpr(function, partitionBy, orderBy, frame);
    }

    private static Column[] columns(String first, String... rest) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(first), java.util.Arrays.stream(rest))
                .map(Column::new).toArray(Column[]::new);
    }

    /** Spark's rule: a ROWS offset must be an int unless it is the unbounded marker (Spark 4.2's error). */
    private static void checkRowBoundary(String which, long value, long unbounded) {
        if (value != unbounded && (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)) {
            throw new AnalysisException(io.updraft.core.error.UpdraftException.compose(
                    "INVALID_BOUNDARY." + which.toUpperCase(java.util.Locale.ROOT), "22003", "The boundary `" + which
                    + "` is invalid: " + value + "L. Expected the value is '0', '" + unbounded
                    + "L', '[-2147483648, 2147483647]'."));
        }
    }
}
