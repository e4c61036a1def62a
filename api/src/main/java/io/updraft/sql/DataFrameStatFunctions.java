package io.updraft.sql;

import io.updraft.core.rows.FreqItemsFunction;
import io.updraft.core.rows.SampleFunction;
import io.updraft.core.typed.UserCode;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.logical.MapPartitions;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.lit;

/**
 * Statistics of a DataFrame, as Spark's {@code df.stat()}: {@code corr} and {@code cov} (sample covariance) of two
 * numeric columns, {@code approxQuantile} (Spark's percentile_approx over the values as doubles, accuracy
 * {@code 1 / relativeError}), {@code crosstab} (a contingency table), {@code freqItems} and {@code sampleBy}. Each
 * action runs one query. Immutable.
 */
public final class DataFrameStatFunctions {
    private final Dataset<Row> df;

    DataFrameStatFunctions(Dataset<Row> df) {
        this.df = df;
    }

    /** Pearson's correlation of two numeric columns (null-free rows), a double; NaN-free input expected. */
    public double corr(String col1, String col2) {
        return single(functions.corr(df.col(col1), df.col(col2)));
    }

    /** {@code method} must be "pearson", the one Spark supports. */
    public double corr(String col1, String col2, String method) {
        if (!method.equals("pearson")) {
            throw new IllegalArgumentException("Currently only the calculation of the Pearson Correlation "
                    + "coefficient is supported.");
        }
        return corr(col1, col2);
    }

    /** The sample covariance of two numeric columns. */
    public double cov(String col1, String col2) {
        return single(functions.covar_samp(df.col(col1), df.col(col2)));
    }

    private double single(Column aggregate) {
        Row r = df.agg(aggregate).collectAsList().get(0);
        return r.isNullAt(0) ? Double.NaN : r.getDouble(0);
    }

    /**
     * The approximate quantiles of a numeric column (nulls ignored), within {@code relativeError} of the exact rank
     * (0 computes them exactly); an empty column gives an empty array.
     */
    public double[] approxQuantile(String column, double[] probabilities, double relativeError) {
        return approxQuantile(new String[] {column}, probabilities, relativeError)[0];
    }

