package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.core.expr.Expr;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Emits every input row once per projection (ROLLUP, CUBE, GROUPING SETS): projection p's expressions
 * over the input row. All projections have one expression per name and the same type per column (use
 * typed null literals for the columns a grouping set leaves out). A column is nullable if any
 * projection's expression is.
 */
public record Expand(Operator child, List<List<Expr>> projections, List<String> names) implements Operator {
    public Expand {
        Objects.requireNonNull(child, "child is null");
        List<List<Expr>> copy = new ArrayList<>();
        for (List<Expr> p : projections) {
            copy.add(List.copyOf(p));
        }
        projections = List.copyOf(copy);
        names = List.copyOf(names);
        if (projections.isEmpty()) {
            throw new IllegalArgumentException("expand needs at least one projection");
        }
        for (int p = 0; p < projections.size(); p++) {
            List<Expr> projection = projections.get(p);
            if (projection.size() != names.size()) {
                throw new IllegalArgumentException("projection " + p + " has " + projection.size()
                        + " expressions but there are " + names.size() + " names");
            }
            for (int c = 0; c < names.size(); c++) {
                if (!projection.get(c).dataType().equals(projections.get(0).get(c).dataType())) {
                    throw new IllegalArgumentException("projection " + p + " column " + c + " has type "
                            + projection.get(c).dataType().simpleString() + " but projection 0 has "
                            + projections.get(0).get(c).dataType().simpleString());
                }
            }
        }
    }

    @Override
    @JsonIgnore
    public StructType schema() {
        return outputSchema(projections, names);
    }

    /** One column per name: projection 0's types, nullable if any projection's expression is. */
    public static StructType outputSchema(List<List<Expr>> projections, List<String> names) {
        List<StructField> fields = new ArrayList<>(names.size());
        for (int c = 0; c < names.size(); c++) {
            boolean nullable = false;
            for (List<Expr> p : projections) {
                nullable |= p.get(c).nullable();
            }
            fields.add(new StructField(names.get(c), projections.get(0).get(c).dataType(), nullable));
        }
        return new StructType(fields);
    }

    @Override
    public List<Operator> children() {
        return List.of(child);
    }

    @Override
    public Expand withChildren(List<Operator> children) {
        return new Expand(Operator.onlyChild(children, this), projections, names);
    }
}
