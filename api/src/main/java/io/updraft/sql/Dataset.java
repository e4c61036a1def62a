package io.updraft.sql;

import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.logical.Coalesce;
import io.updraft.planner.logical.Deduplicate;
import io.updraft.planner.logical.Distinct;
import io.updraft.planner.logical.Except;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Hint;
import io.updraft.planner.logical.Intersect;
import io.updraft.planner.logical.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Repartition;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.logical.Union;
import io.updraft.sql.types.StructType;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A lazy, immutable query, as Spark's {@code Dataset}; {@code Dataset<Row>} is the DataFrame.
 * Transformations (select, filter, groupBy, ...) only build a new logical plan, but analyze it at once,
 * so an unknown column or a type mismatch fails at the call, as in Spark. Actions (count, collect, show,
 * ...) plan the query and run it on the session. Thread-safe.
 */
public class Dataset<T> extends TypedDataset<T> {
    private final UpdraftSession session;
    private final LogicalPlan plan;
    private final Encoder<T> encoder;
    private final StructType schema;

    Dataset(UpdraftSession session, LogicalPlan plan, Encoder<T> encoder) {
        this.session = Objects.requireNonNull(session, "session is null");
        this.plan = Objects.requireNonNull(plan, "plan is null");
        this.encoder = Objects.requireNonNull(encoder, "encoder is null");
        this.schema = session.analyze(plan);
    }

    private Dataset<Row> withPlan(LogicalPlan newPlan) {
        return new Dataset<>(session, newPlan, Encoders.row());
    }

    private Dataset<T> withTypedPlan(LogicalPlan newPlan) {
        return new Dataset<>(session, newPlan, encoder);
    }

    // ---- basics

    /** The session this Dataset was made in (always a {@link SparkSession}, see {@link UpdraftSession}). */
    public SparkSession sparkSession() {
        return (SparkSession) session;
    }

    /** The unresolved logical plan (developer API). */
    public LogicalPlan logicalPlan() {
        return plan;
    }

    /** The plans of this query: logical, analyzed, optimized (also canonical), physical (developer API). */
    public QueryExecution queryExecution() {
        return new QueryExecution(session, plan);
    }

    public Encoder<T> encoder() {
        return encoder;
    }

    public StructType schema() {
        return schema;
    }

    public String[] columns() {
        return schema.fieldNames();
    }

    /** Column names with their types as Spark names them ("IntegerType", "DecimalType(15,2)"). */
    public Tuple2<String, String>[] dtypes() {
        return ColumnEdits.dtypes(schema);
    }

    /** Prints {@code schema().treeString()}, as Spark. */
    public void printSchema() {
        System.out.println(schema.treeString());
    }

    public void explain() {
        explain("simple");
    }

    public void explain(boolean extended) {
        explain(extended ? "extended" : "simple");
    }

    /** Prints the plans; mode is one of simple, extended, codegen, cost, formatted (case-insensitive). */
    public void explain(String mode) {
        System.out.println(session.planner().explain(plan, QueryExecution.explainMode(mode)));
    }

    public Dataset<Row> toDF() {
        return new Dataset<>(session, plan, Encoders.row());
    }

    /**
     * The same rows seen through another encoder, checked at once as Spark binds it: beans by column name (every
     * column kept), single values and tuples by position (the column count must match), types up-cast only.
     */
    public <U> Dataset<U> as(Encoder<U> newEncoder) {
        checkEncoder(this, newEncoder);
        return new Dataset<>(session, plan, newEncoder);
    }

    /** Names this Dataset, so its columns can be qualified: {@code df.as("t")} then {@code col("t.a")}. */
    public Dataset<T> as(String alias) {
        return withTypedPlan(new SubqueryAlias(alias, plan));
    }

    public Dataset<T> alias(String alias) {
        return as(alias);
    }

    /** The column {@code name} of this Dataset; fails at once, as Spark, when it does not resolve. */
    public Column col(String name) {
        Column c = new Column(name);
        session.analyze(new Project(plan, List.of(c.expr())));
        return c;
    }

    public Column apply(String name) {
        return col(name);
    }

    // ---- transformations

    public Dataset<Row> select(Column... cols) {
        return withPlan(new Project(plan, Columns.expressions(cols)));
    }

    public Dataset<Row> select(String col, String... cols) {
        return select(Columns.of(col, cols));
    }

    /** Selects SQL expressions: {@code selectExpr("a", "b * 2 AS c", "upper(s)")}. */
    public Dataset<Row> selectExpr(String... exprs) {
        Column[] columns = new Column[exprs.length];
        for (int i = 0; i < exprs.length; i++) {
            columns[i] = new Column(SqlExpressions.parse(exprs[i], session.sessionCatalog()));
        }
        return select(columns);
    }

