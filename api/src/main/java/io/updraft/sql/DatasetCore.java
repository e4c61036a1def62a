package io.updraft.sql;

import io.updraft.planner.logical.LogicalPlan;
import io.updraft.sql.types.StructType;

import java.util.Objects;

/**
 * The state every part of {@link Dataset}'s surface shares — the session, the logical plan, the encoder and the
 * analyzed schema — and the schema-level methods ({@code schema}, {@code columns}, {@code dtypes},
 * {@code printSchema}, {@code explain}, {@code queryExecution}). Dataset's surface is split along its seams into a
 * chain of package-private superclasses, each one part: {@link DatasetActions} (actions, caching),
 * {@link DatasetStatistics} (statistics, sampling, reshaping), {@link TypedDataset} (typed operations),
 * {@link DatasetJoins} (joins and set operations), {@link Dataset} (columns, rows, sorting, partitioning, grouping,
 * views). Immutable, thread-safe.
 */
abstract class DatasetCore<T> {
    final UpdraftSession session;
    final LogicalPlan plan;
    final Encoder<T> encoder;
    final StructType schema;

    DatasetCore(UpdraftSession session, LogicalPlan plan, Encoder<T> encoder) {
        this.session = Objects.requireNonNull(session, "session is null");
        this.plan = Objects.requireNonNull(plan, "plan is null");
        this.encoder = Objects.requireNonNull(encoder, "encoder is null");
        this.schema = session.analyze(plan);
    }

    final Dataset<Row> withPlan(LogicalPlan newPlan) {
        return new Dataset<>(session, newPlan, Encoders.row());
    }

    final Dataset<T> withTypedPlan(LogicalPlan newPlan) {
        return new Dataset<>(session, newPlan, encoder);
    }

    final <U> Dataset<U> sameSession(Dataset<U> other) {
        Objects.requireNonNull(other, "right is null");
        if (other.session != session) {
            throw new IllegalArgumentException("Both Datasets must belong to the same UpdraftSession ("
                    + session.appName() + " and " + other.session.appName() + ")");
        }
        return other;
    }

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
        return new QueryExecution(session, session.cacheManager().substitute(plan));
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
        System.out.println(session.planner().explain(session.cacheManager().substitute(plan),
                QueryExecution.explainMode(mode)));
    }

    public Dataset<Row> toDF() {
        return new Dataset<>(session, plan, Encoders.row());
    }

    public abstract Dataset<T> limit(int n);

    public abstract Dataset<Row> select(Column... cols);

    public abstract Column col(String name);

    public abstract RelationalGroupedDataset groupBy(Column... cols);

    /** Spark's form: {@code [a: int, b: string ... 2 more fields]}. */
    @Override
    public String toString() {
        return ShowString.summary(schema);
    }
}
