package io.updraft.planner.sql;

import io.updraft.core.expr.CompareOp;
import io.updraft.core.expr.Literal;
import io.updraft.planner.expr.BinaryComparison;
import io.updraft.planner.expr.Exists;
import io.updraft.planner.expr.Expression;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.GroupingSets;
import io.updraft.planner.expr.InSubquery;
import io.updraft.planner.expr.LiteralValue;
import io.updraft.planner.expr.LogicalNot;
import io.updraft.planner.expr.ScalarSubquery;
import io.updraft.planner.expr.WindowExpr;
import io.updraft.core.plan.WindowFrame;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Distinct;
import io.updraft.planner.logical.Except;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Intersect;
import io.updraft.planner.logical.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.logical.Union;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.analyze;
import static io.updraft.planner.TestQueries.parse;
import static org.assertj.core.api.Assertions.assertThat;

class SqlFeaturesTest {
    private static Expression firstItem(String sql) {
        LogicalPlan plan = parse(sql);
        List<Expression> items = plan instanceof Project p ? p.projectList() : ((Aggregate) plan).aggregateExpressions();
        return items.get(0);
    }

    private static Join join(String sql) {
        return (Join) ((Project) parse(sql)).child();
    }

    @Test
    void castsNameSparksSmallFloatAndBinaryTypes() {
        assertThat(analyze("select cast(n_nationkey as tinyint) a, cast(n_nationkey as smallint) b, "
                + "cast(n_nationkey as float) c, cast(n_nationkey as real) d, cast(n_nationkey as double) e, "
                + "cast(n_name as binary) f, cast(cast(n_name as binary) as string) g from nation").schema().fieldList()
                .stream().map(f -> f.dataType().simpleString()).toList())
                .containsExactly("tinyint", "smallint", "float", "float", "double", "binary", "string");
    }

    @Test
    void joinTypesAndConditions() {
        assertThat(join("select * from nation join region on n_regionkey = r_regionkey").joinType()).isEqualTo(JoinType.INNER);
        assertThat(join("select * from nation left outer join region on n_regionkey = r_regionkey").joinType())
                .isEqualTo(JoinType.LEFT_OUTER);
        assertThat(join("select * from nation right join region on n_regionkey = r_regionkey").joinType())
                .isEqualTo(JoinType.RIGHT_OUTER);
        assertThat(join("select * from nation full join region on n_regionkey = r_regionkey").joinType())
                .isEqualTo(JoinType.FULL_OUTER);
        assertThat(join("select * from nation cross join region").joinType()).isEqualTo(JoinType.CROSS);
        assertThat(join("select * from nation left semi join region on n_regionkey = r_regionkey").joinType())
                .isEqualTo(JoinType.LEFT_SEMI);
        assertThat(join("select * from nation left anti join region on n_regionkey = r_regionkey").joinType())
                .isEqualTo(JoinType.LEFT_ANTI);
        assertThat(join("select * from nation semi join region on n_regionkey = r_regionkey").joinType())
                .isEqualTo(JoinType.LEFT_SEMI);
        Join comma = join("select * from nation, region");
        assertThat(comma.joinType()).isEqualTo(JoinType.INNER);
        assertThat(comma.condition()).isNull();
        assertThat(join("select * from nation a join nation b using (n_nationkey, n_name)").usingColumns())
                .containsExactly("n_nationkey", "n_name");
        assertThat(join("select * from nation natural join nation").natural()).isTrue();
    }

    @Test
    void qualifiedStarsExpandOneSide() {
        assertThat(analyze("select r.*, n.n_name from nation n join region r on n.n_regionkey = r.r_regionkey")
                .schema().fieldNames()).containsExactly("r_regionkey", "r_name", "r_comment", "n_name");
    }

