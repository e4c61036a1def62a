package io.updraft.core.typed;

import io.updraft.api.java.function.FlatMapGroupsFunction;
import io.updraft.api.java.function.FlatMapGroupsWithStateFunction;
import io.updraft.api.java.function.MapGroupsFunction;
import io.updraft.api.java.function.MapGroupsWithStateFunction;
import io.updraft.api.java.function.ReduceFunction;
import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.Tuple2;
import io.updraft.sql.types.StructType;

import java.io.Serializable;
import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Function;

/**
 * The last step of a {@code KeyValueGroupedDataset} operation: over rows sorted on their first
 * {@code keyColumns} columns (the key, then the value's columns), the user's function gets each group's key object
 * and an iterator of its value objects, read from the sorted input as it goes ({@link SortedGroups}; a group is never
 * collected). {@code REDUCE_GROUPS} gives {@code Tuple2(key, reduced value)} rows, {@code COUNT}
 * {@code Tuple2(key, count)}.
 */
public record GroupsFunction(Kind kind, Serializable function, Encoder<?> key, Encoder<?> value,
                             Encoder<?> output, int keyColumns, long processingTimeMs) implements PartitionFunction {
    public enum Kind {
        MAP_GROUPS, FLAT_MAP_GROUPS, MAP_GROUPS_WITH_STATE, FLAT_MAP_GROUPS_WITH_STATE, REDUCE_GROUPS, COUNT
    }

    public GroupsFunction {
        Objects.requireNonNull(kind, "kind is null");
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(output, "output is null");
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Iterator<Row> apply(Iterator<Row> input, StructType inputSchema) {
        StructType keySchema = Columns.keys(inputSchema, keyColumns);
        StructType valueSchema = Columns.slice(inputSchema, keyColumns, inputSchema.size());
        Function<Row, Object> readKey = (Function<Row, Object>) key.reader(keySchema);
        Function<Row, Object> readValue = value == null ? null : (Function<Row, Object>) value.reader(valueSchema);
        Encoder<Object> out = (Encoder<Object>) output;
        SortedGroups groups = new SortedGroups(input, keyColumns);
        BatchGroupState<Object> state = new BatchGroupState<>(kind == Kind.MAP_GROUPS_WITH_STATE
                ? "mapGroupsWithState" : "flatMapGroupsWithState", processingTimeMs);
        return new Iterator<>() {
            private Iterator<Object> pending = Collections.emptyIterator();

            @Override
            public boolean hasNext() {
                while (!pending.hasNext()) {
                    if (!groups.nextGroup()) {
                        return false;
                    }
                    pending = group();
                }
                return true;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return out.toRow(pending.next());
            }

            private Iterator<Object> group() {
                Object k = readKey.apply(Columns.slice(groups.keyRow(), keySchema, 0));
                Iterator<Object> values = readValue == null ? null
                        : ObjectsFunction.map(groups.rows(), row -> readValue.apply(Columns.slice(row, valueSchema,
                                keyColumns)));
                return switch (kind) {
                    case MAP_GROUPS -> one(UserCalls.call(() -> ((MapGroupsFunction) function).call(k, values)));
                    case FLAT_MAP_GROUPS -> orEmpty(UserCalls.call(() ->
                            ((FlatMapGroupsFunction) function).call(k, values)));
                    case MAP_GROUPS_WITH_STATE -> {
                        state.clear();
                        yield one(UserCalls.call(() -> ((MapGroupsWithStateFunction) function).call(k, values,
                                state)));
                    }
                    case FLAT_MAP_GROUPS_WITH_STATE -> {
                        state.clear();
                        yield orEmpty(UserCalls.call(() -> ((FlatMapGroupsWithStateFunction) function).call(k, values,
                                state)));
                    }
                    case REDUCE_GROUPS -> {
                        Object acc = values.next();
                        while (values.hasNext()) {
                            Object a = acc;
                            Object b = values.next();
                            acc = UserCalls.call(() -> ((ReduceFunction) function).call(a, b));
                        }
                        yield one(new Tuple2<>(k, acc));
                    }
                    case COUNT -> {
                        long n = 0;
                        Iterator<Row> rows = groups.rows();
                        while (rows.hasNext()) {
                            rows.next();
                            n++;
                        }
                        yield one(new Tuple2<>(k, n));
                    }
                };
            }
        };
    }

    private static Iterator<Object> one(Object value) {
        return Collections.singletonList(value).iterator();
    }

    @SuppressWarnings("unchecked")
    private static Iterator<Object> orEmpty(Object iterator) {
        return iterator == null ? Collections.emptyIterator() : (Iterator<Object>) iterator;
    }
}