    public Dataset<T> filter(Column condition) {
        return withTypedPlan(new Filter(plan, condition.expr()));
    }

    /** Filters by a SQL condition: {@code filter("qty > 10 AND region = 'EU'")}. */
    public Dataset<T> filter(String conditionExpr) {
        return withTypedPlan(new Filter(plan, SqlExpressions.parseCondition(conditionExpr, session.sessionCatalog())));
    }

    public Dataset<T> where(Column condition) {
        return filter(condition);
    }

    public Dataset<T> where(String conditionExpr) {
        return filter(conditionExpr);
    }

    /**
     * Adds a column, or replaces the column(s) of the same name (case-insensitive) in place. Works on joined
     * Datasets whose other columns share names (see {@link ColumnEdits}).
     */
    public Dataset<Row> withColumn(String name, Column col) {
        return withPlan(new ColumnEdits(session, plan, schema).withColumn(name, col));
    }

    /** Renames the column(s) named {@code existingName}; a name that does not exist leaves the Dataset as is. */
    public Dataset<Row> withColumnRenamed(String existingName, String newName) {
        return withPlan(new ColumnEdits(session, plan, schema).withColumnRenamed(existingName, newName));
    }

    /** Drops the columns with these names (all of them when names repeat); unknown names are ignored. */
    public Dataset<Row> drop(String... colNames) {
        return withPlan(new ColumnEdits(session, plan, schema).drop(colNames));
    }

    /** Adds or replaces several columns, one after another (as {@link #withColumn}). */
    public Dataset<Row> withColumns(Map<String, Column> colsMap) {
        return ColumnEdits.withColumns(toDF(), colsMap);
    }

    /** Renames several columns, one after another (as {@link #withColumnRenamed}). */
    public Dataset<Row> withColumnsRenamed(Map<String, String> colsMap) {
        return ColumnEdits.withColumnsRenamed(toDF(), colsMap);
    }

    /** Drops the columns these name (by their last name part); other expressions are ignored, as in Spark. */
    public Dataset<Row> drop(Column col, Column... cols) {
        return drop(ColumnEdits.names(col, cols));
    }

    /** Skips the first {@code n} rows (Spark's OFFSET). */
    public Dataset<T> offset(int n) {
        return withTypedPlan(new Limit(plan, Long.MAX_VALUE, ColumnEdits.nonNegative(n, "offset")));
    }

    /** count, mean, stddev, min and max of the columns (none: every numeric and string column), as strings. */
    public Dataset<Row> describe(String... cols) {
        return DatasetSummary.describe(toDF(), cols);
    }

    /** The statistics (none: count, mean, stddev, min, 25%, 50%, 75%, max) of the numeric and string columns. */
    public Dataset<Row> summary(String... statistics) {
        return DatasetSummary.summary(toDF(), statistics);
    }

    public DataFrameNaFunctions na() {
        return new DataFrameNaFunctions(toDF());
    }

    public DataFrameStatFunctions stat() {
        return new DataFrameStatFunctions(toDF());
    }

    public Dataset<T> limit(int n) {
        return withTypedPlan(new Limit(plan, ColumnEdits.nonNegative(n, "limit"), 0));
    }

    public RelationalGroupedDataset groupBy(Column... cols) {
        return new RelationalGroupedDataset(toDF(), Columns.expressions(cols),
                RelationalGroupedDataset.GroupType.GROUP_BY);
    }

    public RelationalGroupedDataset groupBy(String col1, String... cols) {
        return groupBy(Columns.of(col1, cols));
    }

    /**
     * Aggregates over the grouping sets (a, b), (a), (): subtotals and a grand total, with null for the columns
     * aggregated away ({@link functions#grouping} tells such nulls from null values).
     */
    public RelationalGroupedDataset rollup(Column... cols) {
        return new RelationalGroupedDataset(toDF(), Columns.expressions(cols),
                RelationalGroupedDataset.GroupType.ROLLUP);
    }

    public RelationalGroupedDataset rollup(String col1, String... cols) {
        return rollup(Columns.of(col1, cols));
    }

    /** Aggregates over every subset of the columns (2^n grouping sets). */
    public RelationalGroupedDataset cube(Column... cols) {
        return new RelationalGroupedDataset(toDF(), Columns.expressions(cols),
                RelationalGroupedDataset.GroupType.CUBE);
    }

