package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.core.expr.Expr;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.StructType;

import java.util.List;
import java.util.Objects;

/** Keeps rows where {@code condition} is true (null and false drop the row). */
public record Filter(Operator child, Expr condition) implements Operator {
    public Filter {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(condition, "condition is null");
        if (!(condition.dataType() instanceof BooleanType)) {
            throw new IllegalArgumentException("filter condition must be boolean, was " + condition.dataType());
        }
    }

    @Override
    @JsonIgnore
    public StructType schema() {
        return child.schema();
    }

    @Override
    public List<Operator> children() {
        return List.of(child);
    }

    @Override
    public Filter withChildren(List<Operator> children) {
        return new Filter(Operator.onlyChild(children, this), condition);
    }
}
