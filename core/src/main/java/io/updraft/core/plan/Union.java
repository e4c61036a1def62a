package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;

/**
 * UNION ALL: the rows of every input, one input after the other. Inputs have the same column count and
 * types (the planner casts); output names come from the first input, a column is nullable if it is in
 * any input.
 */
public record Union(List<Operator> inputs) implements Operator {
    public Union {
        inputs = List.copyOf(inputs);
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("a union needs at least one input");
        }
        StructType first = inputs.get(0).schema();
        for (int i = 1; i < inputs.size(); i++) {
            StructType other = inputs.get(i).schema();
            if (other.size() != first.size()) {
                throw new IllegalArgumentException("union input " + i + " has " + other.size()
                        + " columns but input 0 has " + first.size());
            }
            for (int c = 0; c < first.size(); c++) {
                if (!first.get(c).dataType().equals(other.get(c).dataType())) {
                    throw new IllegalArgumentException("union input " + i + " column " + c + " has type "
                            + other.get(c).dataType().simpleString() + " but input 0 has "
                            + first.get(c).dataType().simpleString());
                }
            }
        }
    }

    @Override
    @JsonIgnore
    public StructType schema() {
        return outputSchema(inputs.stream().map(Operator::schema).toList());
    }

    /** The first input's names and types; a column is nullable if it is in any input. */
    public static StructType outputSchema(List<StructType> inputSchemas) {
        StructType first = inputSchemas.get(0);
        List<StructField> fields = new ArrayList<>(first.size());
        for (int c = 0; c < first.size(); c++) {
            boolean nullable = false;
            for (StructType input : inputSchemas) {
                nullable |= input.get(c).nullable();
            }
            fields.add(new StructField(first.get(c).name(), first.get(c).dataType(), nullable));
        }
        return new StructType(fields);
    }

    @Override
    public List<Operator> children() {
        return inputs;
    }

    @Override
    public Union withChildren(List<Operator> children) {
        return new Union(children);
    }
}