    public RelationalGroupedDataset cube(String col1, String... cols) {
        return cube(Columns.of(col1, cols));
    }

    /** Aggregates over all rows: {@code df.agg(sum("x"), max("y"))}, one row. */
    public Dataset<Row> agg(Column expr, Column... exprs) {
        return groupBy().agg(expr, exprs);
    }

    /** Aggregates over all rows by (column name → function name): {@code agg(Map.of("age", "max"))}. */
    public Dataset<Row> agg(Map<String, String> exprs) {
        return groupBy().agg(exprs);
    }

    /** Sorts by the columns; a plain column sorts ascending with nulls first. */
    public Dataset<T> orderBy(Column... sortExprs) {
        return withTypedPlan(new Sort(plan, Columns.sortOrders(sortExprs)));
    }

    public Dataset<T> orderBy(String sortCol, String... sortCols) {
        return orderBy(Columns.of(sortCol, sortCols));
    }

    public Dataset<T> sort(Column... sortExprs) {
        return orderBy(sortExprs);
    }

    public Dataset<T> sort(String sortCol, String... sortCols) {
        return orderBy(sortCol, sortCols);
    }

    /**
     * Sorts the rows of each partition. There is no partition-local sort in the planner yet, so this is a
     * global sort: every partition is sorted as asked (and the partitions are ordered too).
     */
    public Dataset<T> sortWithinPartitions(Column... sortExprs) {
        return orderBy(sortExprs);
    }

