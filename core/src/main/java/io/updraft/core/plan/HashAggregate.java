package io.updraft.core.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.updraft.core.expr.Expr;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Groups by {@code groupBy} and computes {@code aggregates} (see {@link AggregateMode} for layouts).
 * {@code names} names the output columns: keys then one name per aggregate (PARTIAL: per state column,
 * generated "name#i"). With no keys, one row is produced even for empty input (FINAL/COMPLETE).
 */
public record HashAggregate(Operator child, List<Expr> groupBy, List<AggregateCall> aggregates, AggregateMode mode,
                            List<String> names) implements Operator {
    public HashAggregate {
        Objects.requireNonNull(child, "child is null");
        groupBy = List.copyOf(groupBy);
        aggregates = List.copyOf(aggregates);
        Objects.requireNonNull(mode, "mode is null");
        names = List.copyOf(names);
        if (names.size() != groupBy.size() + aggregates.size()) {
            throw new IllegalArgumentException("need " + (groupBy.size() + aggregates.size()) + " names, got "
                    + names.size());
        }
    }

    @Override
    @JsonIgnore
    public StructType schema() {
        return outputSchema(groupBy, aggregates, mode, names);
    }

    /** The keys, then per aggregate its state columns ("name#i", PARTIAL) or its result (FINAL, COMPLETE). */
    public static StructType outputSchema(List<Expr> groupBy, List<AggregateCall> aggregates, AggregateMode mode,
                                          List<String> names) {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < groupBy.size(); i++) {
            fields.add(new StructField(names.get(i), groupBy.get(i).dataType(), groupBy.get(i).nullable()));
        }
        for (int a = 0; a < aggregates.size(); a++) {
            AggregateCall call = aggregates.get(a);
            String name = names.get(groupBy.size() + a);
            if (mode == AggregateMode.PARTIAL) {
                List<DataType> state = call.stateTypes();
                for (int s = 0; s < state.size(); s++) {
                    fields.add(new StructField(name + "#" + s, state.get(s), true));
                }
            } else {
                fields.add(new StructField(name, call.dataType(),
                        call.function() != AggregateFunction.COUNT));
            }
        }
        return new StructType(fields);
    }

    @Override
    public List<Operator> children() {
        return List.of(child);
    }

    @Override
    public HashAggregate withChildren(List<Operator> children) {
        return new HashAggregate(Operator.onlyChild(children, this), groupBy, aggregates, mode, names);
    }
}