    @Test
    void setOperations() {
        assertThat(parse("select n_name from nation union all select r_name from region")).isInstanceOf(Union.class);
        assertThat(parse("select n_name from nation union select r_name from region")).isInstanceOf(Distinct.class);
        assertThat(((Intersect) parse("select n_name from nation intersect all select r_name from region")).all()).isTrue();
        assertThat(((Except) parse("select n_name from nation except select r_name from region")).all()).isFalse();
        Sort sort = (Sort) ((Limit) parse("select n_name as x from nation union all select r_name from region"
                + " order by 1 desc limit 3")).child();
        assertThat(sort.order().get(0).child().sql()).isEqualTo("x");
        assertThat(sort.child()).isInstanceOf(Union.class);
    }

    @Test
    void commonTableExpressionsAreInlinedUnderTheirNames() {
        LogicalPlan plan = parse("with t (a, b) as (select n_nationkey, n_name from nation), u as (select a from t)"
                + " select * from u");
        SubqueryAlias u = (SubqueryAlias) ((Project) plan).child();
        assertThat(u.alias()).isEqualTo("u");
        SubqueryAlias t = (SubqueryAlias) ((Project) u.child()).child();
        assertThat(t.alias()).isEqualTo("t");
        assertThat(t.columnNames()).containsExactly("a", "b");
        assertThat(analyze("with t (a, b) as (select n_nationkey, n_name from nation) select b from t where a = 1")
                .schema().fieldNames()).containsExactly("b");
    }

    @Test
    void subqueryExpressions() {
        Filter where = (Filter) ((Project) parse("select n_name from nation where n_regionkey in (select r_regionkey"
                + " from region) and not exists (select * from region where r_regionkey = n_regionkey)"
                + " and n_nationkey > (select min(r_regionkey) from region)")).child();
        String sql = where.condition().sql();
        assertThat(sql).contains("IN (listquery())", "(NOT exists())", "scalarsubquery()");
        Expression in = ((io.updraft.planner.expr.LogicalAnd) ((io.updraft.planner.expr.LogicalAnd) where.condition())
                .left()).left();
        assertThat(in).isInstanceOf(InSubquery.class);
        Expression notIn = ((Filter) ((Project) parse("select n_name from nation where (n_regionkey, n_name) not in"
                + " (select r_regionkey, r_name from region)")).child()).condition();
        assertThat(((InSubquery) ((LogicalNot) notIn).child()).values()).hasSize(2);
        assertThat(firstItem("select (select max(r_name) from region) from nation")).isInstanceOf(ScalarSubquery.class);
        assertThat(((Filter) ((Project) parse("select * from nation where exists (select 1 from region)")).child())
                .condition()).isInstanceOf(Exists.class);
    }

    @Test
    void windowFunctionsWithFramesAndNamedWindows() {
        WindowExpr w = (WindowExpr) firstItem("select sum(n_nationkey) over (partition by n_regionkey order by n_name"
                + " rows between unbounded preceding and 1 following) from nation");
        assertThat(w.frame()).isEqualTo(WindowFrame.rows(WindowFrame.UNBOUNDED_PRECEDING, 1));
        assertThat(w.partitionBy()).hasSize(1);
        WindowExpr named = (WindowExpr) firstItem("select rank() over w from nation window w as (partition by"
                + " n_regionkey order by n_name desc)");
        assertThat(named.orderBy().get(0).ascending()).isFalse();
        WindowExpr refined = (WindowExpr) firstItem("select sum(n_nationkey) over (w order by n_name range between"
                + " current row and unbounded following) from nation window w as (partition by n_regionkey)");
        assertThat(refined.partitionBy()).hasSize(1);
        assertThat(refined.frame()).isEqualTo(WindowFrame.range(0, WindowFrame.UNBOUNDED_FOLLOWING));
        assertThat(parse("select n_name, count(*) over () from nation")).isInstanceOf(Project.class);
    }

