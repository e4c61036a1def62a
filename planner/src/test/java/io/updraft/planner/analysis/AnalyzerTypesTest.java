package io.updraft.planner.analysis;

import io.updraft.core.expr.CompareOp;
import io.updraft.planner.Tpch;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.IsNotNullExpr;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.Project;
import io.updraft.planner.resolved.expr.AliasExpression;
import io.updraft.planner.resolved.expr.ArithmeticExpression;
import io.updraft.planner.resolved.expr.CastExpression;
import io.updraft.planner.resolved.expr.ComparisonExpression;
import io.updraft.planner.resolved.expr.ResolvedExpression;
import io.updraft.planner.resolved.plan.FilterNode;
import io.updraft.planner.resolved.plan.ProjectNode;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static io.updraft.planner.Tpch.col;
import static io.updraft.planner.Tpch.countStar;
import static io.updraft.planner.Tpch.div;
import static io.updraft.planner.Tpch.fn;
import static io.updraft.planner.Tpch.lit;
import static io.updraft.planner.Tpch.minus;
import static io.updraft.planner.Tpch.plus;
import static io.updraft.planner.Tpch.times;
import static org.assertj.core.api.Assertions.assertThat;

class AnalyzerTypesTest {
    private final Analyzer analyzer = new Analyzer();

    private DataType typeOf(Expression e) {
        return analyzer.analyze(new Project(Tpch.lineitem(), List.of(e))).output().get(0).dataType();
    }

    private ResolvedExpression resolvedCondition(Expression condition) {
        ResolvedPlan plan = analyzer.analyze(new Filter(Tpch.lineitem(), condition));
        return ((FilterNode) plan).condition();
    }

    @Test
    void q1ResultTypesFollowSparkDecimalRules() {
        StructType schema = analyzer.analyze(Tpch.q1Dataset()).schema();
        assertThat(schema.fieldList()).extracting(f -> f.name() + ":" + f.dataType().simpleString()).containsExactly(
                "l_returnflag:string", "l_linestatus:string", "sum_qty:decimal(25,2)", "sum_base_price:decimal(25,2)",
                "sum_disc_price:decimal(38,4)", "sum_charge:decimal(38,6)", "avg_qty:decimal(19,6)",
                "avg_price:decimal(19,6)", "avg_disc:decimal(19,6)", "count_order:bigint");
        assertThat(schema.get(9).nullable()).isFalse();
        assertThat(schema.get(2).nullable()).isTrue();
    }

    @Test
    void integerLiteralWithDecimalBecomesTheSmallestDecimal() {
        assertThat(typeOf(minus(lit(1), col("l_discount")))).isEqualTo(new DecimalType(16, 2));
        assertThat(typeOf(times(col("l_extendedprice"), minus(lit(1), col("l_discount")))))
                .isEqualTo(new DecimalType(32, 4));
        assertThat(typeOf(times(col("l_quantity"), lit(1000)))).isEqualTo(new DecimalType(20, 2));
    }

    @Test
    void integralColumnWithDecimalIsWidenedToDecimal10Or20() {
        assertThat(typeOf(plus(col("l_linenumber"), col("l_discount")))).isEqualTo(new DecimalType(16, 2));
        assertThat(typeOf(times(col("l_orderkey"), col("l_discount")))).isEqualTo(new DecimalType(36, 2));
        ArithmeticExpression sum = (ArithmeticExpression) ((AliasExpression) ((ProjectNode) analyzer.analyze(
                new Project(Tpch.lineitem(), List.of(plus(col("l_linenumber"), col("l_discount")))))).projectList().get(0)).child();
        assertThat(sum.left()).isEqualTo(new CastExpression(((CastExpression) sum.left()).child(), new DecimalType(10, 0), false));
    }

    @Test
    void decimalDivisionAndRemainderTypes() {
        assertThat(typeOf(div(col("l_extendedprice"), col("l_quantity")))).isEqualTo(new DecimalType(33, 18));
        assertThat(typeOf(new io.updraft.planner.expr.BinaryArithmetic(io.updraft.core.expr.ArithmeticOp.MOD,
                col("l_quantity"), col("l_discount")))).isEqualTo(new DecimalType(15, 2));
        assertThat(typeOf(div(lit(new BigDecimal("1.0")), lit(new BigDecimal("3.00"))))).isEqualTo(new DecimalType(9, 6));
    }

    @Test
    void integralArithmeticWidensAndDivisionIsDouble() {
        assertThat(typeOf(plus(col("l_linenumber"), col("l_orderkey")))).isEqualTo(DataTypes.LongType);
        assertThat(typeOf(plus(col("l_linenumber"), lit(1)))).isEqualTo(DataTypes.IntegerType);
        assertThat(typeOf(div(col("l_linenumber"), lit(2)))).isEqualTo(DataTypes.DoubleType);
        assertThat(typeOf(plus(col("l_orderkey"), lit(1.5)))).isEqualTo(DataTypes.DoubleType);
    }

