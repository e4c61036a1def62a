package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.UpdraftException;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.GroupingSets;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.Aggregate;
import io.updraft.sql.types.StructField;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The result of {@code groupBy}, {@code rollup}, {@code cube} (and {@code groupBy(...).pivot(...)}), as Spark's
 * {@code RelationalGroupedDataset}: aggregate to get a DataFrame with the grouping columns first, then one column
 * per aggregate (per pivot value and aggregate after a pivot). Immutable.
 */
public final class RelationalGroupedDataset {
    /** How the grouping columns group. */
    enum GroupType {
        GROUP_BY, ROLLUP, CUBE
    }

    private final Dataset<Row> df;
    private final List<Expression> groupingExprs;
    private final GroupType type;
    private final Pivot pivot;

    RelationalGroupedDataset(Dataset<Row> df, List<Expression> groupingExprs, GroupType type) {
        this(df, groupingExprs, type, null);
    }

    private RelationalGroupedDataset(Dataset<Row> df, List<Expression> groupingExprs, GroupType type, Pivot pivot) {
        this.df = df;
        this.groupingExprs = List.copyOf(groupingExprs);
        this.type = type;
        this.pivot = pivot;
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

    /**
     * Aggregates by (column name → aggregate function name), in the map's iteration order:
     * {@code agg(Map.of("age", "max", "salary", "avg"))} gives columns "max(age)" and "avg(salary)". As Spark,
     * "avg"/"average"/"mean" are avg, "std" is stddev, "count"/"size" count ("*" counts rows).
     */
    public Dataset<Row> agg(Map<String, String> exprs) {
        List<Expression> aggregates = new ArrayList<>(exprs.size());
        for (Map.Entry<String, String> e : exprs.entrySet()) {
            aggregates.add(aggregateByName(e.getValue(), e.getKey()));
        }
        return aggregate(aggregates);
    }

    private Expression aggregateByName(String function, String columnName) {
        Expression input = columnName.equals("*") ? new UnresolvedStar(null) : df.col(columnName).expr();
        String name = switch (function.toLowerCase(Locale.ROOT)) {
            case "avg", "average", "mean" -> "avg";
            case "stddev", "std" -> "stddev";
            case "count", "size" -> "count";
            default -> function.toLowerCase(Locale.ROOT);
        };
        if (input instanceof UnresolvedStar && !name.equals("count")) {
            throw new AnalysisException("INVALID_USAGE_OF_STAR_OR_REGEX", "42000", "Invalid usage of '*' in " + name
                    + ".");
        }
        return new FunctionCall(name, List.of(input), false);
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

    /**
     * One output column per distinct value of {@code pivotColumn} (found by running a query now, as Spark does;
     * sorted, at most spark.sql.pivotMaxValues = 10000 of them) and aggregate. Only after {@code groupBy}.
     */
    public RelationalGroupedDataset pivot(String pivotColumn) {
        return pivot(df.col(pivotColumn));
    }

    /** One output column per listed value of {@code pivotColumn} and aggregate, in the order given. */
    public RelationalGroupedDataset pivot(String pivotColumn, List<Object> values) {
        return pivot(df.col(pivotColumn), values);
    }

    public RelationalGroupedDataset pivot(Column pivotColumn) {
        checkCanPivot();
        return pivot(pivotColumn, Pivot.distinctValues(df, pivotColumn));
    }

    public RelationalGroupedDataset pivot(Column pivotColumn, List<Object> values) {
        checkCanPivot();
        return new RelationalGroupedDataset(df, groupingExprs, type, new Pivot(pivotColumn.expr(), values));
    }

    private void checkCanPivot() {
        if (pivot != null) {
            throw new UnsupportedOperationException(UpdraftException.compose("REPEATED_CLAUSE", "42614",
                    "The PIVOT clause may be used at most once per SUBQUERY operation."));
        }
        if (type != GroupType.GROUP_BY) {
            throw new UnsupportedOperationException("pivot is only supported after a groupBy");
        }
    }

    private Dataset<Row> numeric(String function, String... colNames) {
        List<String> names = new ArrayList<>();
        if (colNames.length == 0) {
            for (StructField f : df.schema().fieldList()) {
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
        List<Expression> grouping = switch (type) {
            case GROUP_BY -> groupingExprs;
            case ROLLUP -> List.of(GroupingSets.rollup(groupingExprs));
            case CUBE -> List.of(GroupingSets.cube(groupingExprs));
        };
        List<Expression> outputs = aggregates;
        if (pivot != null) {
            outputs = pivot.aggregates(aggregates, aggregateNames(aggregates), df.sparkSession().timeZone());
        }
        List<Expression> output = new ArrayList<>(groupingExprs.size() + outputs.size());
        output.addAll(groupingExprs);
        output.addAll(outputs);
        return new Dataset<>(df.sparkSession(), new Aggregate(df.logicalPlan(), grouping, output), Encoders.row());
    }

    /** The column names the aggregates get without a pivot (Spark's names: alias, else the pretty SQL). */
    private List<String> aggregateNames(List<Expression> aggregates) {
        List<Expression> output = new ArrayList<>(groupingExprs);
        output.addAll(aggregates);
        String[] names = df.sparkSession().analyze(new Aggregate(df.logicalPlan(), groupingExprs, output))
                .fieldNames();
        return List.of(names).subList(groupingExprs.size(), names.length);
    }
}
