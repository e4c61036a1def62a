package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A lazy, immutable query, as Spark's {@code Dataset}; {@code Dataset<Row>} is the DataFrame.
 * Transformations (select, filter, groupBy, ...) only build a new logical plan, but analyze it at once,
 * so an unknown column or a type mismatch fails at the call, as in Spark. Actions (count, collect, show,
 * ...) plan the query and run it on the session. Thread-safe.
 */
public class Dataset<T> {
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

    public UpdraftSession sparkSession() {
        return session;
    }

    /** The unresolved logical plan (developer API). */
    public LogicalPlan logicalPlan() {
        return plan;
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
    @SuppressWarnings("unchecked")
    public Tuple2<String, String>[] dtypes() {
        Tuple2<String, String>[] out = new Tuple2[schema.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = new Tuple2<>(schema.get(i).name(), schema.get(i).dataType().toString());
        }
        return out;
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
        String m = mode.toLowerCase(Locale.ROOT);
        if (!Set.of("simple", "extended", "codegen", "cost", "formatted").contains(m)) {
            throw new IllegalArgumentException("Unknown explain mode: " + mode + ". Accepted explain modes are "
                    + "'simple', 'extended', 'codegen', 'cost', 'formatted'.");
        }
        System.out.println(session.planner().explain(plan, m));
    }

    public Dataset<Row> toDF() {
        return new Dataset<>(session, plan, Encoders.row());
    }

    /** The same rows seen through another encoder (single-value encoders take the first column). */
    public <U> Dataset<U> as(Encoder<U> newEncoder) {
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
        List<Expression> list = new ArrayList<>(cols.length);
        for (Column c : cols) {
            list.add(c.expr());
        }
        return withPlan(new Project(plan, list));
    }

    public Dataset<Row> select(String... cols) {
        Column[] columns = new Column[cols.length];
        for (int i = 0; i < cols.length; i++) {
            columns[i] = new Column(cols[i]);
        }
        return select(columns);
    }

    public Dataset<T> filter(Column condition) {
        return withTypedPlan(new Filter(plan, condition.expr()));
    }

    public Dataset<T> where(Column condition) {
        return filter(condition);
    }

    /** Adds a column, or replaces the column of the same name (case-insensitive) in its position. */
    public Dataset<Row> withColumn(String name, Column col) {
        Objects.requireNonNull(name, "name is null");
        List<Expression> list = new ArrayList<>(schema.size() + 1);
        boolean replaced = false;
        for (StructField f : schema.fields()) {
            if (f.name().equalsIgnoreCase(name)) {
                list.add(new Alias(col.expr() instanceof Alias a ? a.child() : col.expr(), name));
                replaced = true;
            } else {
                list.add(attribute(f.name()));
            }
        }
        if (!replaced) {
            list.add(new Alias(col.expr() instanceof Alias a ? a.child() : col.expr(), name));
        }
        return withPlan(new Project(plan, list));
    }

    /** Renames a column; a name that does not exist leaves the Dataset as is (as Spark). */
    public Dataset<Row> withColumnRenamed(String existingName, String newName) {
        if (schema.indexOf(existingName) < 0) {
            return toDF();
        }
        List<Expression> list = new ArrayList<>(schema.size());
        for (StructField f : schema.fields()) {
            list.add(f.name().equalsIgnoreCase(existingName) ? new Alias(attribute(f.name()), newName)
                    : attribute(f.name()));
        }
        return withPlan(new Project(plan, list));
    }

    /** Drops columns by name; names that do not exist are ignored (as Spark). */
    public Dataset<Row> drop(String... colNames) {
        Set<String> drop = Arrays.stream(colNames).map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        List<Expression> list = new ArrayList<>(schema.size());
        for (StructField f : schema.fields()) {
            if (!drop.contains(f.name().toLowerCase(Locale.ROOT))) {
                list.add(attribute(f.name()));
            }
        }
        if (list.size() == schema.size()) {
            return toDF();
        }
        return withPlan(new Project(plan, list));
    }

    public Dataset<T> limit(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("The limit expression must be equal to or greater than 0, but got "
                    + n + ".");
        }
        return withTypedPlan(new Limit(plan, n, 0));
    }

    public RelationalGroupedDataset groupBy(Column... cols) {
        List<Expression> keys = new ArrayList<>(cols.length);
        for (Column c : cols) {
            keys.add(c.expr());
        }
        return new RelationalGroupedDataset(toDF(), keys);
    }

    public RelationalGroupedDataset groupBy(String... cols) {
        List<Expression> keys = new ArrayList<>(cols.length);
        for (String c : cols) {
            keys.add(new Column(c).expr());
        }
        return new RelationalGroupedDataset(toDF(), keys);
    }

    /** Aggregates over all rows: {@code df.agg(sum("x"), max("y"))}, one row. */
    public Dataset<Row> agg(Column expr, Column... exprs) {
        return groupBy(new Column[0]).agg(expr, exprs);
    }

    /** Sorts by the columns; a plain column sorts ascending with nulls first. */
    public Dataset<T> orderBy(Column... sortExprs) {
        List<SortOrderExpr> order = new ArrayList<>(sortExprs.length);
        for (Column c : sortExprs) {
            order.add(c.expr() instanceof SortOrderExpr s ? s : SortOrderExpr.asc(c.expr()));
        }
        return withTypedPlan(new Sort(plan, order));
    }

    public Dataset<T> orderBy(String... sortCols) {
        Column[] cols = new Column[sortCols.length];
        for (int i = 0; i < sortCols.length; i++) {
            cols[i] = new Column(sortCols[i]);
        }
        return orderBy(cols);
    }

    public Dataset<T> sort(Column... sortExprs) {
        return orderBy(sortExprs);
    }

    public Dataset<T> sort(String... sortCols) {
        return orderBy(sortCols);
    }

    // ---- views

    /** Registers this Dataset as a temporary view for {@code session.sql} and {@code session.table}. */
    public void createOrReplaceTempView(String viewName) {
        session.catalog().createOrReplace(viewName, plan);
    }

    /** As {@link #createOrReplaceTempView}, but fails when the name is taken. */
    public void createTempView(String viewName) {
        if (!session.catalog().createIfAbsent(viewName, plan)) {
            throw new AnalysisException("[TEMP_TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create the temporary view `"
                    + viewName + "` because it already exists. SQLSTATE: 42P07");
        }
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
        for (Row r : rows) {
            out.add(encoder.fromRow(r));
        }
        return out;
    }

    List<Row> collectRows() {
        return session.execute(session.planner().plan(plan)).rows();
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
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < Math.min(2, schema.size()); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(schema.get(i).name()).append(": ").append(schema.get(i).dataType().simpleString());
        }
        int more = schema.size() - 2;
        if (more == 1) {
            sb.append(" ... 1 more field");
        } else if (more > 1) {
            sb.append(" ... ").append(more).append(" more fields");
        }
        return sb.append(']').toString();
    }
}