    public double[][] approxQuantile(String[] columns, double[] probabilities, double relativeError) {
        if (relativeError < 0) {
            throw new IllegalArgumentException("Relative Error must be non-negative but got " + relativeError);
        }
        for (double p : probabilities) {
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException("percentile should be in the range [0.0, 1.0], got " + p);
            }
        }
        if (probabilities.length == 0) {
            return new double[columns.length][0];
        }
        int accuracy = relativeError == 0 ? Integer.MAX_VALUE
                : (int) Math.min(Integer.MAX_VALUE, Math.ceil(1.0 / relativeError));
        List<Expression> percentages = new ArrayList<>();
        for (double p : probabilities) {
            percentages.add(lit(p).expr());
        }
        Column[] aggregates = new Column[columns.length];
        for (int i = 0; i < columns.length; i++) {
            Column value = df.col(columns[i]).cast(DataTypes.DoubleType);
            aggregates[i] = new Column(new FunctionCall("percentile_approx", List.of(value.expr(),
                    new FunctionCall("array", percentages, false), lit(accuracy).expr()), false));
        }
        Row r = df.select(aggregates).collectAsList().get(0);
        double[][] out = new double[columns.length][];
        for (int i = 0; i < columns.length; i++) {
            if (r.isNullAt(i)) {
                out[i] = new double[0];
                continue;
            }
            List<Object> values = r.getList(i);
            out[i] = new double[values.size()];
            for (int k = 0; k < out[i].length; k++) {
                out[i][k] = ((Number) values.get(k)).doubleValue();
            }
        }
        return out;
    }

    /** {@link #freqItems(String[], double)} with Spark's default support, 1%. */
    public Dataset<Row> freqItems(String[] cols) {
        return freqItems(cols, 0.01);
    }

    public Dataset<Row> freqItems(List<String> cols, double support) {
        return freqItems(cols.toArray(new String[0]), support);
    }

    /**
     * Items that may occur in more than {@code support} of the rows, per column, as Spark's {@code freqItems}: one
     * row, column {@code c_freqItems} an array per column. Each task keeps at most 1/support counters per column
     * (Spark's counter, see {@link FreqItemsFunction}), the driver merges them; as in Spark, false positives may be
     * returned, and the items are in the counters' order (Spark's is a hash map's).
     */
    public Dataset<Row> freqItems(String[] cols, double support) {
        if (!(support >= 1e-4 && support <= 1.0)) {
            throw new IllegalArgumentException("requirement failed: Support must be in [1e-4, 1], but got " + support
                    + ".");
        }
        int size = (int) (1 / support);
        Dataset<Row> columns = df.select(Columns.of(cols));
        StructType partial = FreqItemsFunction.partialSchema(columns.schema());
        List<Row> partials = new Dataset<>(df.sparkSession(), new MapPartitions(columns.logicalPlan(), partial,
                UserCode.serialize(new FreqItemsFunction(size)), "FreqItems"), Encoders.row()).collectRows();
        List<StructField> fields = new ArrayList<>();
        Object[] values = new Object[cols.length];
        for (int i = 0; i < cols.length; i++) {
            Map<Object, Long> counter = new LinkedHashMap<>();
            for (Row p : partials) {
                FreqItemsFunction.merge(counter, p, i, size);
            }
            values[i] = List.copyOf(counter.keySet());
            fields.add(new StructField(cols[i] + "_freqItems",
                    new ArrayType(columns.schema().get(i).dataType(), false), false));
        }
        return df.sparkSession().createDataFrame(List.of(Row.of(values)), new StructType(fields));
    }

    /**
     * A stratified sample without replacement, as Spark's {@code sampleBy}: each row is kept with the fraction of
     * its value in {@code col} (0 for a value not in {@code fractions}), drawing from Spark's seeded generator per
     * partition as Spark's {@code rand(seed)} does.
     */
    public <T> Dataset<Row> sampleBy(String col, Map<T, Double> fractions, long seed) {
        checkFractions(fractions);
        df.col(col);
        int ordinal = io.updraft.core.encoder.BeanEncoder.ordinal(df.schema(), col);
        if (ordinal < 0) {
            return sampleBy(functions.col(col), fractions, seed);   // a nested or quoted name
        }
        SampleFunction f = SampleFunction.stratified(ordinal, new java.util.HashMap<>(fractions), seed);
        return new Dataset<>(df.sparkSession(), new MapPartitions(df.logicalPlan(), df.schema(),
                UserCode.serialize(f), "Sample (sampleBy)"), Encoders.row());
    }

    /** As {@link #sampleBy(String, Map, long)} on the values of an expression. */
    public <T> Dataset<Row> sampleBy(Column col, Map<T, Double> fractions, long seed) {
        String stratum = "__stratum";
        Dataset<Row> withStratum = df.withColumn(stratum, col);
        return withStratum.stat().sampleBy(stratum, fractions, seed).drop(stratum);
    }

    private static void checkFractions(Map<?, Double> fractions) {
        for (Double p : fractions.values()) {
            if (p == null || !(p >= 0.0 && p <= 1.0)) {
                throw new IllegalArgumentException("requirement failed: Fractions must be in [0, 1], but got "
                        + fractions + ".");
            }
        }
    }

    /**
     * The contingency table of two columns: one row per distinct value of {@code col1} (as a string, in column
     * {@code col1_col2}), one bigint column per distinct value of {@code col2} (as strings, in string order), each
     * cell the number of rows with that pair (0 when none), as Spark's crosstab.
     */
    public Dataset<Row> crosstab(String col1, String col2) {
        String name = col1 + "_" + col2;
        Dataset<Row> pairs = df.select(df.col(col1).cast(DataTypes.StringType).as(name),
                df.col(col2).cast(DataTypes.StringType).as(col2));
        Dataset<Row> table = pairs.groupBy(col(DataFrameNaFunctions.quoted(name)))
                .pivot(col(DataFrameNaFunctions.quoted(col2))).agg(count(lit(1)));
        return table.na().fill(0L);
    }
}
