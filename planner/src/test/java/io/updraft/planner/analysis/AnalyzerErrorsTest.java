package io.updraft.planner.analysis;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ErrorType;
import io.updraft.core.expr.CompareOp;
import io.updraft.planner.Tpch;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.LogicalAnd;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.fn;
import static io.updraft.planner.Tpch.lit;
import static io.updraft.planner.Tpch.times;
import static org.assertj.core.api.Assertions.assertThat;

class AnalyzerErrorsTest {
    private final Analyzer analyzer = new Analyzer();
    private static final FileSource SMALL = new FileSource(List.of("/t.parquet"), List.of("/t.parquet"),
            new StructType(List.of()).add("id", DataTypes.LongType).add("name", DataTypes.StringType)
                    .add("amount", DataTypes.DoubleType), 1, 1);

    private AnalysisException error(LogicalPlan plan) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> analyzer.analyze(plan));
        assertThat(t).isInstanceOf(AnalysisException.class);
        assertThat(((AnalysisException) t).type()).isEqualTo(ErrorType.USER);
        return (AnalysisException) t;
    }

    private AnalysisException selectError(Expression e) {
        return error(new Project(Tpch.lineitem(), List.of(e)));
    }

    private AnalysisException whereError(Expression e) {
        return error(new Filter(Tpch.lineitem(), e));
    }

    @Test
    void unknownColumnListsTheAvailableColumns() {
        assertThat(error(new Project(new FileRelation(SMALL), List.of(col("foo")))).getMessage()).isEqualTo(
                "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `foo` cannot"
                        + " be resolved. Did you mean one of the following? [`id`, `name`, `amount`]. SQLSTATE: 42703");
    }

    @Test
    void unknownColumnOfAWideTableListsEveryColumnAfterTheSuggestions() {
        String message = selectError(col("l_nosuch")).getMessage();
        assertThat(message).contains("Available columns: [`lineitem`.`l_orderkey`, ")
                .contains("`lineitem`.`l_comment`]. SQLSTATE: 42703");
        for (String column : new String[] {"l_partkey", "l_shipdate", "l_returnflag", "l_tax", "l_shipmode"}) {
            assertThat(message).contains("`lineitem`.`" + column + "`");
        }
    }

    @Test
    void unknownColumnSuggestsTheClosestFirst() {
        assertThat(selectError(col("l_quantiti")).getMessage())
                .startsWith("[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name"
                        + " `l_quantiti` cannot be resolved. Did you mean one of the following? [`lineitem`.`l_quantity`, ");
        assertThat(error(new Filter(new FileRelation(SMALL), Tpch.cmp(CompareOp.GREATER_THAN, col("amout"), lit(1))))
                .getMessage()).contains("with name `amout` cannot be resolved. Did you mean one of the following? [`amount`, ");
    }

    @Test
    void unknownQualifierIsAnUnknownColumn() {
        assertThat(error(new Project(new SubqueryAlias("l", Tpch.lineitem()), List.of(col("x.l_quantity")))).getMessage())
                .contains("with name `x`.`l_quantity` cannot be resolved");
    }

    @Test
    void dateComparedWithIntNamesExpressionAndBothTypes() {
        assertThat(whereError(Tpch.cmp(CompareOp.GREATER_THAN, col("l_shipdate"), lit(5))).getMessage()).isEqualTo(
                "[DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES] Cannot resolve \"(l_shipdate > 5)\" due to data type mismatch:"
                        + " the left and right operands of the binary operator have incompatible types (\"DATE\" and"
                        + " \"INT\"). SQLSTATE: 42K09");
    }

    @Test
    void booleanComparedWithIntIsAMismatch() {
        assertThat(whereError(Tpch.cmp(CompareOp.EQUAL, Tpch.cmp(CompareOp.LESS_THAN, col("l_tax"), lit(1)), lit(1)))
                .getMessage()).contains("Cannot resolve \"((l_tax < 1) = 1)\"").contains("(\"BOOLEAN\" and \"INT\")");
    }

    @Test
    void arithmeticOnDatesIsAMismatch() {
        assertThat(selectError(times(col("l_shipdate"), lit(2))).getMessage())
                .startsWith("[DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES] Cannot resolve \"(l_shipdate * 2)\"")
                .contains("(\"DATE\" and \"INT\")");
        assertThat(selectError(times(col("l_shipdate"), col("l_commitdate"))).getMessage())
                .startsWith("[DATATYPE_MISMATCH.BINARY_OP_WRONG_TYPE] Cannot resolve \"(l_shipdate * l_commitdate)\"");
    }

    @Test
    void sumOfADateNamesTheArgumentAndItsType() {
        assertThat(selectError(fn("sum", col("l_shipdate"))).getMessage()).isEqualTo(
                "[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot resolve \"sum(l_shipdate)\" due to data type mismatch:"
                        + " The first parameter requires the (\"NUMERIC\" or \"ANSI INTERVAL\") type, however"
                        + " \"l_shipdate\" has the type \"DATE\". SQLSTATE: 42K09");
    }

    @Test
    void andOfANonBooleanIsAMismatch() {
        assertThat(whereError(new LogicalAnd(col("l_quantity"), lit(true))).getMessage())
                .contains("Cannot resolve \"(l_quantity AND true)\"").contains("requires the \"BOOLEAN\" type");
    }

    @Test
    void nonBooleanFilterIsAMismatch() {
        assertThat(whereError(col("l_quantity")).getMessage()).startsWith("[DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN]");
    }

    @Test
    void impossibleCastIsAMismatch() {
        assertThat(selectError(Tpch.cast(col("l_shipdate"), DataTypes.IntegerType)).getMessage()).contains(
                "[DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION] Cannot resolve \"CAST(l_shipdate AS INT)\"",
                "cannot cast \"DATE\" to \"INT\"");
    }

    @Test
    void columnNeitherGroupedNorAggregatedIsNamed() {
        LogicalPlan plan = new Aggregate(Tpch.lineitem(), List.of(col("l_returnflag")),
                List.of(col("l_returnflag"), col("l_tax"), fn("sum", col("l_quantity"))));
        assertThat(error(plan).getMessage()).startsWith(
                "[MISSING_AGGREGATION] The non-aggregating expression \"l_tax\" is based on columns which are not"
                        + " participating in the GROUP BY clause.");
        assertThat(error(new Project(Tpch.lineitem(), List.of(col("l_tax"), fn("sum", col("l_quantity"))))).getMessage())
                .contains("\"l_tax\"");
    }

    @Test
    void aggregateInWhereIsRejected() {
        assertThat(whereError(Tpch.cmp(CompareOp.GREATER_THAN, fn("sum", col("l_tax")), lit(1))).getMessage())
                .startsWith("[INVALID_WHERE_CONDITION] The WHERE condition \"(sum(l_tax) > 1)\" contains invalid"
                        + " expressions: sum(l_tax).");
    }

    @Test
    void nestedAggregateIsRejected() {
        assertThat(selectError(fn("sum", fn("max", col("l_tax")))).getMessage()).startsWith("[NESTED_AGGREGATE_FUNCTION]");
    }

    @Test
    void aggregateInGroupByIsRejected() {
        assertThat(error(new Aggregate(Tpch.lineitem(), List.of(fn("sum", col("l_tax"))), List.of(Tpch.countStar())))
                .getMessage()).startsWith("[GROUP_BY_AGGREGATE] Aggregate functions are not allowed in GROUP BY, but found sum(l_tax).");
    }

    @Test
    void unknownFunctionIsNamed() {
        assertThat(selectError(fn("frobnicate", col("l_tax"))).getMessage())
                .startsWith("[UNRESOLVED_ROUTINE] Cannot resolve routine `frobnicate` on search path");
        assertThat(selectError(fn("upper", col("l_comment"), col("l_comment"))).getMessage())
                .startsWith("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] The `upper` requires 1 parameters but the actual number is 2.");
    }

    @Test
    void countDistinctOfSeveralColumnsResolvesWithSparksName() {
        // no longer an error (issue 10): the distinct rewrite counts the (l_tax, l_discount) pairs
        StructType schema = new io.updraft.planner.DefaultQueryPlanner(io.updraft.planner.PlannerConfig.DEFAULT).schema(new Project(
                Tpch.lineitem(), List.of(new io.updraft.planner.expr.FunctionCall("count",
                List.of(col("l_tax"), col("l_discount")), true))));
        assertThat(schema.fieldNames()).containsExactly("count(DISTINCT l_tax, l_discount)");
        assertThat(schema.get(0).dataType()).isEqualTo(DataTypes.LongType);
    }

    @Test
    void unknownStarQualifierIsRejected() {
        assertThat(selectError(new io.updraft.planner.expr.UnresolvedStar("x")).getMessage())
                .startsWith("[CANNOT_RESOLVE_STAR_EXPAND] Cannot resolve `x`.* given input columns");
    }
}
