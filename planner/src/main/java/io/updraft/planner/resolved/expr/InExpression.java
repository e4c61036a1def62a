package io.updraft.planner.resolved.expr;

import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** {@code value IN (list)} after coercion to one common type. */
public record InExpression(ResolvedExpression value, List<ResolvedExpression> list) implements ResolvedExpression {
    public InExpression {
        Objects.requireNonNull(value, "value is null");
        list = List.copyOf(list);
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public boolean nullable() {
        return value.nullable() || list.stream().anyMatch(ResolvedExpression::nullable);
    }

    @Override
    public List<ResolvedExpression> children() {
        List<ResolvedExpression> all = new ArrayList<>(list.size() + 1);
        all.add(value);
        all.addAll(list);
        return all;
    }

    @Override
    public ResolvedExpression withChildren(List<ResolvedExpression> children) {
        return new InExpression(children.get(0), children.subList(1, children.size()));
    }
}
