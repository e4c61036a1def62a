package io.updraft.sql;

import io.updraft.api.java.function.FilterFunction;
import io.updraft.api.java.function.FlatMapFunction;
import io.updraft.api.java.function.ForeachFunction;
import io.updraft.api.java.function.ForeachPartitionFunction;
import io.updraft.api.java.function.MapFunction;
import io.updraft.api.java.function.MapPartitionsFunction;
import io.updraft.api.java.function.ReduceFunction;
import io.updraft.core.encoder.BeanEncoder;
import io.updraft.core.encoder.RowEncoder;
import io.updraft.core.typed.KeyFunction;
import io.updraft.core.typed.ObjectsFunction;
import io.updraft.core.typed.PartitionFunction;
import io.updraft.core.typed.UserCode;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.MapPartitions;
import io.updraft.sql.types.StructType;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The typed half of {@link Dataset}'s surface (Spark's Java signatures): {@code map}, {@code flatMap},
 * {@code filter(FilterFunction)}, {@code mapPartitions}, {@code foreach}, {@code foreachPartition}, {@code reduce},
 * {@code transform}, {@code toDF(names)}, {@code tail}, {@code groupByKey}, {@code select(TypedColumn...)}. Each
 * typed operation is a {@link MapPartitions} node carrying the user's function and the encoders, run by the engine
 * over Arrow batches in the workers. Immutable, as Dataset.
 */
abstract class TypedDataset<T> extends DatasetStatistics<T> {
    TypedDataset(UpdraftSession session, LogicalPlan plan, Encoder<T> encoder) {
        super(session, plan, encoder);
    }

    /** A Dataset of this one's rows through {@code function}, whose output rows have {@code schema}. */
    <U> Dataset<U> mapPartitionsPlan(PartitionFunction function, StructType schema, String description,
                                     Encoder<U> encoder) {
        LogicalPlan plan = new MapPartitions(logicalPlan(), schema, UserCode.serialize(function), description);
        return new Dataset<>(sparkSession(), plan, encoder);
    }

    private <U> Dataset<U> objects(ObjectsFunction.Kind kind, Serializable function, Encoder<U> output,
                                   String description) {
        encoder().reader(schema());
        return mapPartitionsPlan(new ObjectsFunction(kind, function, encoder(), output), output.schema(), description,
                output);
    }

    public <U> Dataset<U> map(MapFunction<T, U> func, Encoder<U> encoder) {
        return objects(ObjectsFunction.Kind.MAP, func, encoder, "MapElements");
    }

    public <U> Dataset<U> flatMap(FlatMapFunction<T, U> f, Encoder<U> encoder) {
        return objects(ObjectsFunction.Kind.FLAT_MAP, f, encoder, "MapPartitions (flatMap)");
    }

    public <U> Dataset<U> mapPartitions(MapPartitionsFunction<T, U> f, Encoder<U> encoder) {
        return objects(ObjectsFunction.Kind.MAP_PARTITIONS, f, encoder, "MapPartitions");
    }

    /** The objects for which {@code func} is true (the rows themselves are kept, every column). */
    public Dataset<T> filter(FilterFunction<T> func) {
        encoder().reader(schema());
        ObjectsFunction f = new ObjectsFunction(ObjectsFunction.Kind.FILTER, func, encoder(), null);
        return mapPartitionsPlan(f, schema(), "TypedFilter", encoder());
    }

    /** Runs {@code f} on every object, in the workers (their stdout, not the driver's). */
    public void foreach(ForeachFunction<T> f) {
        objects(ObjectsFunction.Kind.FOREACH, f, Encoders.LONG(), "MapPartitions (foreach)").collectAsList();
    }

    public void foreachPartition(ForeachPartitionFunction<T> f) {
        objects(ObjectsFunction.Kind.FOREACH_PARTITION, f, Encoders.LONG(), "MapPartitions (foreachPartition)")
                .collectAsList();
    }

    /**
     * Reduces the objects with {@code func} (associative and commutative): each task reduces its partition, the
     * driver the tasks' results. An empty Dataset is Spark's {@code UnsupportedOperationException("empty
     * collection")}.
     */
    @SuppressWarnings("unchecked")
    public T reduce(ReduceFunction<T> func) {
        encoder().reader(schema());
        Encoder<T> rows = encoder() instanceof RowEncoder ? (Encoder<T>) Encoders.row(schema()) : encoder();
        List<T> partials = mapPartitionsPlan(new ObjectsFunction(ObjectsFunction.Kind.REDUCE, func, encoder(), rows),
                rows.schema(), "Reduce", encoder()).collectAsList();
        if (partials.isEmpty()) {
            throw new UnsupportedOperationException("empty collection");
        }
        T acc = partials.get(0);
        for (int i = 1; i < partials.size(); i++) {
            try {
                acc = func.call(acc, partials.get(i));
            } catch (Exception e) {
                throw io.updraft.core.error.UpdraftException.user("a user function failed: " + e, e);
            }
        }
        return acc;
    }

