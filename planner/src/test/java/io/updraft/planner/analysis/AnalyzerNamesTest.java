package io.updraft.planner.analysis;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.Tpch;
import io.updraft.planner.expr.BetweenExpr;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnresolvedStar;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.resolved.expr.AggregateFunctionExpression;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.AndExpression;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.SortNode;
import io.updraft.sql.types.StructField;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static io.updraft.planner.Tpch.as;
import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.countStar;
import static io.updraft.planner.Tpch.fn;
import static io.updraft.planner.Tpch.lit;
import static io.updraft.planner.Tpch.minus;
import static io.updraft.planner.Tpch.times;
import static org.assertj.core.api.Assertions.assertThat;

class AnalyzerNamesTest {
    private final Analyzer analyzer = new Analyzer();

    private List<String> names(LogicalPlan plan) {
        return analyzer.analyze(plan).schema().fieldList().stream().map(StructField::name).toList();
    }

    private List<String> selectNames(Expression... exprs) {
        return names(new Project(Tpch.lineitem(), List.of(exprs)));
    }

    @Test
    void generatedNamesAreSparksPrettySql() {
        assertThat(selectNames(fn("sum", col("l_quantity")), countStar(), fn("count", lit(1)),
                fn("sum", times(col("l_extendedprice"), minus(lit(1), col("l_discount")))), fn("avg", col("l_discount"))))
                .containsExactly("sum(l_quantity)", "count(1)", "count(1)", "sum((l_extendedprice * (1 - l_discount)))",
                        "avg(l_discount)");
        assertThat(selectNames(times(col("l_extendedprice"), minus(lit(1), col("l_discount"))),
                Tpch.cmp(CompareOp.LESS_THAN, col("l_quantity"), lit(24)), lit(new BigDecimal("0.06")), lit("A"),
                lit(java.time.LocalDate.parse("1998-12-01")), Tpch.cast(col("l_linenumber"), io.updraft.sql.types.DataTypes.LongType),
                new io.updraft.planner.expr.LogicalNot(Tpch.cmp(CompareOp.EQUAL, col("l_tax"), lit(0)))))
                .containsExactly("(l_extendedprice * (1 - l_discount))", "(l_quantity < 24)", "0.06", "A",
                        "DATE '1998-12-01'", "CAST(l_linenumber AS BIGINT)", "(NOT (l_tax = 0))");
    }

    @Test
    void aliasNamesWin() {
        assertThat(selectNames(as(fn("sum", col("l_quantity")), "sum_qty"), as(fn("max", col("l_tax")), "tax")))
                .containsExactly("sum_qty", "tax");
        assertThat(selectNames(as(col("l_tax"), "tax"), as(minus(lit(1), col("l_tax")), "x"))).containsExactly("tax", "x");
    }

    @Test
    void columnsResolveCaseInsensitivelyAndKeepTheSchemaSpelling() {
        assertThat(selectNames(col("L_QUANTITY"), minus(col("L_Tax"), lit(1)))).containsExactly("l_quantity", "(l_tax - 1)");
        assertThat(selectNames(fn("SUM", col("L_Tax")))).containsExactly("sum(l_tax)");
    }

    @Test
    void qualifiedNamesResolveThroughSubqueryAliases() {
        LogicalPlan aliased = new SubqueryAlias("l", Tpch.lineitem());
        assertThat(names(new Project(aliased, List.of(col("l.l_quantity"), col("L.L_TAX"),
                times(col("l.l_discount"), col("l_tax")))))).containsExactly("l_quantity", "l_tax", "(l_discount * l_tax)");
        assertThat(names(new Project(Tpch.lineitem(), List.of(col("lineitem.l_quantity"))))).containsExactly("l_quantity");
    }

    @Test
    void starsExpandInSchemaOrder() {
        assertThat(names(new Project(Tpch.lineitem(), List.of(Tpch.star())))).containsExactly(Tpch.LINEITEM_SCHEMA.fieldNames());
        assertThat(names(new Project(new SubqueryAlias("l", Tpch.lineitem()), List.of(new UnresolvedStar("l"), lit(1)))))
                .hasSize(17).endsWith("1");
    }

    @Test
    void betweenBecomesAndOfGreaterOrEqualAndLessOrEqual() {
        FilterNode filter = (FilterNode) analyzer.analyze(new Filter(Tpch.lineitem(),
                new BetweenExpr(col("l_discount"), lit(new BigDecimal("0.05")), lit(new BigDecimal("0.07")))));
        AndExpression and = (AndExpression) filter.condition();
        assertThat(((ComparisonExpression) and.left()).op()).isEqualTo(CompareOp.GREATER_THAN_OR_EQUAL);
        assertThat(((ComparisonExpression) and.right()).op()).isEqualTo(CompareOp.LESS_THAN_OR_EQUAL);
        assertThat(((ComparisonExpression) and.left()).left()).isEqualTo(((ComparisonExpression) and.right()).left());
    }

