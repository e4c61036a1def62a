package io.updraft.sql;

import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.sql.types.DataTypes;

import java.util.ArrayList;
import java.util.List;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.count;
import static io.updraft.sql.functions.lit;

/**
 * Statistics of a DataFrame, as Spark's {@code df.stat()}: {@code corr} and {@code cov} (sample covariance) of two
 * numeric columns, {@code approxQuantile} (Spark's percentile_approx over the values as doubles, accuracy
 * {@code 1 / relativeError}) and {@code crosstab} (a contingency table). Each action runs one query. Immutable.
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