    public Dataset<T> sortWithinPartitions(String sortCol, String... sortCols) {
        return orderBy(sortCol, sortCols);
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
     * object and {@code other}'s, the missing side of an outer join being null. Unlike Spark, the schema is flat
     * (this side's columns, then other's, plus a boolean marker column per side an outer join can leave out)
     * rather than two struct columns.
     */
    public <U> Dataset<Tuple2<T, U>> joinWith(Dataset<U> other, Column condition, String joinType) {
        return JoinWith.join(this, sameSession(other), condition, JoinType.fromString(joinType));
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

    Dataset<T> withHint(Hint hint) {
        return withTypedPlan(hint);
    }

    private <U> Dataset<U> sameSession(Dataset<U> other) {
        Objects.requireNonNull(other, "right is null");
        if (other.session != session) {
            throw new IllegalArgumentException("Both Datasets must belong to the same UpdraftSession ("
                    + session.appName() + " and " + other.session.appName() + ")");
        }
        return other;
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

    // ---- partitioning

    /** Exactly {@code numPartitions} partitions, rows dealt round robin (a shuffle). */
    public Dataset<T> repartition(int numPartitions) {
        return withTypedPlan(Repartition.roundRobin(plan, Columns.positivePartitions(numPartitions)));
    }

    /** {@code numPartitions} partitions by a hash of the expressions. */
    public Dataset<T> repartition(int numPartitions, Column... partitionExprs) {
        if (partitionExprs.length == 0) {
            return repartition(numPartitions);
        }
        return withTypedPlan(new Repartition(plan, Columns.positivePartitions(numPartitions),
                Columns.hashKeys(partitionExprs), false));
    }

    /** spark.sql.shuffle.partitions partitions by a hash of the expressions (round robin without). */
    public Dataset<T> repartition(Column... partitionExprs) {
        if (partitionExprs.length == 0) {
            return repartition(session.shufflePartitions());
        }
        return withTypedPlan(new Repartition(plan, 0, Columns.hashKeys(partitionExprs), false));
    }

    /** {@code numPartitions} partitions by ranges of the expressions (ascending unless a sort order says). */
    public Dataset<T> repartitionByRange(int numPartitions, Column... partitionExprs) {
        return withTypedPlan(new Repartition(plan, Columns.positivePartitions(numPartitions),
                Columns.expressions(partitionExprs), true));
    }

    /** spark.sql.shuffle.partitions partitions by ranges of the expressions. */
    public Dataset<T> repartitionByRange(Column... partitionExprs) {
        return withTypedPlan(new Repartition(plan, 0, Columns.expressions(partitionExprs), true));
    }

    /** At most {@code numPartitions} partitions, by merging partitions without a shuffle. */
    public Dataset<T> coalesce(int numPartitions) {
        return withTypedPlan(new Coalesce(plan, numPartitions));
    }

    // ---- views

    /** Registers this Dataset as a temporary view for {@code session.sql} and {@code session.table}. */
    public void createOrReplaceTempView(String viewName) {
        session.sessionCatalog().createOrReplace(viewName, plan);
    }

    /**
     * As {@link #createOrReplaceTempView}, but fails with Spark's {@code [TEMP_TABLE_OR_VIEW_ALREADY_EXISTS]} when
     * the session has a temporary view of that name.
     */
    public void createTempView(String viewName) {
        TempViews.requireCreated(session.sessionCatalog().createIfAbsent(viewName, plan), viewName);
    }

    /**
     * Registers this Dataset as a global temporary view, {@code global_temp.viewName} for every session of this
     * process (see {@link GlobalTempViews}); fails with Spark's {@code [TEMP_TABLE_OR_VIEW_ALREADY_EXISTS]} when
     * one of that name exists.
     */
    public void createGlobalTempView(String viewName) {
        TempViews.requireCreated(GlobalTempViews.createIfAbsent(viewName, plan), viewName);
    }

    /** As {@link #createGlobalTempView}, replacing a global temporary view of that name. */
    public void createOrReplaceGlobalTempView(String viewName) {
        GlobalTempViews.createOrReplace(viewName, plan);
    }

    // ---- actions

    /** The number of rows; workers return counts, no rows move. */
    public long count() {
        List<Row> rows = session.execute(session.planner().planCount(plan)).rows();
        if (rows.size() != 1) {
            throw new IllegalStateException("count job returned " + rows.size() + " rows, expected 1");
        }
        return ((Number) rows.get(0).get(0)).longValue();
    }

    public boolean isEmpty() {
        return limit(1).collectRows().isEmpty();
    }

    /** All rows (for a DataFrame: {@code Row[]}). */
    public T[] collect() {
        return toArray(collectAsList());
    }

    public List<T> collectAsList() {
        List<Row> rows = collectRows();
        List<T> out = new ArrayList<>(rows.size());
        java.util.function.Function<Row, T> reader = encoder.reader(schema);
        for (Row r : rows) {
            out.add(reader.apply(r));
        }
        return out;
    }

    List<Row> collectRows() {
        return session.execute(session.planner().plan(plan)).rows();
    }

    /** Writes this Dataset's rows to files, as Spark's {@code Dataset.write()}. */
    public DataFrameWriter<T> write() {
        return new DataFrameWriter<>(this);
    }

    /** Runs this Dataset's job with its last stage turned into a file write by {@code toWrite}. */
    void writeFiles(java.util.function.UnaryOperator<io.updraft.core.plan.JobPlan> toWrite) {
        session.execute(toWrite.apply(session.planner().plan(plan)));
    }

    /** The first {@code n} rows. */
    public T[] head(int n) {
        return toArray(takeAsList(n));
    }

    /** The first row; {@link NoSuchElementException} when there is none. */
    public T head() {
        List<T> rows = takeAsList(1);
        if (rows.isEmpty()) {
            throw new NoSuchElementException("next on empty iterator");
        }
        return rows.get(0);
    }

    public T first() {
        return head();
    }

    public T[] take(int n) {
        return head(n);
    }

    public List<T> takeAsList(int n) {
        return limit(n).collectAsList();
    }

    @SuppressWarnings("unchecked")
    private T[] toArray(List<T> list) {
        T[] array = (T[]) Array.newInstance(encoder.clsTag(), list.size());
        return list.toArray(array);
    }

    /** Shows the first 20 rows, cells cut to 20 characters. */
    public void show() {
        show(ShowString.DEFAULT_ROWS);
    }

    public void show(int numRows) {
        show(numRows, true);
    }

    public void show(boolean truncate) {
        show(ShowString.DEFAULT_ROWS, truncate);
    }

    public void show(int numRows, boolean truncate) {
        show(numRows, truncate ? ShowString.DEFAULT_TRUNCATE : 0);
    }

    public void show(int numRows, int truncate) {
        show(numRows, truncate, false);
    }

    public void show(int numRows, int truncate, boolean vertical) {
        System.out.println(showString(numRows, truncate, vertical));
    }

    /** The text {@code show(numRows, truncate)} prints (without the final line break println adds). */
    public String showString(int numRows, int truncate) {
        return showString(numRows, truncate, false);
    }

    public String showString(int numRows, int truncate, boolean vertical) {
        int n = Math.max(numRows, 0);
        List<Row> rows = toDF().limit(n == Integer.MAX_VALUE ? n : n + 1).collectRows();
        return ShowString.format(schema, rows, n, truncate, vertical, session.timeZone());
    }

    static Expression attribute(String name) {
        return new UnresolvedAttribute(List.of(name));
    }

    /** Spark's form: {@code [a: int, b: string ... 2 more fields]}. */
    @Override
    public String toString() {
        return ShowString.summary(schema);
    }
}
