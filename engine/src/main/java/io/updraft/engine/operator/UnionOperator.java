package io.updraft.engine.operator;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.Union;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;

/**
 * UNION ALL: passes the batches of each input in turn, untouched (inputs have the same column types;
 * the output is named after the first input). An exhausted input is closed right away.
 */
public final class UnionOperator implements BatchOperator {
    private final List<BatchOperator> inputs;
    private final StructType schema;
    private int current;

    /** Takes ownership of the inputs. */
    public UnionOperator(List<BatchOperator> inputs) {
        this.inputs = new ArrayList<>(inputs);
        if (this.inputs.isEmpty()) {
            throw new IllegalArgumentException("a union needs at least one input");
        }
        StructType first = this.inputs.get(0).schema();
        List<StructType> schemas = new ArrayList<>(this.inputs.size());
        for (BatchOperator input : this.inputs) {
            StructType other = input.schema();
            boolean sameTypes = other.size() == first.size();
            for (int c = 0; sameTypes && c < first.size(); c++) {
                sameTypes = other.get(c).dataType().equals(first.get(c).dataType());
            }
            if (!sameTypes) {
                throw new UpdraftException(ErrorType.INTERNAL, "union inputs differ: " + first.simpleString()
                        + " vs " + other.simpleString());
            }
            schemas.add(other);
        }
        this.schema = Union.outputSchema(schemas);
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        while (current < inputs.size()) {
            Batch b = inputs.get(current).next();
            if (b != null) {
                return b;
            }
            inputs.get(current).close();
            current++;
        }
        return null;
    }

    @Override
    public void close() {
        RuntimeException failure = null;
        for (int i = current; i < inputs.size(); i++) {
            try {
                inputs.get(i).close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                }
            }
        }
        current = inputs.size();
        if (failure != null) {
            throw failure;
        }
    }
}
