package io.updraft.sql;

import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.logical.Coalesce;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Repartition;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A lazy, immutable query, as Spark's {@code Dataset}; {@code Dataset<Row>} is the DataFrame.
 * Transformations (select, filter, groupBy, ...) only build a new logical plan, but analyze it at once,
 * so an unknown column or a type mismatch fails at the call, as in Spark. Actions (count, collect, show,
 * ...) plan the query and run it on the session. Thread-safe.
 *
 * <p>The surface is Spark's whole public one, split by part over package-private superclasses (see
 * {@link DatasetCore}); this class holds the column, row, sorting, partitioning, grouping and view methods.
 */
public class Dataset<T> extends DatasetJoins<T> {
    Dataset(UpdraftSession session, LogicalPlan plan, Encoder<T> encoder) {
        super(session, plan, encoder);
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
    @Override
    public Column col(String name) {
        Column c = new Column(name);
        session.analyze(new Project(plan, List.of(c.expr())));
        return c;
    }

    public Column apply(String name) {
        return col(name);
    }

    /**
     * The columns whose names match the regular expression between back quotes, as Spark's {@code colRegex}
     * ({@code "`a.*`"}; {@code "t.`a.*`"} for the columns of alias t): one column for one match, else the matches
     * in column order (a {@code select} expands them). A name without back quotes is {@link #col}.
     */
    public Column colRegex(String colName) {
        Matcher m = Pattern.compile("^(?:(.+)\\.)?`(.+)`$", Pattern.DOTALL).matcher(colName);
        if (!m.matches()) {
            return col(colName);
        }
        Pattern regex;
        try {
            regex = Pattern.compile(m.group(2));
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("Invalid regular expression in colRegex: " + e.getMessage(), e);
        }
        List<Expression> matches = new ArrayList<>();
        for (String name : columns()) {
            if (regex.matcher(name).matches()) {
                matches.add(m.group(1) == null ? attribute(name) : new UnresolvedAttribute(List.of(m.group(1), name)));
            }
        }
        return ColumnList.of(matches);
    }

    // ---- transformations

    @Override
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

    @Override
    public Dataset<T> limit(int n) {
        return withTypedPlan(new Limit(plan, ColumnEdits.nonNegative(n, "limit"), 0));
    }

    @Override
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

    /** Sorts the rows of each partition where they are (no shuffle), as Spark's {@code Sort(global = false)}. */
    public Dataset<T> sortWithinPartitions(Column... sortExprs) {
        return withTypedPlan(new Sort(plan, Columns.sortOrders(sortExprs), false));
    }

    public Dataset<T> sortWithinPartitions(String sortCol, String... sortCols) {
        return sortWithinPartitions(Columns.of(sortCol, sortCols));
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

    static Expression attribute(String name) {
        return new UnresolvedAttribute(List.of(name));
    }

}
