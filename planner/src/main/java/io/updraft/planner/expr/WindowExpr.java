package io.updraft.planner.expr;

import io.updraft.core.plan.WindowFrame;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * {@code function OVER (PARTITION BY partitionBy ORDER BY orderBy frame)}: Spark's {@code Column.over(WindowSpec)}.
 * {@code function} is a {@link FunctionCall} of a ranking or offset function (row_number, rank, dense_rank,
 * percent_rank, cume_dist, ntile, lag, lead, nth_value, first_value, last_value) or of an aggregate (sum, avg,
 * count, min, max, stddev, ...). {@code frame} null means Spark's default: RANGE BETWEEN UNBOUNDED PRECEDING AND
 * CURRENT ROW with an ORDER BY, the whole partition without one.
 */
public record WindowExpr(Expression function, List<Expression> partitionBy, List<SortOrderExpr> orderBy,
                         WindowFrame frame) implements Expression {
    public WindowExpr {
        Objects.requireNonNull(function, "function is null");
        partitionBy = List.copyOf(partitionBy);
        orderBy = List.copyOf(orderBy);
    }

    @Override
    public String sql() {
        StringBuilder sb = new StringBuilder(function.sql()).append(" OVER (");
        String sep = "";
        if (!partitionBy.isEmpty()) {
            sb.append("PARTITION BY ").append(partitionBy.stream().map(Expression::sql).collect(Collectors.joining(", ")));
            sep = " ";
        }
        if (!orderBy.isEmpty()) {
            sb.append(sep).append("ORDER BY ").append(orderBy.stream().map(Expression::sql)
                    .collect(Collectors.joining(", ")));
            sep = " ";
        }
        if (frame != null) {
            sb.append(sep).append(frame.sql());
        }
        return sb.append(')').toString();
    }
}
