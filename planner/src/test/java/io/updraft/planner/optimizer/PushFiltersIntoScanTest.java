package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.Tpch;
import io.updraft.planner.expr.InList;
import io.updraft.planner.expr.IsNotNullExpr;
import io.updraft.planner.expr.LogicalOr;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Project;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.Tpch.and;
import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.lit;
import static org.assertj.core.api.Assertions.assertThat;

class PushFiltersIntoScanTest {
    private final PushFiltersIntoScan rule = new PushFiltersIntoScan();

    private ResolvedPlan folded(io.updraft.planner.logical.LogicalPlan plan) {
        return new ConstantFolding().apply(RuleTestSupport.analyze(plan));
    }

    @Test
    void pushesColumnVersusLiteralConjunctsAndKeepsTheFilter() {
        ResolvedPlan plan = folded(new Filter(Tpch.lineitemFile(), and(and(and(and(
                Tpch.cmp(CompareOp.LESS_THAN, col("l_quantity"), lit(24)),
                Tpch.cmp(CompareOp.GREATER_THAN_OR_EQUAL, lit(5), col("l_linenumber"))),
                Tpch.cmp(CompareOp.EQUAL, col("l_tax"), col("l_discount"))),
                new InList(col("l_shipmode"), List.of(lit("MAIL"), lit("SHIP")))),
                new LogicalOr(new IsNotNullExpr(col("l_comment")), Tpch.cmp(CompareOp.EQUAL, col("l_orderkey"), lit(7))))));
        FilterNode filter = (FilterNode) rule.apply(plan);
        assertThat(filter.condition()).isEqualTo(((FilterNode) plan).condition());
        ScanNode scan = (ScanNode) filter.child();
        assertThat(scan.pushedFilters()).extracting(ExpressionPrinter::explain).containsExactly(
                "(l_quantity#4 < 24.00)", "(l_linenumber#3 <= 5)", "l_shipmode#14 IN (MAIL,SHIP)",
                "(isnotnull(l_comment#15) OR (l_orderkey#0L = 7))");
    }

    @Test
    void removesALosslessCastFromTheColumnWhenTheLiteralFitsItsType() {
        ResolvedPlan plan = folded(new Filter(Tpch.lineitemFile(),
                Tpch.cmp(CompareOp.LESS_THAN, col("l_linenumber"), lit(7L))));
        ScanNode scan = (ScanNode) ((FilterNode) rule.apply(plan)).child();
        assertThat(scan.pushedFilters()).extracting(ExpressionPrinter::explain).containsExactly("(l_linenumber#3 < 7)");
        assertThat(scan.pushedFilters().get(0).children().get(1).dataType()).isEqualTo(io.updraft.sql.types.DataTypes.IntegerType);
    }

    @Test
    void doesNotFireWithoutColumnLiteralConjuncts() {
        ResolvedPlan plan = folded(new Filter(Tpch.lineitemFile(), Tpch.cmp(CompareOp.EQUAL, col("l_tax"), col("l_discount"))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }

    @Test
    void doesNotFireWhenTheFilterIsNotDirectlyAboveTheScan() {
        ResolvedPlan plan = folded(new Filter(new Project(Tpch.lineitemFile(), List.of(col("l_tax"))),
                Tpch.cmp(CompareOp.LESS_THAN, col("l_tax"), lit(1))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }
}