    @Test
    void aggregateFilterAndDistinct() {
        FunctionCall f = (FunctionCall) firstItem("select count(*) filter (where n_nationkey > 3) from nation");
        assertThat(f.filter()).isNotNull();
        assertThat(f.sql()).isEqualTo("count(1) FILTER (WHERE (n_nationkey > 3))");
        assertThat(((FunctionCall) firstItem("select count(distinct n_name) from nation")).distinct()).isTrue();
        assertThat(parse("select distinct n_regionkey from nation")).isInstanceOf(Distinct.class);
    }

    @Test
    void groupingAnalytics() {
        Aggregate rollup = (Aggregate) parse("select n_regionkey, count(*) from nation group by rollup(n_regionkey, n_name)");
        assertThat(((GroupingSets) rollup.groupingExpressions().get(0)).sets()).hasSize(3);
        Aggregate cube = (Aggregate) parse("select count(*) from nation group by cube(n_regionkey, n_name)");
        assertThat(((GroupingSets) cube.groupingExpressions().get(0)).sets()).hasSize(4);
        Aggregate sets = (Aggregate) parse("select count(*) from nation group by grouping sets ((n_regionkey, n_name),"
                + " (n_name), ())");
        assertThat(((GroupingSets) sets.groupingExpressions().get(0)).sets()).extracting(List::size)
                .containsExactly(2, 1, 0);
    }

    @Test
    void sparkOperatorsAndLiterals() {
        assertThat(firstItem("select n_nationkey div 2 from nation").sql()).isEqualTo("(n_nationkey div 2)");
        assertThat(firstItem("select n_nationkey/2 from nation").sql()).isEqualTo("(n_nationkey / 2)");
        assertThat(((BinaryComparison) firstItem("select n_nationkey <=> 2 from nation")).op())
                .isEqualTo(CompareOp.EQUAL_NULL_SAFE);
        assertThat(((BinaryComparison) firstItem("select n_nationkey == 2 from nation")).op()).isEqualTo(CompareOp.EQUAL);
        assertThat(((FunctionCall) firstItem("select n_name rlike '^A' from nation")).name()).isEqualTo("rlike");
        assertThat(((LiteralValue) firstItem("select 2L from nation")).literal()).isEqualTo(Literal.of(2L));
        assertThat(((LiteralValue) firstItem("select 1.5D from nation")).literal().dataType()).isEqualTo(DataTypes.DoubleType);
        assertThat(((FunctionCall) firstItem("select first(n_name, true) from nation")).arguments()).hasSize(2);
        assertThat(firstItem("select date '1995-01-31' + interval 1 month from nation").sql())
                .isEqualTo("DATE '1995-02-28'");
        assertThat(firstItem("select n_name || 'x' from nation").sql()).isEqualTo("concat(n_name, x)");
        assertThat(firstItem("select 'div' from nation").sql()).isEqualTo("div");
    }

    @Test
    void subqueriesInFromWithColumnAliases() {
        assertThat(analyze("select k, n from (select n_nationkey, n_name from nation) as t (k, n) where k = 1")
                .schema().fieldNames()).containsExactly("k", "n");
    }

    @Test
    void broadcastHintsMarkTheNamedRelation() {
        Join join = join("select /*+ BROADCAST(o) */ * from lineitem l join orders o on l_orderkey = o_orderkey");
        assertThat(join.right()).isInstanceOf(io.updraft.planner.logical.Hint.class);
        assertThat(join.left()).isInstanceOf(SubqueryAlias.class);
        io.updraft.core.plan.JobPlan job = io.updraft.planner.TestQueries.plan(
                "select /*+ MAPJOIN(orders) */ l_orderkey from lineitem join orders on l_orderkey = o_orderkey");
        assertThat(job.stages()).hasSize(2);
        assertThat(join("select /*+ REPARTITION(4) */ * from nation join region on n_regionkey = r_regionkey").right())
                .isInstanceOf(SubqueryAlias.class);
    }
}
