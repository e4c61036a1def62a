package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.Aggregate;
import io.updraft.sql.types.StructField;

import java.util.ArrayList;
import java.util.List;

/**
 * The result of {@code groupBy}, as Spark's {@code RelationalGroupedDataset}: aggregate to get a
 * DataFrame with the grouping columns first, then one column per aggregate. Immutable.
 */
public final class RelationalGroupedDataset {
    private final Dataset<Row> df;
    private final List<Expression> groupingExprs;

    RelationalGroupedDataset(Dataset<Row> df, List<Expression> groupingExprs) {
        this.df = df;
        this.groupingExprs = List.copyOf(groupingExprs);
    }

    /** {@code agg(sum("x").as("total"), count("*"))}. */
    public Dataset<Row> agg(Column expr, Column... exprs) {
        List<Expression> aggregates = new ArrayList<>(exprs.length + 1);
        aggregates.add(expr.expr());
        for (Column c : exprs) {
            aggregates.add(c.expr());
        }
        return aggregate(aggregates);
    }

    /** Rows per group, in a column named "count". */
    public Dataset<Row> count() {
        return aggregate(List.of(new Alias(new FunctionCall("count", List.of(new UnresolvedStar(null)), false),
                "count")));
    }

    /** sum of each named numeric column (all numeric columns when none is named), named "sum(x)". */
    public Dataset<Row> sum(String... colNames) {
        return numeric("sum", colNames);
    }

    public Dataset<Row> avg(String... colNames) {
        return numeric("avg", colNames);
    }

    /** Same as {@link #avg}; columns are named "avg(x)", as in Spark. */
    public Dataset<Row> mean(String... colNames) {
        return numeric("avg", colNames);
    }

    public Dataset<Row> min(String... colNames) {
        return numeric("min", colNames);
    }

    public Dataset<Row> max(String... colNames) {
        return numeric("max", colNames);
    }

    private Dataset<Row> numeric(String function, String... colNames) {
        List<String> names = new ArrayList<>();
        if (colNames.length == 0) {
            for (StructField f : df.schema().fields()) {
                if (f.dataType().isNumeric()) {
                    names.add(f.name());
                }
            }
        } else {
            for (String name : colNames) {
                df.col(name);
                int i = df.schema().indexOf(name);
                if (!df.schema().get(i).dataType().isNumeric()) {
                    throw new AnalysisException("\"" + name + "\" is not a numeric column. Aggregation function can "
                            + "only be applied on a numeric column.");
                }
                names.add(df.schema().get(i).name());
            }
        }
        List<Expression> aggregates = new ArrayList<>(names.size());
        for (String name : names) {
            aggregates.add(new FunctionCall(function, List.of(Dataset.attribute(name)), false));
        }
        return aggregate(aggregates);
    }

    private Dataset<Row> aggregate(List<Expression> aggregates) {
        List<Expression> output = new ArrayList<>(groupingExprs.size() + aggregates.size());
        output.addAll(groupingExprs);
        output.addAll(aggregates);
        return new Dataset<>(df.sparkSession(), new Aggregate(df.logicalPlan(), groupingExprs, output),
                Encoders.row());
    }
}
