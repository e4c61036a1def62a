package io.updraft.sql.expressions;

import io.updraft.core.plan.WindowFrame;
import io.updraft.sql.Column;

import java.util.List;

/**
 * Builds {@link WindowSpec}s, as Spark's {@code org.apache.spark.sql.expressions.Window}:
 * {@code Window.partitionBy("dept").orderBy(col("salary").desc()).rowsBetween(Window.unboundedPreceding(),
 * Window.currentRow())}. Stateless.
 */
public final class Window {
    private static final WindowSpec EMPTY = new WindowSpec(List.of(), List.of(), null);

    private Window() {
    }

    /** The frame boundary "UNBOUNDED PRECEDING" ({@code Long.MIN_VALUE}). */
    public static long unboundedPreceding() {
        return WindowFrame.UNBOUNDED_PRECEDING;
    }

    /** The frame boundary "UNBOUNDED FOLLOWING" ({@code Long.MAX_VALUE}). */
    public static long unboundedFollowing() {
        return WindowFrame.UNBOUNDED_FOLLOWING;
    }

    /** The frame boundary "CURRENT ROW" (0). */
    public static long currentRow() {
        return WindowFrame.CURRENT_ROW;
    }

    public static WindowSpec partitionBy(String colName, String... colNames) {
        return EMPTY.partitionBy(colName, colNames);
    }

    public static WindowSpec partitionBy(Column... cols) {
        return EMPTY.partitionBy(cols);
    }

    public static WindowSpec orderBy(String colName, String... colNames) {
        return EMPTY.orderBy(colName, colNames);
    }

    public static WindowSpec orderBy(Column... cols) {
        return EMPTY.orderBy(cols);
    }

    public static WindowSpec rowsBetween(long start, long end) {
        return EMPTY.rowsBetween(start, end);
    }

    public static WindowSpec rangeBetween(long start, long end) {
        return EMPTY.rangeBetween(start, end);
    }
}