    @Test
    void countStarHasNoArgument() {
        AggregateNode agg = (AggregateNode) analyzer.analyze(new Project(Tpch.lineitem(), List.of(countStar())));
        AggregateFunctionExpression count = (AggregateFunctionExpression) ((AliasExpression) agg.aggregateExpressions().get(0)).child();
        assertThat(count.argument()).isNull();
        assertThat(agg.groupingExpressions()).as("select(count(*)) is a global aggregate").isEmpty();
    }

    @Test
    void analysisIsDeterministic() {
        assertThat(analyzer.analyze(Tpch.q1Dataset())).isEqualTo(analyzer.analyze(Tpch.q1Dataset()));
    }

    @Test
    void groupByAnAliasOfTheSelectList() {
        LogicalPlan plan = new Aggregate(Tpch.lineitem(), List.of(col("flag")),
                List.of(as(fn("lower", col("l_returnflag")), "flag"), countStar()));
        assertThat(names(plan)).containsExactly("flag", "count(1)");
    }

    @Test
    void groupingExpressionsMayBeUsedInsideTheSelectList() {
        LogicalPlan plan = new Aggregate(Tpch.lineitem(), List.of(col("l_returnflag")),
                List.of(fn("lower", col("l_returnflag")), fn("max", col("l_tax"))));
        assertThat(names(plan)).containsExactly("lower(l_returnflag)", "max(l_tax)");
    }

    @Test
    void havingWithAnAggregateNotInTheSelectListAddsAHiddenColumnAndProjectsItAway() {
        LogicalPlan plan = new Filter(new Aggregate(Tpch.lineitem(), List.of(col("l_returnflag")),
                List.of(col("l_returnflag"), as(fn("sum", col("l_quantity")), "qty"))),
                Tpch.cmp(CompareOp.GREATER_THAN, countStar(), lit(10)));
        ResolvedPlan analyzed = analyzer.analyze(plan);
        assertThat(analyzed.schema().fieldNames()).containsExactly("l_returnflag", "qty");
        ProjectNode top = (ProjectNode) analyzed;
        FilterNode having = (FilterNode) top.child();
        AggregateNode agg = (AggregateNode) having.child();
        assertThat(agg.aggregateExpressions()).extracting(n -> n.name()).containsExactly("l_returnflag", "qty", "count(1)");
    }

    @Test
    void havingOnASelectedAggregateReusesItsColumn() {
        LogicalPlan plan = new Filter(new Aggregate(Tpch.lineitem(), List.of(col("l_returnflag")),
                List.of(col("l_returnflag"), as(fn("sum", col("l_quantity")), "qty"))),
                Tpch.cmp(CompareOp.GREATER_THAN, fn("sum", col("l_quantity")), lit(10)));
        ResolvedPlan analyzed = analyzer.analyze(plan);
        FilterNode having = (FilterNode) analyzed;
        ComparisonExpression c = (ComparisonExpression) having.condition();
        assertThat(((AttributeReference) c.left()).name()).isEqualTo("qty");
    }

    @Test
    void orderByAColumnTheSelectListDropsIsAddedBelowTheSortAndProjectedAway() {
        LogicalPlan plan = new Sort(new Project(Tpch.lineitem(), List.of(col("l_orderkey"))),
                List.of(SortOrderExpr.desc(col("l_shipdate"))));
        ResolvedPlan analyzed = analyzer.analyze(plan);
        assertThat(analyzed.schema().fieldNames()).containsExactly("l_orderkey");
        SortNode sort = (SortNode) ((ProjectNode) analyzed).child();
        assertThat(sort.child().output()).extracting(AttributeReference::name).containsExactly("l_orderkey", "l_shipdate");
    }

    @Test
    void orderByAnAggregateOfTheSelectListUsesItsColumn() {
        LogicalPlan plan = new Sort(new Aggregate(Tpch.lineitem(), List.of(col("l_returnflag")),
                List.of(col("l_returnflag"), as(fn("sum", col("l_quantity")), "qty"))),
                List.of(SortOrderExpr.desc(fn("sum", col("l_quantity")))));
        SortNode sort = (SortNode) analyzer.analyze(plan);
        assertThat(((AttributeReference) sort.order().get(0).child()).name()).isEqualTo("qty");
    }
}