    @Test
    void decimalWithDoubleIsDouble() {
        assertThat(typeOf(plus(col("l_discount"), lit(1.5)))).isEqualTo(DataTypes.DoubleType);
    }

    @Test
    void stringInArithmeticIsCastToBigintNextToAnIntegerElseToDouble() {
        // Spark 4's ANSI coercion ('2' * 3 is bigint); SparkSemanticsTest checks it against Spark itself
        assertThat(typeOf(plus(col("l_returnflag"), lit(1)))).isEqualTo(DataTypes.LongType);
        assertThat(typeOf(plus(col("l_returnflag"), lit(1.5)))).isEqualTo(DataTypes.DoubleType);
    }

    @Test
    void dateComparedWithStringLiteralCastsTheStringToDate() {
        ComparisonExpression c = (ComparisonExpression) resolvedCondition(
                Tpch.cmp(CompareOp.GREATER_THAN, col("l_shipdate"), lit("1998-01-01")));
        assertThat(c.left().dataType()).isEqualTo(DataTypes.DateType);
        assertThat(c.right()).isInstanceOf(CastExpression.class);
        assertThat(c.right().dataType()).isEqualTo(DataTypes.DateType);
    }

    @Test
    void stringComparedWithNumberCastsTheStringToTheNumericSide() {
        ComparisonExpression c = (ComparisonExpression) resolvedCondition(
                Tpch.cmp(CompareOp.EQUAL, col("l_returnflag"), lit(1)));
        assertThat(c.left()).isInstanceOf(CastExpression.class);
        assertThat(c.left().dataType()).isEqualTo(DataTypes.IntegerType);
        assertThat(c.right().dataType()).isEqualTo(DataTypes.IntegerType);
    }

    @Test
    void numericComparisonsWidenToACommonType() {
        ComparisonExpression ints = (ComparisonExpression) resolvedCondition(
                Tpch.cmp(CompareOp.LESS_THAN, col("l_linenumber"), col("l_orderkey")));
        assertThat(ints.left().dataType()).isEqualTo(DataTypes.LongType);
        assertThat(ints.right().dataType()).isEqualTo(DataTypes.LongType);
        ComparisonExpression decimals = (ComparisonExpression) resolvedCondition(
                Tpch.cmp(CompareOp.LESS_THAN, col("l_quantity"), lit(24)));
        assertThat(decimals.left().dataType()).isEqualTo(Tpch.MONEY);
        assertThat(decimals.right().dataType()).isEqualTo(Tpch.MONEY);
        assertThat(decimals.left()).as("the column is not cast").isNotInstanceOf(CastExpression.class);
    }

    @Test
    void aggregateResultTypes() {
        assertThat(typeOf(fn("sum", col("l_linenumber")))).isEqualTo(DataTypes.LongType);
        assertThat(typeOf(fn("avg", col("l_linenumber")))).isEqualTo(DataTypes.DoubleType);
        assertThat(typeOf(fn("mean", col("l_quantity")))).isEqualTo(new DecimalType(19, 6));
        assertThat(typeOf(fn("min", col("l_shipdate")))).isEqualTo(DataTypes.DateType);
        assertThat(typeOf(fn("max", col("l_comment")))).isEqualTo(DataTypes.StringType);
        assertThat(typeOf(fn("count", col("l_comment")))).isEqualTo(DataTypes.LongType);
        assertThat(typeOf(countStar())).isEqualTo(DataTypes.LongType);
        assertThat(typeOf(fn("sum", col("l_comment")))).isEqualTo(DataTypes.DoubleType);
    }

    @Test
    void nullabilityFollowsInputsAndOperators() {
        FileSource source = new FileSource(List.of("/t.parquet"), List.of("/t.parquet"), new StructType(List.of(
                new StructField("a", DataTypes.IntegerType, false),
                new StructField("b", DataTypes.IntegerType, true),
                new StructField("d", new DecimalType(10, 2), false))), 1, 1);
        ResolvedPlan plan = analyzer.analyze(new Project(new Filter(new FileRelation(source), new IsNotNullExpr(col("b"))),
                List.of(col("a"), col("b"), plus(col("a"), lit(1)), div(col("a"), lit(1)), plus(col("d"), lit(1)),
                        Tpch.cast(col("a"), DataTypes.LongType), Tpch.cast(col("a"), DataTypes.StringType))));
        assertThat(plan.schema().fieldList()).extracting(StructField::nullable)
                .containsExactly(false, false, false, true, true, false, false);
        assertThat(analyzer.analyze(new Project(new FileRelation(source), List.of(fn("count", col("b")), fn("sum", col("a")))))
                .schema().fieldList()).extracting(StructField::nullable).containsExactly(false, true);
    }
}
