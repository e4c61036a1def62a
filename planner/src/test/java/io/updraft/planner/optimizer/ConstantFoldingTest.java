package io.updraft.planner.optimizer;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.Tpch;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Project;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.ArithmeticExpression;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.ExpressionPrinter;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static io.updraft.planner.Tpch.as;
import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.div;
import static io.updraft.planner.Tpch.lit;
import static io.updraft.planner.Tpch.minus;
import static io.updraft.planner.Tpch.plus;
import static io.updraft.planner.Tpch.times;
import static org.assertj.core.api.Assertions.assertThat;

class ConstantFoldingTest {
    private final ConstantFolding rule = new ConstantFolding();

    private ResolvedExpression folded(io.updraft.planner.expr.Expression e) {
        ProjectNode p = (ProjectNode) rule.apply(RuleTestSupport.analyze(new Project(Tpch.lineitemFile(), List.of(as(e, "x")))));
        return ((AliasExpression) p.projectList().get(0)).child();
    }

    @Test
    void foldsLiteralCastsInComparisons() {
        FilterNode filter = (FilterNode) rule.apply(RuleTestSupport.analyze(new Filter(Tpch.lineitemFile(),
                Tpch.cmp(CompareOp.LESS_THAN, col("l_quantity"), lit(24)))));
        assertThat(ExpressionPrinter.explain(filter.condition())).isEqualTo("(l_quantity#4 < 24.00)");
    }

    @Test
    void foldsDecimalArithmeticWithSparkResultTypes() {
        ResolvedExpression e = folded(minus(lit(new BigDecimal("0.06")), lit(new BigDecimal("0.01"))));
        assertThat(e).isEqualTo(ConstantExpression.of(new DecimalType(3, 2), new BigDecimal("0.05")));
        assertThat(folded(div(lit(new BigDecimal("1.0")), lit(new BigDecimal("3.00")))))
                .isEqualTo(ConstantExpression.of(new DecimalType(9, 6), new BigDecimal("0.333333")));
    }

    @Test
    void leavesArithmeticThatRaisesInTheEngineUnfolded() {
        // Spark 4's ANSI mode raises [DIVIDE_BY_ZERO] / [ARITHMETIC_OVERFLOW] when the query runs: so does the engine
        assertThat(folded(div(lit(1), lit(0)))).isInstanceOf(ArithmeticExpression.class);
        assertThat(folded(plus(lit(Integer.MAX_VALUE), lit(1)))).isInstanceOf(ArithmeticExpression.class);
        assertThat(folded(plus(lit(Integer.MAX_VALUE - 1), lit(1))))
                .isEqualTo(ConstantExpression.of(DataTypes.IntegerType, Integer.MAX_VALUE));
        assertThat(folded(Tpch.cast(lit("x"), DataTypes.IntegerType))).isNotInstanceOf(ConstantExpression.class);
        assertThat(folded(Tpch.cast(lit("12"), DataTypes.IntegerType))).isEqualTo(ConstantExpression.of(DataTypes.IntegerType, 12));
    }

    @Test
    void foldsStringToDateCasts() {
        assertThat(folded(Tpch.cast(lit("1998-12-01"), DataTypes.DateType)))
                .isEqualTo(ConstantExpression.of(DataTypes.DateType, (int) java.time.LocalDate.parse("1998-12-01").toEpochDay()));
    }

    @Test
    void foldsDateArithmeticOnLiterals() {
        java.time.LocalDate day = java.time.LocalDate.parse("1998-12-01");
        assertThat(folded(minus(lit(day), lit(90))))
                .isEqualTo(ConstantExpression.of(DataTypes.DateType, (int) day.minusDays(90).toEpochDay()));
        assertThat(folded(Tpch.fn("add_months", lit(java.time.LocalDate.parse("1994-01-31")), lit(1))))
                .isEqualTo(ConstantExpression.of(DataTypes.DateType, (int) java.time.LocalDate.parse("1994-02-28").toEpochDay()));
    }

    @Test
    void foldsTheConstantPartOfAnExpression() {
        assertThat(ExpressionPrinter.explain(folded(times(col("l_tax"), plus(lit(1), lit(2))))))
                .isEqualTo("(l_tax#7 * 3)");
    }

    @Test
    void doesNotFireWithoutConstantSubexpressions() {
        ResolvedPlan plan = RuleTestSupport.analyze(new Project(Tpch.lineitemFile(),
                List.of(as(times(col("l_tax"), col("l_discount")), "x"))));
        assertThat(rule.apply(plan)).isSameAs(plan);
    }

    @Test
    void joinConditionsAreFoldedToo() {
        ResolvedPlan plan = rule.apply(io.updraft.planner.TestQueries.analyzeForRule(
                "select * from lineitem join part on l_partkey = p_partkey and l_quantity <= 1 + 10"));
        io.updraft.planner.resolved.plan.JoinNode join = io.updraft.planner.TestQueries.find(plan,
                io.updraft.planner.resolved.plan.JoinNode.class).get(0);
        assertThat(io.updraft.planner.resolved.expr.ExpressionPrinter.explain(join.condition()))
                .endsWith("(l_quantity#4 <= 11.00))");
    }
}
