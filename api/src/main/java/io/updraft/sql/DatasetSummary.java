package io.updraft.sql;

import io.updraft.planner.expr.FunctionCall;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructField;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.updraft.sql.functions.lit;

/**
 * {@code describe} and {@code summary}, as Spark's: a DataFrame with a string column {@code summary} naming each
 * statistic and one string column per described column. Statistics: count, mean, stddev, min, max, percentiles
 * ("25%", Spark's percentile_approx with accuracy 10000), count_distinct, approx_count_distinct; mean, stddev and
 * the percentiles are null for string columns. One aggregate per statistic, in the order asked. Stateless.
 */
final class DatasetSummary {
    static final List<String> DESCRIBE = List.of("count", "mean", "stddev", "min", "max");
    static final List<String> SUMMARY = List.of("count", "mean", "stddev", "min", "25%", "50%", "75%", "max");
    private static final String ORDER = "__updraft_summary_order";

    private DatasetSummary() {
    }

    /** {@code cols} empty: every numeric and string column. */
    static Dataset<Row> describe(Dataset<Row> df, String... cols) {
        List<StructField> fields = new ArrayList<>();
        if (cols.length == 0) {
            for (StructField f : df.schema().fieldList()) {
                if (f.dataType().isNumeric() || f.dataType() instanceof StringType) {
                    fields.add(f);
                }
            }
        } else {
            for (String c : cols) {
                df.col(c);
                fields.add(df.select(df.col(c)).schema().get(0));
            }
        }
        return statistics(df, fields, DESCRIBE);
    }

    /** {@code statistics} empty: Spark's default list; columns: every numeric and string column. */
    static Dataset<Row> summary(Dataset<Row> df, String... statistics) {
        List<StructField> fields = new ArrayList<>();
        for (StructField f : df.schema().fieldList()) {
            if (f.dataType().isNumeric() || f.dataType() instanceof StringType) {
                fields.add(f);
            }
        }
        return statistics(df, fields, statistics.length == 0 ? SUMMARY : List.of(statistics));
    }

    private static Dataset<Row> statistics(Dataset<Row> df, List<StructField> fields, List<String> statistics) {
        Dataset<Row> out = null;
        for (int s = 0; s < statistics.size(); s++) {
            String statistic = statistics.get(s);
            List<Column> row = new ArrayList<>();
            row.add(lit(s).as(ORDER));
            row.add(lit(statistic).as("summary"));
            for (StructField f : fields) {
                row.add(statistic(df.col(DataFrameNaFunctions.quoted(f.name())), f, statistic)
                        .cast(DataTypes.StringType).as(f.name()));
            }
            Dataset<Row> one = df.agg(row.get(0), row.subList(1, row.size()).toArray(Column[]::new));
            out = out == null ? one : out.union(one);
        }
        return out.orderBy(ORDER).drop(ORDER);
    }

    private static Column statistic(Column c, StructField f, String statistic) {
        boolean numeric = f.dataType().isNumeric();
        switch (statistic.toLowerCase(Locale.ROOT)) {
            case "count":
                return functions.count(c);
            case "mean":
                return numeric ? functions.avg(c) : functions.max(lit(null).cast(DataTypes.DoubleType));
            case "stddev":
                return numeric ? functions.stddev(c) : functions.max(lit(null).cast(DataTypes.DoubleType));
            case "min":
                return functions.min(c);
            case "max":
                return functions.max(c);
            case "count_distinct":
                return functions.count_distinct(c);
            case "approx_count_distinct":
                return functions.approx_count_distinct(c);
            default:
                if (statistic.endsWith("%")) {
                    double p;
                    try {
                        p = Double.parseDouble(statistic.substring(0, statistic.length() - 1)) / 100;
                    } catch (NumberFormatException e) {
                        throw unknown(statistic);
                    }
                    if (!(p >= 0 && p <= 1)) {
                        throw unknown(statistic);
                    }
                    return numeric ? new Column(new FunctionCall("percentile_approx", List.of(c.expr(),
                            lit(p).expr(), lit(10000).expr()), false))
                            : functions.max(lit(null).cast(f.dataType()));
                }
                throw unknown(statistic);
        }
    }

    private static IllegalArgumentException unknown(String statistic) {
        return new IllegalArgumentException(statistic + " is not a recognised statistic");
    }
}
