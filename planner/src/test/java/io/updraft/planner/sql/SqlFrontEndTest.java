package io.updraft.planner.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ErrorType;
import io.updraft.core.error.ParseException;
import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Literal;
import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.Tpch;
import io.updraft.planner.analysis.Analyzer;
import io.updraft.planner.expr.BinaryComparison;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.SortOrderExpr;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.optimizer.Optimizer;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static io.updraft.planner.Tpch.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SqlFrontEndTest {
    private final SqlFrontEnd sql = new SqlFrontEnd();
    private final Analyzer analyzer = new Analyzer();

    private LogicalPlan parse(String text) {
        return sql.parse(text, Tpch.catalog());
    }

    private static Literal date(String text) {
        return new Literal(DataTypes.DateType, (int) LocalDate.parse(text).toEpochDay());
    }

    @Test
    void q1TextEqualsTheDatasetPlanAfterAnalysis() {
        assertThat(analyzer.analyze(parse(Tpch.Q1))).isEqualTo(analyzer.analyze(Tpch.q1Dataset()));
        assertThat(parse(Tpch.Q1)).as("even before analysis").isEqualTo(Tpch.q1Dataset());
    }

    @Test
    void q6TextEqualsTheDatasetPlanAfterAnalysis() {
        assertThat(analyzer.analyze(parse(Tpch.Q6))).isEqualTo(analyzer.analyze(Tpch.q6Dataset()));
        Optimizer optimizer = new Optimizer();
        assertThat(optimizer.optimize(analyzer.analyze(parse(Tpch.Q6))))
                .isEqualTo(optimizer.optimize(analyzer.analyze(Tpch.q6Dataset())));
    }

    @Test
    void q1AndQ6PlanIntoStages() {
        DefaultQueryPlanner planner = new DefaultQueryPlanner(PlannerConfig.DEFAULT);
        assertThat(planner.plan(parse(Tpch.Q1)).stages()).hasSize(3);
        assertThat(planner.plan(parse(Tpch.Q6)).resultSchema().fieldNames()).containsExactly("revenue");
    }

    @Test
    void dateIntervalArithmeticIsFoldedIntoDateLiterals() {
        Filter where = (Filter) ((Project) parse("select l_orderkey from lineitem where l_shipdate < date '1998-12-01'"
                + " - interval '90' day and l_shipdate >= date '1994-01-31' + interval '1' month"
                + " and l_commitdate > date '1994-01-01' + interval '1' year - interval '2' week")).child();
        assertThat(where.condition().sql()).isEqualTo("(((l_shipdate < DATE '1998-09-02') AND (l_shipdate >= DATE '1994-02-28'))"
                + " AND (l_commitdate > DATE '1994-12-18'))");
    }

    @Test
    void intervalArithmeticOnAColumnBecomesADateFunction() {
        Project p = (Project) parse("select l_shipdate + interval '3' day as d, l_shipdate - interval '1' month as m from lineitem");
        assertThat(p.projectList()).extracting(e -> e.sql()).containsExactly("d", "m");
        assertThat(analyzer.analyze(p).schema().fieldList()).allMatch(f -> f.dataType().equals(DataTypes.DateType));
        assertThat(((io.updraft.planner.expr.Alias) p.projectList().get(1)).child())
                .isEqualTo(new FunctionCall("add_months", List.of(col("l_shipdate"), new LiteralValue(Literal.of(-1))), false));
    }

    @Test
    void literalsAreTypedAsSpark() {
        Project p = (Project) parse("select 1, 2147483648, 0.06, 1.5e3, 'it\\'s', \"dq\", true, null, -5, date '1998-1-2'"
                + " from lineitem");
        assertThat(p.projectList()).extracting(e -> ((LiteralValue) e).literal()).containsExactly(
                Literal.of(1), Literal.of(2147483648L), new Literal(new io.updraft.sql.types.DecimalType(2, 2),
                        new java.math.BigDecimal("0.06")), Literal.of(1500.0), Literal.of("it's"), Literal.of("dq"),
                Literal.of(true), Literal.nullOf(DataTypes.NullType), Literal.of(-5), date("1998-01-02"));
    }

    @Test
    void orderByAcceptsAliasesPositionsAndNullOrdering() {
        Sort sort = (Sort) parse("select l_returnflag as f, sum(l_quantity) as q from lineitem group by l_returnflag"
                + " order by 2 desc, f, l_returnflag desc nulls first, 1 asc nulls last");
        assertThat(sort.order()).containsExactly(
                new SortOrderExpr(new UnresolvedAttribute(List.of("q")), false, false),
                new SortOrderExpr(col("f"), true, true),
                new SortOrderExpr(col("l_returnflag"), false, true),
                new SortOrderExpr(new UnresolvedAttribute(List.of("f")), true, false));
        assertThat(analyzer.analyze(sort).schema().fieldNames()).containsExactly("f", "q");
    }

    @Test
    void groupByPositionRefersToTheSelectList() {
        Aggregate agg = (Aggregate) parse("select l_returnflag, upper(l_linestatus) s, count(*) from lineitem group by 1, 2");
        assertThat(agg.groupingExpressions()).containsExactly(col("l_returnflag"),
                new FunctionCall("upper", List.of(col("l_linestatus")), false));
        assertThat(analyzer.analyze(agg).schema().fieldNames()).containsExactly("l_returnflag", "s", "count(1)");
    }

    @Test
    void positionsOutOfRangeAreErrors() {
        assertThat(catchThrowableOfType(AnalysisException.class, () -> parse("select l_tax from lineitem order by 2"))
                .getMessage()).startsWith("[ORDER_BY_POS_OUT_OF_RANGE] ORDER BY position 2 is not in select list (valid range is [1, 1])");
        assertThat(catchThrowableOfType(AnalysisException.class,
                () -> parse("select sum(l_tax) from lineitem group by 1")).getMessage()).startsWith("[GROUP_BY_POS_AGGREGATE]");
    }

    @Test
    void limitAndOffset() {
        Limit limit = (Limit) parse("SELECT * FROM lineitem LIMIT 5 OFFSET 2");
        assertThat(limit.limit()).isEqualTo(5);
        assertThat(limit.offset()).isEqualTo(2);
        assertThat(((Project) limit.child()).projectList()).containsExactly(Tpch.star());
    }

    @Test
    void havingFiltersTheAggregate() {
        LogicalPlan plan = parse("select l_returnflag, count(*) as n from lineitem group by l_returnflag"
                + " having sum(l_quantity) > 100 and n > 1");
        assertThat(plan).isInstanceOf(Filter.class);
        assertThat(analyzer.analyze(plan).schema().fieldNames()).containsExactly("l_returnflag", "n");
    }

    @Test
    void predicatesOfTheUsualForms() {
        LogicalPlan plan = parse("select l_orderkey from lineitem where l_shipmode in ('MAIL', 'SHIP')"
                + " and l_returnflag not in ('A') and l_comment like '%special%' and l_comment not like 'x%'"
                + " and l_tax <> 0 and l_tax != 1 and l_discount is not null and not (l_quantity between 1 and 2)"
                + " and case when l_tax > 0 then true else false end and extract(year from l_shipdate) = 1995"
                + " and cast(l_linenumber as bigint) = 1 and l_quantity % 2 = 0");
        assertThat(analyzer.analyze(plan).schema().fieldNames()).containsExactly("l_orderkey");
        Filter filter = (Filter) ((Project) plan).child();
        assertThat(filter.condition().sql()).contains("(l_shipmode IN (MAIL, SHIP))", "(NOT (l_returnflag IN (A)))",
                "like(l_comment, %special%)", "(NOT (l_tax = 0))", "(NOT (l_quantity BETWEEN 1 AND 2))", "year(l_shipdate)");
    }

    @Test
    void tableAliasesQualifyColumns() {
        LogicalPlan plan = parse("select L.l_quantity from LINEITEM as l where l.l_tax > 0");
        assertThat(((Filter) ((Project) plan).child()).child())
                .isEqualTo(new SubqueryAlias("l", new SubqueryAlias("LINEITEM", Tpch.lineitemFile())));
        assertThat(analyzer.analyze(plan).schema().fieldNames()).containsExactly("l_quantity");
    }

    @Test
    void subqueriesInFromAreRelations() {
        LogicalPlan plan = parse("select x from (select l_quantity as x from lineitem) t where t.x > 1");
        assertThat(analyzer.analyze(plan).schema().fieldNames()).containsExactly("x");
    }

    @Test
    void keywordsAreCaseInsensitiveAndBackticksQuoteIdentifiers() {
        LogicalPlan plan = parse("SeLeCt `l_quantity` AS `my col` FrOm lineitem WHERE l_tax > 0;");
        assertThat(analyzer.analyze(plan).schema().fieldNames()).containsExactly("my col");
    }

    @Test
    void unknownTableNamesTheClosestRegisteredOnes() {
        AnalysisException e = catchThrowableOfType(AnalysisException.class, () -> parse("select * from lineitems"));
        assertThat(e.type()).isEqualTo(ErrorType.USER);
        assertThat(e.getMessage()).startsWith("[TABLE_OR_VIEW_NOT_FOUND] The table or view `lineitems` cannot be found.")
                .contains("Did you mean one of the following? [`lineitem`]");
    }

    @Test
    void syntaxErrorsNameLineColumnAndToken() {
        ParseException e = catchThrowableOfType(ParseException.class, () -> parse("SELECT l_tax FORM lineitem"));
        assertThat(e.getMessage()).isEqualTo(
                "[PARSE_SYNTAX_ERROR] Syntax error at line 1, column 19: unexpected token 'lineitem'. SQLSTATE: 42601");
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.column()).isEqualTo(19);
        assertThat(e.type()).isEqualTo(ErrorType.USER);

        ParseException multiLine = catchThrowableOfType(ParseException.class,
                () -> parse("select l_tax,\n  l_discount\nfrom lineitem\nwhere l_tax >> 1"));
        assertThat(multiLine.line()).isEqualTo(4);
        assertThat(multiLine.getMessage()).contains("line 4, column");

        ParseException end = catchThrowableOfType(ParseException.class, () -> parse("select l_tax from lineitem where"));
        assertThat(end.getMessage()).contains("unexpected end of input");

        ParseException misspelledKeyword = catchThrowableOfType(ParseException.class,
                () -> parse("selec l_tax from lineitem"));
        assertThat(misspelledKeyword.getMessage()).isEqualTo(
                "[PARSE_SYNTAX_ERROR] Syntax error at line 1, column 1: unexpected token 'selec'. SQLSTATE: 42601");
    }

    @Test
    void unsupportedConstructsSaySoWithTheirPosition() {
        AnalysisException values = catchThrowableOfType(AnalysisException.class,
                () -> parse("select * from lineitem where l_tax in (select * from (values (1)) as v(x))"));
        assertThat(values.getMessage()).startsWith("[UNSUPPORTED_FEATURE]").contains("line 1, column");
    }

    @Test
    void selectWithAggregatesButNoGroupByIsAGlobalAggregate() {
        assertThat(parse("select count(*) from lineitem")).isEqualTo(new Aggregate(
                new SubqueryAlias("lineitem", Tpch.lineitemFile()), List.of(), List.of(Tpch.countStar())));
        assertThat(parse("select l_tax from lineitem where l_tax = 1")).isInstanceOf(Project.class);
        assertThat(((Filter) ((Project) parse("select l_tax from lineitem where l_tax = 1")).child()).condition())
                .isEqualTo(new BinaryComparison(CompareOp.EQUAL, col("l_tax"), new LiteralValue(Literal.of(1))));
    }
}
