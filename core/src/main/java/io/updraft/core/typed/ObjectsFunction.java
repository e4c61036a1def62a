package io.updraft.core.typed;

import io.updraft.api.java.function.FilterFunction;
import io.updraft.api.java.function.FlatMapFunction;
import io.updraft.api.java.function.ForeachFunction;
import io.updraft.api.java.function.ForeachPartitionFunction;
import io.updraft.api.java.function.MapFunction;
import io.updraft.api.java.function.MapPartitionsFunction;
import io.updraft.api.java.function.ReduceFunction;
import io.updraft.sql.Encoder;
import io.updraft.sql.Row;
import io.updraft.sql.types.StructType;

import java.io.Serializable;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Function;

/**
 * A typed operation over a partition's objects: rows become objects through {@code input}'s reader, the user's
 * function runs, its results become rows through {@code output}. {@code FILTER} keeps the input rows themselves,
 * {@code FOREACH}/{@code FOREACH_PARTITION} return no rows, {@code REDUCE} returns at most one (the partition's
 * reduction). Lazy: one object at a time unless the user's own function holds more.
 */
public record ObjectsFunction(Kind kind, Serializable function, Encoder<?> input, Encoder<?> output)
        implements PartitionFunction {
    public enum Kind {
        MAP, FLAT_MAP, FILTER, MAP_PARTITIONS, FOREACH, FOREACH_PARTITION, REDUCE
    }

    public ObjectsFunction {
        Objects.requireNonNull(kind, "kind is null");
        Objects.requireNonNull(function, "function is null");
        Objects.requireNonNull(input, "input is null");
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Iterator<Row> apply(Iterator<Row> rows, StructType inputSchema) {
        Function<Row, Object> read = (Function<Row, Object>) input.reader(inputSchema);
        Encoder<Object> out = (Encoder<Object>) output;
        return switch (kind) {
            case MAP -> map(rows, row -> out.toRow(UserCalls.call(() -> ((MapFunction) function).call(read.apply(row)))));
            case FLAT_MAP -> flatten(map(rows, row -> UserCalls.call(() ->
                    (Iterator<Object>) ((FlatMapFunction) function).call(read.apply(row)))), out);
            case FILTER -> filter(rows, row -> UserCalls.call(() -> ((FilterFunction) function).call(read.apply(row))));
            case MAP_PARTITIONS -> {
                Iterator<Object> results = UserCalls.call(() ->
                        ((MapPartitionsFunction) function).call(map(rows, read::apply)));
                yield map(results, out::toRow);
            }
            case FOREACH -> {
                while (rows.hasNext()) {
                    Object value = read.apply(rows.next());
                    UserCalls.call(() -> {
                        ((ForeachFunction) function).call(value);
                        return null;
                    });
                }
                yield Collections.emptyIterator();
            }
            case FOREACH_PARTITION -> {
                Iterator<Object> values = map(rows, read::apply);
                UserCalls.call(() -> {
                    ((ForeachPartitionFunction) function).call(values);
                    return null;
                });
                yield Collections.emptyIterator();
            }
            case REDUCE -> {
                if (!rows.hasNext()) {
                    yield Collections.emptyIterator();
                }
                Object acc = read.apply(rows.next());
                while (rows.hasNext()) {
                    Object a = acc;
                    Object b = read.apply(rows.next());
                    acc = UserCalls.call(() -> ((ReduceFunction) function).call(a, b));
                }
                yield List.of(out.toRow(acc)).iterator();
            }
        };
    }

    static <A, B> Iterator<B> map(Iterator<A> in, Function<A, B> f) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return in.hasNext();
            }

            @Override
            public B next() {
                return f.apply(in.next());
            }
        };
    }

    private static Iterator<Row> flatten(Iterator<Iterator<Object>> groups, Encoder<Object> out) {
        return new Iterator<>() {
            private Iterator<Object> current = Collections.emptyIterator();

            @Override
            public boolean hasNext() {
                while (!current.hasNext()) {
                    if (!groups.hasNext()) {
                        return false;
                    }
                    Iterator<Object> next = groups.next();
                    current = next == null ? Collections.emptyIterator() : next;
                }
                return true;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return out.toRow(current.next());
            }
        };
    }

    private static Iterator<Row> filter(Iterator<Row> in, java.util.function.Predicate<Row> keep) {
        return new Iterator<>() {
            private Row next;

            @Override
            public boolean hasNext() {
                while (next == null && in.hasNext()) {
                    Row candidate = in.next();
                    if (keep.test(candidate)) {
                        next = candidate;
                    }
                }
                return next != null;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Row r = next;
                next = null;
                return r;
            }
        };
    }
}
