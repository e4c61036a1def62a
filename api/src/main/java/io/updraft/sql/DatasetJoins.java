package io.updraft.sql;

import io.updraft.core.plan.JoinType;
import io.updraft.planner.logical.Deduplicate;
import io.updraft.planner.logical.Distinct;
import io.updraft.planner.logical.Except;
import io.updraft.planner.logical.Hint;
import io.updraft.planner.logical.Intersect;
import io.updraft.planner.logical.Join;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Union;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The part of {@link Dataset}'s surface that combines Datasets (Spark's signatures): joins ({@code join},
 * {@code crossJoin}, {@code joinWith}, {@code hint}) and set operations ({@code union}, {@code intersect},
 * {@code except} and their variants, {@code distinct}, {@code dropDuplicates}). Immutable.
 */
abstract class DatasetJoins<T> extends TypedDataset<T> {
    DatasetJoins(UpdraftSession session, LogicalPlan plan, Encoder<T> encoder) {
        super(session, plan, encoder);
    }

    // ---- joins

    /** The cartesian product with {@code right} (an inner join without condition). */
    public Dataset<Row> join(Dataset<?> right) {
        return withPlan(Join.on(plan, sameSession(right).plan, JoinType.INNER, null));
    }

    /** Inner equi-join on a column both sides have; it appears once in the output, first (SQL's USING). */
    public Dataset<Row> join(Dataset<?> right, String usingColumn) {
        return join(right, List.of(usingColumn), "inner");
    }

    public Dataset<Row> join(Dataset<?> right, String[] usingColumns) {
        return join(right, List.of(usingColumns), "inner");
    }

    public Dataset<Row> join(Dataset<?> right, List<String> usingColumns) {
        return join(right, usingColumns, "inner");
    }

    public Dataset<Row> join(Dataset<?> right, String usingColumn, String joinType) {
        return join(right, List.of(usingColumn), joinType);
    }

    public Dataset<Row> join(Dataset<?> right, String[] usingColumns, String joinType) {
        return join(right, List.of(usingColumns), joinType);
    }

    /**
     * Equi-join on columns both sides have, as SQL's USING: each appears once, first (for a full outer join the
     * non-null of both sides, for a right outer join the right side's). {@code joinType} is one of Spark's:
     * inner, cross, outer/full/fullouter/full_outer, left/leftouter/left_outer, right/rightouter/right_outer,
     * semi/leftsemi/left_semi, anti/leftanti/left_anti.
     */
    public Dataset<Row> join(Dataset<?> right, List<String> usingColumns, String joinType) {
        return withPlan(Join.using(plan, sameSession(right).plan, JoinType.fromString(joinType), usingColumns));
    }

    /** Inner join on a condition: {@code orders.join(customer, col("o_custkey").equalTo(col("c_custkey")))}. */
    public Dataset<Row> join(Dataset<?> right, Column joinExprs) {
        return join(right, joinExprs, "inner");
    }

    /** Join on a condition; {@code joinType} as in {@link #join(Dataset, List, String)}. */
    public Dataset<Row> join(Dataset<?> right, Column joinExprs, String joinType) {
        return withPlan(Join.on(plan, sameSession(right).plan, JoinType.fromString(joinType), joinExprs.expr()));
    }

    /** The cartesian product with {@code right}. */
    public Dataset<Row> crossJoin(Dataset<?> right) {
        return withPlan(Join.cross(plan, sameSession(right).plan));
    }

    /**
     * Pairs of joined objects, as Spark's {@code joinWith}: each result is a {@link Tuple2} of this Dataset's
     * object and {@code other}'s, the missing side of an outer join being null. Spark's schema: columns {@code _1}
     * and {@code _2}, each a struct of its side's columns (a single-value side: its column itself).
     */
    public <U> Dataset<Tuple2<T, U>> joinWith(Dataset<U> other, Column condition, String joinType) {
        return JoinWith.join(self(), sameSession(other), condition, JoinType.fromString(joinType));
    }

    public <U> Dataset<Tuple2<T, U>> joinWith(Dataset<U> other, Column condition) {
        return joinWith(other, condition, "inner");
    }

    /**
     * A hint for the planner: "broadcast" (also "broadcastjoin", "mapjoin") broadcasts this side in joins; other
     * names are ignored with Spark's warning.
     */
    public Dataset<T> hint(String name, Object... parameters) {
        Hint hint = new Hint(plan, name);
        if (!hint.isBroadcast()) {
            LoggerFactory.getLogger(Dataset.class).warn("Unrecognized hint: {}", name);
        }
        return withHint(hint);
    }

    final Dataset<T> withHint(Hint hint) {
        return withTypedPlan(hint);
    }

    // ---- set operations and duplicates

    /** The rows of both, duplicates kept, columns matched by position (as SQL's UNION ALL). */
    public Dataset<T> union(Dataset<T> other) {
        LogicalPlan right = sameSession(other).plan;
        if (plan instanceof Union u && !u.byName()) {
            List<LogicalPlan> children = new ArrayList<>(u.children());
            children.add(right);
            return withTypedPlan(new Union(children, false, false));
        }
        return withTypedPlan(Union.of(plan, right));
    }

    /** Same as {@link #union}. */
    public Dataset<T> unionAll(Dataset<T> other) {
        return union(other);
    }

    /** The rows of both, duplicates kept, columns matched by name. */
    public Dataset<T> unionByName(Dataset<T> other) {
        return unionByName(other, false);
    }

    /** As {@link #unionByName(Dataset)}; with {@code allowMissingColumns} a column one side lacks is null there. */
    public Dataset<T> unionByName(Dataset<T> other, boolean allowMissingColumns) {
        return withTypedPlan(new Union(List.of(plan, sameSession(other).plan), true, allowMissingColumns));
    }

    /** Distinct rows present in both (nulls compare equal). */
    public Dataset<T> intersect(Dataset<T> other) {
        return withTypedPlan(new Intersect(plan, sameSession(other).plan, false));
    }

    /** Rows present in both, each as many times as it is in both (the smaller count). */
    public Dataset<T> intersectAll(Dataset<T> other) {
        return withTypedPlan(new Intersect(plan, sameSession(other).plan, true));
    }

    /** Distinct rows of this Dataset that are not in {@code other} (nulls compare equal). */
    public Dataset<T> except(Dataset<T> other) {
        return withTypedPlan(new Except(plan, sameSession(other).plan, false));
    }

    /** Rows of this Dataset not in {@code other}, counting duplicates (n here, m there: max(n - m, 0) copies). */
    public Dataset<T> exceptAll(Dataset<T> other) {
        return withTypedPlan(new Except(plan, sameSession(other).plan, true));
    }

    /** One row per distinct row. */
    public Dataset<T> distinct() {
        return withTypedPlan(new Distinct(plan));
    }

    /** Same as {@link #distinct()}. */
    public Dataset<T> dropDuplicates() {
        return withTypedPlan(new Deduplicate(plan, List.of()));
    }

    /** One row (an arbitrary one) per distinct value of the columns; all columns are kept. */
    public Dataset<T> dropDuplicates(String col1, String... cols) {
        List<String> names = new ArrayList<>(cols.length + 1);
        names.add(col1);
        names.addAll(List.of(cols));
        return withTypedPlan(new Deduplicate(plan, names));
    }

    public Dataset<T> dropDuplicates(String[] colNames) {
        if (colNames.length == 0) {
            return dropDuplicates();
        }
        return dropDuplicates(colNames[0], Arrays.copyOfRange(colNames, 1, colNames.length));
    }
}
