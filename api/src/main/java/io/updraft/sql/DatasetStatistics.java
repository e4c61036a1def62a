package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.rows.SampleFunction;
import io.updraft.core.rows.UnpivotFunction;
import io.updraft.core.typed.PartitionFunction;
import io.updraft.core.typed.UserCode;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.MapPartitions;
import io.updraft.planner.logical.Sort;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The statistics, sampling and reshaping part of {@link Dataset}'s surface (Spark's signatures): {@code describe},
 * {@code summary}, {@code na()}, {@code stat()}, {@code sample}, {@code randomSplit}, {@code unpivot}/{@code melt}.
 * Sampling runs in the tasks ({@link SampleFunction}: Spark's generator and seeds per partition). Immutable.
 */
abstract class DatasetStatistics<T> extends DatasetActions<T> {
    DatasetStatistics(UpdraftSession session, LogicalPlan plan, Encoder<T> encoder) {
        super(session, plan, encoder);
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

    // ---- sampling

    public Dataset<T> sample(double fraction) {
        return sample(false, fraction);
    }

    public Dataset<T> sample(double fraction, long seed) {
        return sample(false, fraction, seed);
    }

    public Dataset<T> sample(boolean withReplacement, double fraction) {
        return sample(withReplacement, fraction, ThreadLocalRandom.current().nextLong());
    }

    /**
     * About {@code fraction} of the rows (each kept with that probability; with replacement, each repeated a
     * Poisson(fraction) number of times), the same rows for the same seed, partitioning and input order. Without
     * replacement the rows are the ones Spark keeps for the same seed over the same partitions.
     */
    public Dataset<T> sample(boolean withReplacement, double fraction, long seed) {
        checkSampleBounds(0, fraction, withReplacement);
        SampleFunction f = withReplacement ? SampleFunction.poisson(fraction, seed)
                : SampleFunction.bernoulli(0, fraction, seed);
        return withTypedPlan(sampled(plan, f));
    }

    private LogicalPlan sampled(LogicalPlan input, PartitionFunction f) {
        return new MapPartitions(input, session.analyze(input), UserCode.serialize(f), "Sample");
    }

    /** Spark's {@code Sample} checks (RandomSampler's rounding epsilon 1e-6). */
    private static void checkSampleBounds(double lower, double upper, boolean withReplacement) {
        double eps = 1e-6;
        double fraction = upper - lower;
        if (withReplacement) {
            if (!(fraction >= -eps)) {
                throw new IllegalArgumentException("requirement failed: Sampling fraction (" + fraction
                        + ") must be nonnegative with replacement");
            }
        } else if (!(fraction >= -eps && fraction <= 1 + eps)) {
            throw new IllegalArgumentException("requirement failed: Sampling fraction (" + fraction
                    + ") must be on interval [0, 1] without replacement");
        }
    }

    public Dataset<T>[] randomSplit(double[] weights) {
        return randomSplit(weights, ThreadLocalRandom.current().nextLong());
    }

    /**
     * Splits the rows by the normalized weights, as Spark: each partition is first sorted by its orderable columns
     * (so the split does not depend on the order rows arrive in), then split i keeps the rows whose draw falls in
     * [w1 + .. + w(i-1), w1 + .. + wi) of one seeded sequence per partition — disjoint splits covering every row,
     * the same for the same seed.
     */
    @SuppressWarnings("unchecked")
    public Dataset<T>[] randomSplit(double[] weights, long seed) {
        for (double w : weights) {
            if (!(w >= 0)) {
                throw new IllegalArgumentException("requirement failed: Weights must be nonnegative, but got "
                        + weightsText(weights));
            }
        }
        double sum = Arrays.stream(weights).sum();
        if (!(sum > 0)) {
            throw new IllegalArgumentException("requirement failed: Sum of weights must be positive, but got "
                    + weightsText(weights));
        }
        List<Column> orderable = new ArrayList<>();
        for (StructField f : schema.fieldList()) {
            if (orderable(f.dataType())) {
                orderable.add(new Column(Dataset.attribute(f.name())));
            }
        }
        LogicalPlan sorted = orderable.isEmpty() ? plan
                : new Sort(plan, Columns.sortOrders(orderable.toArray(new Column[0])), false);
        Dataset<T>[] out = (Dataset<T>[]) java.lang.reflect.Array.newInstance(Dataset.class, weights.length);
        double lower = 0;
        for (int i = 0; i < weights.length; i++) {
            double upper = i == weights.length - 1 ? 1.0 : lower + weights[i] / sum;
            out[i] = withTypedPlan(sampled(sorted, SampleFunction.bernoulli(lower, upper, seed)));
            lower = upper;
        }
        return out;
    }

    public List<Dataset<T>> randomSplitAsList(double[] weights, long seed) {
        return List.of(randomSplit(weights, seed));
    }

    private static boolean orderable(DataType type) {
        return !(type instanceof MapType || type instanceof ArrayType || type instanceof StructType);
    }

    private static String weightsText(double[] weights) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < weights.length; i++) {
            s.append(i == 0 ? "" : ",").append(weights[i]);
        }
        return s.append(']').toString();
    }

    // ---- reshaping

    /**
     * Turns the value columns into rows, as Spark's {@code unpivot}: per input row, one row per value column (in
     * their order) holding the id columns, the value column's name in {@code variableColumnName} and its value (cast
     * to the values' least common type) in {@code valueColumnName}.
     */
    public Dataset<Row> unpivot(Column[] ids, Column[] values, String variableColumnName, String valueColumnName) {
        Dataset<Row> idColumns = select(ids);
        Column[] valueColumns = values;
        if (values.length == 0) {
            List<String> idNames = new ArrayList<>();
            for (String n : idColumns.columns()) {
                idNames.add(n.toLowerCase(Locale.ROOT));
            }
            List<Column> rest = new ArrayList<>();
            for (String n : columns()) {
                if (!idNames.contains(n.toLowerCase(Locale.ROOT))) {
                    rest.add(new Column(Dataset.attribute(n)));
                }
            }
            valueColumns = rest.toArray(new Column[0]);
        }
        if (valueColumns.length == 0) {
            throw new AnalysisException("UNPIVOT_REQUIRES_VALUE_COLUMNS", "42K0A", "At least one value column needs"
                    + " to be specified for UNPIVOT, all columns specified as ids.");
        }
        StructType valueSchema = select(valueColumns).schema();
        DataType common = commonType(valueColumns, valueSchema);
        Column[] projected = new Column[ids.length + valueColumns.length];
        System.arraycopy(ids, 0, projected, 0, ids.length);
        List<String> names = new ArrayList<>();
        boolean nullable = false;
        for (int i = 0; i < valueColumns.length; i++) {
            projected[ids.length + i] = valueColumns[i].cast(common).as("__unpivot_" + i);
            names.add(valueSchema.get(i).name());
            nullable |= valueSchema.get(i).nullable();
        }
        Dataset<Row> input = select(projected);
        List<StructField> out = new ArrayList<>(idColumns.schema().fieldList());
        out.add(new StructField(variableColumnName, DataTypes.StringType, false));
        out.add(new StructField(valueColumnName, common, nullable));
        StructType outSchema = new StructType(out);
        UnpivotFunction f = new UnpivotFunction(ids.length, names, outSchema);
        return withPlan(new MapPartitions(input.logicalPlan(), outSchema, UserCode.serialize(f), "Expand (unpivot)"));
    }

    /** {@link #unpivot(Column[], Column[], String, String)} of every column that is not an id. */
    public Dataset<Row> unpivot(Column[] ids, String variableColumnName, String valueColumnName) {
        return unpivot(ids, new Column[0], variableColumnName, valueColumnName);
    }

    public Dataset<Row> melt(Column[] ids, Column[] values, String variableColumnName, String valueColumnName) {
        return unpivot(ids, values, variableColumnName, valueColumnName);
    }

    public Dataset<Row> melt(Column[] ids, String variableColumnName, String valueColumnName) {
        return unpivot(ids, variableColumnName, valueColumnName);
    }

    /** The values' least common type (the type {@code coalesce} of them has); Spark's error when there is none. */
    private DataType commonType(Column[] values, StructType valueSchema) {
        try {
            DataType common = select(functions.coalesce(values)).schema().get(0).dataType();
            for (StructField f : valueSchema.fieldList()) {
                if (!orderable(f.dataType()) && !f.dataType().equals(common)) {
                    throw new AnalysisException("no common type");   // nested types only widen to themselves
                }
            }
            return common;
        } catch (AnalysisException e) {
            List<String> types = new ArrayList<>();
            for (StructField f : valueSchema.fieldList()) {
                types.add("\"" + f.dataType().simpleString().toUpperCase(Locale.ROOT) + "\" (`" + f.name() + "`)");
            }
            throw new AnalysisException("UNPIVOT_VALUE_DATA_TYPE_MISMATCH", "42K09", "Unpivot value columns must"
                    + " share a least common type, some types do not: [" + String.join(", ", types) + "].");
        }
    }
}
