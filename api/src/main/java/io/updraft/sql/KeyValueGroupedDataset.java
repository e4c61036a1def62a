package io.updraft.sql;

import io.updraft.api.java.function.CoGroupFunction;
import io.updraft.api.java.function.FlatMapGroupsFunction;
import io.updraft.api.java.function.FlatMapGroupsWithStateFunction;
import io.updraft.api.java.function.MapFunction;
import io.updraft.api.java.function.MapGroupsFunction;
import io.updraft.api.java.function.MapGroupsWithStateFunction;
import io.updraft.api.java.function.ReduceFunction;
import io.updraft.core.encoder.TupleEncoder;
import io.updraft.core.typed.CoGroupSideFunction;
import io.updraft.core.typed.CoGroupsFunction;
import io.updraft.core.typed.GroupsFunction;
import io.updraft.core.typed.KeyFunction;
import io.updraft.core.typed.MapValuesFunction;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.sql.streaming.GroupStateTimeout;
import io.updraft.sql.streaming.OutputMode;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Spark's {@code KeyValueGroupedDataset} (from {@code Dataset.groupByKey}). {@code keyed} holds the key's columns
 * ({@code __key_} + the key encoder's names) then the value's. Every operation sorts {@code keyed} on the key (the
 * engine's spilling sort, range-partitioned so a key's rows are in one task) and runs the user's function over the
 * sorted rows group by group ({@code GroupsFunction}), never collecting a group. Immutable.
 */
public final class KeyValueGroupedDataset<K, V> {
    private final Dataset<Row> keyed;
    private final Encoder<K> keyEncoder;
    private final Encoder<V> valueEncoder;
    private final int keyColumns;

    KeyValueGroupedDataset(Dataset<Row> keyed, Encoder<K> keyEncoder, Encoder<V> valueEncoder, int keyColumns) {
        this.keyed = keyed;
        this.keyEncoder = keyEncoder;
        this.valueEncoder = valueEncoder;
        this.keyColumns = keyColumns;
    }

    private String[] keyNames() {
        String[] names = new String[keyColumns];
        for (int i = 0; i < keyColumns; i++) {
            names[i] = keyed.schema().get(i).name();
        }
        return names;
    }

    private Column[] keyColumnsAsNamed() {
        Column[] cols = new Column[keyColumns];
        String[] names = keyNames();
        for (int i = 0; i < keyColumns; i++) {
            String plain = names[i].substring(KeyFunction.KEY_PREFIX.length());
            cols[i] = keyed.col(names[i]).as(keyEncoder.schema().size() == 1 && isValueKey() ? "key" : plain);
        }
        return cols;
    }

    private boolean isValueKey() {
        return keyEncoder instanceof io.updraft.core.encoder.ValueEncoder<?>;
    }

    /** The keyed rows sorted on the key, then on {@code order} (value columns). */
    private Dataset<Row> sorted(Column... order) {
        List<Column> keys = new ArrayList<>();
        for (String n : keyNames()) {
            keys.add(keyed.col(n));
        }
        keys.addAll(List.of(order));
        return keyed.orderBy(keys.toArray(Column[]::new));
    }

    private <U> Dataset<U> groups(Dataset<Row> input, GroupsFunction.Kind kind, Serializable f, Encoder<U> out,
                                  StructType schema, String description) {
        GroupsFunction function = new GroupsFunction(kind, f, keyEncoder, valueEncoder, out, keyColumns,
                System.currentTimeMillis());
        return input.mapPartitionsPlan(function, schema, description, out);
    }

    /** The distinct keys. */
    public Dataset<K> keys() {
        return keyed.select(keyColumnsAsNamed()).distinct().as(keyEncoder);
    }

    /** The same groups with the key read through another encoder (by the key columns' names). */
    public <L> KeyValueGroupedDataset<L, V> keyAs(Encoder<L> encoder) {
        encoder.reader(keyed.select(keyColumnsAsNamed()).schema());
        return new KeyValueGroupedDataset<>(keyed, encoder, valueEncoder, keyColumns);
    }

    /** The same groups with every value mapped through {@code func}. */
    @SuppressWarnings("unchecked")
    public <W> KeyValueGroupedDataset<K, W> mapValues(MapFunction<V, W> func, Encoder<W> encoder) {
        MapValuesFunction f = new MapValuesFunction((MapFunction<Object, Object>) (MapFunction<?, ?>) func,
                valueEncoder, (Encoder<Object>) encoder, keyColumns);
        Dataset<Row> mapped = keyed.mapPartitionsPlan(f, f.outputSchema(keyed.schema()), "MapValues",
                Encoders.row());
        return new KeyValueGroupedDataset<>(mapped, keyEncoder, encoder, keyColumns);
    }

    public <U> Dataset<U> mapGroups(MapGroupsFunction<K, V, U> f, Encoder<U> encoder) {
        return groups(sorted(), GroupsFunction.Kind.MAP_GROUPS, f, encoder, encoder.schema(), "MapGroups");
    }

    public <U> Dataset<U> flatMapGroups(FlatMapGroupsFunction<K, V, U> f, Encoder<U> encoder) {
        return groups(sorted(), GroupsFunction.Kind.FLAT_MAP_GROUPS, f, encoder, encoder.schema(), "MapGroups");
    }

    /** As {@link #flatMapGroups}, each group's values sorted by {@code sortExprs} (columns of the values). */
    public <U> Dataset<U> flatMapSortedGroups(Column[] sortExprs, FlatMapGroupsFunction<K, V, U> f,
                                              Encoder<U> encoder) {
        return groups(sorted(sortExprs), GroupsFunction.Kind.FLAT_MAP_GROUPS, f, encoder, encoder.schema(),
                "MapGroups");
    }

    /** Each group once, its state starting empty (Spark's batch semantics of {@code mapGroupsWithState}). */
    public <S, U> Dataset<U> mapGroupsWithState(MapGroupsWithStateFunction<K, V, S, U> func,
                                                Encoder<S> stateEncoder, Encoder<U> outputEncoder) {
        return groups(sorted(), GroupsFunction.Kind.MAP_GROUPS_WITH_STATE, func, outputEncoder,
                outputEncoder.schema(), "FlatMapGroupsWithState");
    }

    public <S, U> Dataset<U> mapGroupsWithState(MapGroupsWithStateFunction<K, V, S, U> func,
                                                Encoder<S> stateEncoder, Encoder<U> outputEncoder,
                                                GroupStateTimeout timeoutConf) {
        requireNoTimeout(timeoutConf);
        return mapGroupsWithState(func, stateEncoder, outputEncoder);
    }

    private static void requireNoTimeout(GroupStateTimeout timeoutConf) {
        if (timeoutConf != GroupStateTimeout.NoTimeout()) {
            throw new UnsupportedOperationException("a static Dataset runs [map|flatMap]GroupsWithState without a"
                    + " timeout: use GroupStateTimeout.NoTimeout()");
        }
    }

    public <S, U> Dataset<U> flatMapGroupsWithState(FlatMapGroupsWithStateFunction<K, V, S, U> func,
                                                    OutputMode outputMode,
                                                    Encoder<S> stateEncoder, Encoder<U> outputEncoder,
                                                    GroupStateTimeout timeoutConf) {
        requireNoTimeout(timeoutConf);
        return groups(sorted(), GroupsFunction.Kind.FLAT_MAP_GROUPS_WITH_STATE, func, outputEncoder,
                outputEncoder.schema(), "FlatMapGroupsWithState");
    }

    /** {@code Tuple2(key, reduced value)} per key. */
    public Dataset<Tuple2<K, V>> reduceGroups(ReduceFunction<V> f) {
        Encoder<Tuple2<K, V>> out = Encoders.tuple(keyEncoder, valueEncoder);
        return groups(sorted(), GroupsFunction.Kind.REDUCE_GROUPS, f, out, renamed(out.schema(), "key", "value"),
                "Aggregate");
    }

    /** {@code Tuple2(key, number of values)} per key; columns {@code key} and {@code count(1)}, as Spark. */
    public Dataset<Tuple2<K, Long>> count() {
        Encoder<Tuple2<K, Long>> out = Encoders.tuple(keyEncoder, Encoders.LONG());
        StructType schema = new StructType(List.of(new StructField("key", keyEncoder.schema().get(0).dataType(), true),
                new StructField("count(1)", DataTypes.LongType, false)));
        return groups(sorted(), GroupsFunction.Kind.COUNT, null, out, schema, "Aggregate");
    }

    /** Built-in aggregates per key, as a tuple of the key and each column's value (columns of the values). */
    public <U1> Dataset<Tuple2<K, U1>> agg(TypedColumn<? super V, U1> col1) {
        return aggregateAsTuple(col1);
    }

    public <U1, U2> Dataset<Tuple3<K, U1, U2>> agg(TypedColumn<? super V, U1> col1, TypedColumn<? super V, U2> col2) {
        return aggregateAsTuple(col1, col2);
    }

    public <U1, U2, U3> Dataset<Tuple4<K, U1, U2, U3>> agg(TypedColumn<? super V, U1> col1, TypedColumn<? super V, U2> col2,
                                                           TypedColumn<? super V, U3> col3) {
        return aggregateAsTuple(col1, col2, col3);
    }

    public <U1, U2, U3, U4> Dataset<Tuple5<K, U1, U2, U3, U4>> agg(TypedColumn<? super V, U1> col1, TypedColumn<? super V, U2> col2,
                                                                   TypedColumn<? super V, U3> col3, TypedColumn<? super V, U4> col4) {
        return aggregateAsTuple(col1, col2, col3, col4);
    }

    public <U1, U2, U3, U4, U5> Dataset<Tuple6<K, U1, U2, U3, U4, U5>> agg(
            TypedColumn<? super V, U1> col1, TypedColumn<? super V, U2> col2, TypedColumn<? super V, U3> col3,
            TypedColumn<? super V, U4> col4, TypedColumn<? super V, U5> col5) {
        return aggregateAsTuple(col1, col2, col3, col4, col5);
    }

    public <U1, U2, U3, U4, U5, U6> Dataset<Tuple7<K, U1, U2, U3, U4, U5, U6>> agg(
            TypedColumn<? super V, U1> col1, TypedColumn<? super V, U2> col2, TypedColumn<? super V, U3> col3,
            TypedColumn<? super V, U4> col4, TypedColumn<? super V, U5> col5, TypedColumn<? super V, U6> col6) {
        return aggregateAsTuple(col1, col2, col3, col4, col5, col6);
    }

    public <U1, U2, U3, U4, U5, U6, U7> Dataset<Tuple8<K, U1, U2, U3, U4, U5, U6, U7>> agg(
            TypedColumn<? super V, U1> col1, TypedColumn<? super V, U2> col2, TypedColumn<? super V, U3> col3,
            TypedColumn<? super V, U4> col4, TypedColumn<? super V, U5> col5, TypedColumn<? super V, U6> col6,
            TypedColumn<? super V, U7> col7) {
        return aggregateAsTuple(col1, col2, col3, col4, col5, col6, col7);
    }

    public <U1, U2, U3, U4, U5, U6, U7, U8> Dataset<Tuple9<K, U1, U2, U3, U4, U5, U6, U7, U8>> agg(
            TypedColumn<? super V, U1> col1, TypedColumn<? super V, U2> col2, TypedColumn<? super V, U3> col3,
            TypedColumn<? super V, U4> col4, TypedColumn<? super V, U5> col5, TypedColumn<? super V, U6> col6,
            TypedColumn<? super V, U7> col7, TypedColumn<? super V, U8> col8) {
        return aggregateAsTuple(col1, col2, col3, col4, col5, col6, col7, col8);
    }

    /** {@link #aggregate} into tuples of the key and each column's value (Spark's {@code (K, U1, ..., Un)}). */
    private <U> Dataset<U> aggregateAsTuple(TypedColumn<?, ?>... cols) {
        Encoder<?>[] encoders = new Encoder<?>[cols.length + 1];
        encoders[0] = keyEncoder;
        for (int i = 0; i < cols.length; i++) {
            encoders[i + 1] = cols[i].encoder();
        }
        return aggregate(TupleEncoder.of(encoders), cols);
    }

    private <U> Dataset<U> aggregate(Encoder<U> out, TypedColumn<?, ?>... cols) {
        Column[] keys = keyColumnsAsNamed();
        List<Column> values = new ArrayList<>();
        for (int i = keyColumns; i < keyed.schema().size(); i++) {
            values.add(keyed.col(keyed.schema().get(i).name()));
        }
        Column[] bound = new Column[cols.length];
        for (int i = 0; i < cols.length; i++) {
            bound[i] = cols[i].withInput(valueEncoder, values);
        }
        return keyed.groupBy(keys).agg(bound[0], java.util.Arrays.copyOfRange(bound, 1, bound.length)).as(out);
    }

    /** Each key of either side once, with both sides' values (an empty iterator for a side without the key). */
    public <U, R> Dataset<R> cogroup(KeyValueGroupedDataset<K, U> other, CoGroupFunction<K, V, U, R> f,
                                     Encoder<R> encoder) {
        return cogroupSorted(other, new Column[0], new Column[0], f, encoder);
    }

    /**
     * As {@link #cogroup}, each side's values sorted by its own sort expressions (columns of that side's values, with
     * {@code asc}/{@code desc} and nulls first/last as in {@code orderBy}). Each side's sort keys are computed on that
     * side as extra columns ({@value #LEFT_SORT}i, {@value #RIGHT_SORT}j), carried through the union and sorted on
     * after the key and the side, so both sides come from the one spilling sort as the groups of
     * {@link #flatMapSortedGroups} do.
     */
    @SuppressWarnings("unchecked")
    public <U, R> Dataset<R> cogroupSorted(KeyValueGroupedDataset<K, U> other, Column[] thisSortExprs,
                                           Column[] otherSortExprs, CoGroupFunction<K, V, U, R> f,
                                           Encoder<R> encoder) {
        List<StructField> leftValues = keyed.schema().fieldList().subList(keyColumns, keyed.schema().size());
        List<StructField> rightValues = other.keyed.schema().fieldList().subList(other.keyColumns,
                other.keyed.schema().size());
        Dataset<Row> leftKeyed = withSortKeys(keyed, thisSortExprs, LEFT_SORT);
        Dataset<Row> rightKeyed = withSortKeys(other.keyed, otherSortExprs, RIGHT_SORT);
        List<StructField> leftSorts = leftKeyed.schema().fieldList().subList(keyed.schema().size(),
                leftKeyed.schema().size());
        List<StructField> rightSorts = rightKeyed.schema().fieldList().subList(other.keyed.schema().size(),
                rightKeyed.schema().size());
        // left rows: keys, side 0, left values, left sort keys, nulls for the right's; right rows the mirror
        CoGroupSideFunction l = new CoGroupSideFunction(keyColumns, 0, concat(rightValues, rightSorts));
        CoGroupSideFunction r = new CoGroupSideFunction(other.keyColumns, 1, concat(leftValues, leftSorts));
        Dataset<Row> left = leftKeyed.mapPartitionsPlan(l, l.outputSchema(leftKeyed.schema()), "CoGroup (left)",
                Encoders.row());
        Dataset<Row> right = rightKeyed.mapPartitionsPlan(r, r.outputSchema(rightKeyed.schema()), "CoGroup (right)",
                Encoders.row());
        Dataset<Row> both = left.union(right);
        List<Column> order = new ArrayList<>();
        for (String n : keyNames()) {
            order.add(both.col(n));
        }
        order.add(both.col(CoGroupSideFunction.SIDE));
        order.addAll(sortedOn(both, thisSortExprs, LEFT_SORT));
        order.addAll(sortedOn(both, otherSortExprs, RIGHT_SORT));
        Dataset<Row> sorted = both.orderBy(order.toArray(Column[]::new));
        CoGroupsFunction function = new CoGroupsFunction((CoGroupFunction<Object, Object, Object, Object>)
                (CoGroupFunction<?, ?, ?, ?>) f, keyEncoder, valueEncoder, other.valueEncoder, encoder, keyColumns,
                leftValues.size(), leftSorts.size(), rightValues.size());
        return sorted.mapPartitionsPlan(function, encoder.schema(), "CoGroup", encoder);
    }

    /** Prefix of the left side's sort key columns in {@code cogroupSorted}. */
    static final String LEFT_SORT = "__cogroup_sort_left_";
    /** Prefix of the right side's sort key columns in {@code cogroupSorted}. */
    static final String RIGHT_SORT = "__cogroup_sort_right_";

    private static Dataset<Row> withSortKeys(Dataset<Row> keyed, Column[] sortExprs, String prefix) {
        Dataset<Row> out = keyed;
        for (int i = 0; i < sortExprs.length; i++) {
            out = out.withColumn(prefix + i, new Column(unsorted(sortExprs[i].expr())));
        }
        return out;
    }

    /** The sort key columns of {@code both}, each in its sort expression's direction and nulls order. */
    private static List<Column> sortedOn(Dataset<Row> both, Column[] sortExprs, String prefix) {
        List<Column> order = new ArrayList<>();
        for (int i = 0; i < sortExprs.length; i++) {
            Expression e = sortExprs[i].expr();
            Expression key = both.col(prefix + i).expr();
            order.add(new Column(e instanceof SortOrderExpr s ? new SortOrderExpr(key, s.ascending(), s.nullsFirst())
                    : SortOrderExpr.asc(key)));
        }
        return order;
    }

    private static Expression unsorted(Expression e) {
        return e instanceof SortOrderExpr s ? s.child() : e;
    }

    private static List<StructField> concat(List<StructField> a, List<StructField> b) {
        List<StructField> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static StructType renamed(StructType schema, String... names) {
        List<StructField> fields = new ArrayList<>();
        for (int i = 0; i < schema.size(); i++) {
            fields.add(new StructField(names[i], schema.get(i).dataType(), schema.get(i).nullable()));
        }
        return new StructType(fields);
    }
}
