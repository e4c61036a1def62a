package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.core.expr.Expr;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Computes one output column per expression, named by {@code names}. */
public record Project(Operator child, List<Expr> expressions, List<String> names) implements Operator {
    public Project {
        Objects.requireNonNull(child, "child is null");
        expressions = List.copyOf(expressions);
        names = List.copyOf(names);
        if (expressions.size() != names.size()) {
            throw new IllegalArgumentException(expressions.size() + " expressions but " + names.size() + " names");
        }
    }

    @Override
    @JsonIgnore
    public StructType schema() {
        return outputSchema(expressions, names);
    }

    /** One column per expression, named by {@code names}. */
    public static StructType outputSchema(List<Expr> expressions, List<String> names) {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < expressions.size(); i++) {
            fields.add(new StructField(names.get(i), expressions.get(i).dataType(), expressions.get(i).nullable()));
        }
        return new StructType(fields);
    }

    @Override
    public List<Operator> children() {
        return List.of(child);
    }

    @Override
    public Project withChildren(List<Operator> children) {
        return new Project(Operator.onlyChild(children, this), expressions, names);
    }
}
