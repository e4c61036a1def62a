package io.updraft.planner.resolved.expr;

import io.updraft.core.plan.WindowFrame;
import io.updraft.sql.types.DataType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code function OVER (PARTITION BY partitionSpec ORDER BY orderSpec frame)} after analysis: {@code function}
 * is a {@link WindowFunctionExpression} or an {@link AggregateFunctionExpression}; {@code frame} is explicit
 * (the analyzer fills in Spark's defaults). Lives only in a WindowNode's list (the analyzer extracts it there).
 */
public record WindowExpression(ResolvedExpression function, List<ResolvedExpression> partitionSpec,
                               List<SortOrder> orderSpec, WindowFrame frame) implements ResolvedExpression {
    public WindowExpression {
        Objects.requireNonNull(function, "function is null");
        partitionSpec = List.copyOf(partitionSpec);
        orderSpec = List.copyOf(orderSpec);
        Objects.requireNonNull(frame, "frame is null");
    }

    @Override
    public DataType dataType() {
        return function.dataType();
    }

    @Override
    public boolean nullable() {
        return function.nullable();
    }

    /** The function, the partition expressions, then the order expressions. */
    @Override
    public List<ResolvedExpression> children() {
        List<ResolvedExpression> all = new ArrayList<>();
        all.add(function);
        all.addAll(partitionSpec);
        orderSpec.forEach(o -> all.add(o.child()));
        return all;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        int p = partitionSpec.size();
        List<SortOrder> order = new ArrayList<>();
        for (int i = 0; i < orderSpec.size(); i++) {
            order.add(orderSpec.get(i).withChild(children.get(1 + p + i)));
        }
        return new WindowExpression(children.get(0), children.subList(1, 1 + p), order, frame);
    }
}