    /** {@code t.apply(this)}: chains custom transformations, as Spark. */
    public <U> Dataset<U> transform(Function<Dataset<T>, Dataset<U>> t) {
        return t.apply(self());
    }

    /** The DataFrame with its columns renamed, in order (Spark's error when the count differs). */
    public Dataset<Row> toDF(String... colNames) {
        StructType s = schema();
        if (colNames.length != s.size()) {
            throw new IllegalArgumentException(io.updraft.core.error.UpdraftException.compose(
                    "INVALID_COLUMN_COUNT_FOR_TODF", null, "The number of columns doesn't match.\nOld column names ("
                            + s.size() + "): " + String.join(", ", s.fieldNames()) + "\nNew column names ("
                            + colNames.length + "): " + String.join(", ", colNames)));
        }
        Column[] cols = new Column[colNames.length];
        for (int i = 0; i < cols.length; i++) {
            cols[i] = new Column(new io.updraft.planner.expr.UnresolvedAttribute(List.of(s.get(i).name())))
                    .as(colNames[i]);
        }
        return select(cols);
    }

    /** The last {@code n} objects (collected to the driver). */
    public T[] tail(int n) {
        List<T> all = collectAsList();
        return toArray(all.subList(Math.max(0, all.size() - Math.max(n, 0)), all.size()));
    }

    /** Groups the objects by {@code func}'s key ({@link KeyValueGroupedDataset}). */
    @SuppressWarnings("unchecked")
    public <K> KeyValueGroupedDataset<K, T> groupByKey(MapFunction<T, K> func, Encoder<K> encoder) {
        encoder().reader(schema());
        KeyFunction f = new KeyFunction((MapFunction<Object, Object>) (MapFunction<?, ?>) func, encoder(),
                (Encoder<Object>) encoder);
        Dataset<Row> keyed = mapPartitionsPlan(f, f.outputSchema(schema()), "AppendColumns", Encoders.row());
        return new KeyValueGroupedDataset<>(keyed, encoder, encoder(), encoder.schema().size());
    }

    public <U1> Dataset<U1> select(TypedColumn<? super T, U1> c1) {
        return selectTyped(c1.encoder(), c1);
    }

    public <U1, U2> Dataset<Tuple2<U1, U2>> select(TypedColumn<? super T, U1> c1, TypedColumn<? super T, U2> c2) {
        return selectTyped(Encoders.tuple(c1.encoder(), c2.encoder()), c1, c2);
    }

    public <U1, U2, U3> Dataset<Tuple3<U1, U2, U3>> select(TypedColumn<? super T, U1> c1, TypedColumn<? super T, U2> c2,
                                                           TypedColumn<? super T, U3> c3) {
        return selectTyped(Encoders.tuple(c1.encoder(), c2.encoder(), c3.encoder()), c1, c2, c3);
    }

    public <U1, U2, U3, U4> Dataset<Tuple4<U1, U2, U3, U4>> select(TypedColumn<? super T, U1> c1, TypedColumn<? super T, U2> c2,
                                                                   TypedColumn<? super T, U3> c3, TypedColumn<? super T, U4> c4) {
        return selectTyped(Encoders.tuple(c1.encoder(), c2.encoder(), c3.encoder(), c4.encoder()), c1, c2, c3, c4);
    }

    public <U1, U2, U3, U4, U5> Dataset<Tuple5<U1, U2, U3, U4, U5>> select(TypedColumn<? super T, U1> c1,
            TypedColumn<? super T, U2> c2, TypedColumn<? super T, U3> c3, TypedColumn<? super T, U4> c4, TypedColumn<? super T, U5> c5) {
        return selectTyped(Encoders.tuple(c1.encoder(), c2.encoder(), c3.encoder(), c4.encoder(), c5.encoder()),
                c1, c2, c3, c4, c5);
    }

    private <U> Dataset<U> selectTyped(Encoder<U> encoder, TypedColumn<?, ?>... cols) {
        List<Column> input = new ArrayList<>();
        for (String name : schema().fieldNames()) {
            input.add(new Column(new io.updraft.planner.expr.UnresolvedAttribute(List.of(name))));
        }
        Column[] bound = new Column[cols.length];
        for (int i = 0; i < cols.length; i++) {
            bound[i] = cols[i].withInput(encoder(), input);
        }
        return select(bound).as(encoder);
    }

    /** Spark's eager check of {@code as(encoder)}: the encoder's fields must resolve against {@code ds}. */
    static void checkEncoder(Dataset<?> ds, Encoder<?> encoder) {
        if (encoder instanceof BeanEncoder<?> bean) {
            List<String> names = new ArrayList<>();
            for (String f : ds.schema().fieldNames()) {
                names.add(f.toLowerCase(Locale.ROOT));
            }
            for (String field : bean.fieldNames()) {
                if (!names.contains(field.toLowerCase(Locale.ROOT))) {
                    ds.select(field);
                }
            }
        }
        encoder.reader(ds.schema());
    }
}
