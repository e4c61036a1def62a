package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.core.expr.Expr;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs a generator ({@link GeneratorFunction}) over {@code argument} for every input row: one output row per array
 * element or map entry, holding the input columns {@code childColumns} (ordinals, in that order) followed by the
 * generated columns, named {@code names} (one per {@link GeneratorFunction#outputFields}). A null or empty input
 * yields no row, or with {@code outer} one row whose generated columns are null (Spark's {@code Generate}).
 */
public record Generate(Operator child, GeneratorFunction function, Expr argument, boolean outer,
                       List<Integer> childColumns, List<String> names) implements Operator {
    public Generate {
        Objects.requireNonNull(child, "child is null");
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(argument, "argument is null");
        childColumns = List.copyOf(childColumns);
        names = List.copyOf(names);
        int width = child.schema().size();
        for (int c : childColumns) {
            if (c < 0 || c >= width) {
                throw new IllegalArgumentException("child column " + c + " out of range: the child has " + width);
            }
        }
        int generated = function.outputFields(argument.dataType(), outer).size();
        if (names.size() != generated) {
            throw new IllegalArgumentException(function.sqlName() + " of " + argument.dataType().simpleString()
                    + " generates " + generated + " columns but there are " + names.size() + " names");
        }
    }

    @Override
    @JsonIgnore
    public StructType schema() {
        List<StructField> fields = new ArrayList<>();
        List<StructField> input = child.schema().fieldList();
        for (int c : childColumns) {
            fields.add(input.get(c));
        }
        fields.addAll(generatedFields());
        return new StructType(fields);
    }

    /** The generated columns under their {@code names}. */
    @JsonIgnore
    public List<StructField> generatedFields() {
        List<StructField> spark = function.outputFields(argument.dataType(), outer);
        List<StructField> out = new ArrayList<>(spark.size());
        for (int i = 0; i < spark.size(); i++) {
            out.add(new StructField(names.get(i), spark.get(i).dataType(), spark.get(i).nullable()));
        }
        return out;
    }

    @Override
    public List<Operator> children() {
        return List.of(child);
    }

    @Override
    public Generate withChildren(List<Operator> children) {
        return new Generate(Operator.onlyChild(children, this), function, argument, outer, childColumns, names);
    }
}
