package io.updraft.planner.optimizer;

import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.TestQueries;
import io.updraft.planner.Tpch;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.FileSource;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.resolved.expr.AttributeReference;
import io.updraft.planner.resolved.expr.ConstantExpression;
import io.updraft.planner.resolved.expr.Expressions;
import io.updraft.planner.resolved.expr.ScalarFunctionExpression;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.planner.sql.SqlFrontEnd;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DataTypes;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nested schema pruning over the whole optimizer (so projections have been collapsed onto the scans first): which
 * struct fields each scan reads, the rewritten field ordinals above it, and the cases that keep a column whole.
 */
class NestedSchemaPruningTest {
    private static final StructType C = struct("x", DataTypes.IntegerType, "y", DataTypes.StringType);
    private static final StructType S = struct("a", DataTypes.IntegerType, "b", DataTypes.StringType, "c", C,
            "arr", new ArrayType(struct("p", DataTypes.IntegerType, "q", DataTypes.StringType), true));
    private static final MapType M = new MapType(DataTypes.StringType, C, true);
    private static final DefaultQueryPlanner PLANNER = new DefaultQueryPlanner(TestQueries.CONFIG);

    private static StructType struct(Object... nameTypes) {
        StructType t = new StructType(List.of());
        for (int i = 0; i < nameTypes.length; i += 2) {
            t = t.add((String) nameTypes[i], (DataType) nameTypes[i + 1]);
        }
        return t;
    }

    private static LogicalPlan table(String file, StructType schema) {
        return new FileRelation(new FileSource(List.of(file), List.of(file), schema, 1_000_000, 10_000));
    }

    private static LogicalPlan parse(String sql) {
        Map<String, LogicalPlan> tables = new LinkedHashMap<>();
        tables.put("t", table("/t.parquet", struct("id", DataTypes.IntegerType, "s", S, "s2", S, "m", M)));
        tables.put("u", table("/u.parquet", struct("uid", DataTypes.IntegerType, "v", S)));
        return new SqlFrontEnd().parse(sql, Tpch.catalog(tables));
    }

    private static ResolvedPlan optimize(String sql) {
        return PLANNER.optimize(parse(sql));
    }

    /** Column name → the type its scan reads, over every scan of the plan. */
    private static Map<String, DataType> readTypes(ResolvedPlan plan) {
        Map<String, DataType> out = new LinkedHashMap<>();
        for (ScanNode s : TestQueries.find(plan, ScanNode.class)) {
            s.output().forEach(a -> out.put(a.name(), a.dataType()));
        }
        return out;
    }

    /** Every get_struct_field ordinal of the plan, with the field name it reads in its argument's type. */
    private static List<String> fieldAccesses(ResolvedPlan plan) {
        List<String> out = new ArrayList<>();
        Plans.forEach(plan, node -> Plans.expressions(node).forEach(e -> Expressions.anyMatch(e, x -> {
            if (x instanceof ScalarFunctionExpression f && f.name().equals("get_struct_field")) {
                int ordinal = (Integer) ((ConstantExpression) f.arguments().get(1)).value();
                StructType of = (StructType) f.arguments().get(0).dataType();
                out.add(of.get(ordinal).name() + "@" + ordinal + ":" + f.dataType().simpleString());
            }
            return false;
        })));
        return out;
    }

    @Test
    void aStructUsedOnlyThroughFieldsReadsThoseFieldsInFileOrder() {
        ResolvedPlan plan = optimize("select s.b, id from t where s.a > 1");
        assertThat(readTypes(plan)).containsEntry("s", struct("a", DataTypes.IntegerType, "b", DataTypes.StringType))
                .containsEntry("id", DataTypes.IntegerType);
        assertThat(fieldAccesses(plan)).containsOnly("a@0:int", "b@1:string");
        assertThat(PLANNER.explain(parse("select s.b, id from t where s.a > 1"), "formatted"))
                .contains("ReadSchema: struct<id:int,s:struct<a:int,b:string>>");
        assertThat(PLANNER.explain(parse("select s.c.y from t"), "simple"))
                .contains("ReadSchema: struct<s:struct<c:struct<y:string>>>");
    }

    @Test
    void nestedStructsKeepOnlyTheDeepFieldsAndOrdinalsFollow() {
        ResolvedPlan plan = optimize("select s.c.y, s.arr from t");
        assertThat(readTypes(plan).get("s")).isEqualTo(struct("c", struct("y", DataTypes.StringType),
                "arr", S.get(3).dataType()));
        assertThat(fieldAccesses(plan)).containsOnly("c@0:struct<y:string>", "y@0:string",
                "arr@1:array<struct<p:int,q:string>>");
        // a whole nested struct next to one of its own fields keeps that struct whole
        assertThat(readTypes(optimize("select s.c, s.c.x from t")).get("s")).isEqualTo(struct("c", C));
    }

    @Test
    void filtersAggregatesJoinsWindowsAndSortsPruneToo() {
        assertThat(readTypes(optimize("select s.c.x, count(*) from t where s.b like 'x%' group by s.c.x"))
                .get("s")).isEqualTo(struct("b", DataTypes.StringType, "c", struct("x", DataTypes.IntegerType)));
        assertThat(readTypes(optimize("select max(s.a) from t")).get("s"))
                .isEqualTo(struct("a", DataTypes.IntegerType));
        Map<String, DataType> joined = readTypes(optimize("select t.s.b, u.v.c.y from t join u on t.s.a = u.v.a"));
        assertThat(joined.get("s")).isEqualTo(struct("a", DataTypes.IntegerType, "b", DataTypes.StringType));
        assertThat(joined.get("v")).isEqualTo(struct("a", DataTypes.IntegerType,
                "c", struct("y", DataTypes.StringType)));
        assertThat(readTypes(optimize("select id, row_number() over (partition by s.a order by s.c.x) from t"
                + " order by s.b")).get("s")).isEqualTo(struct("a", DataTypes.IntegerType, "b", DataTypes.StringType,
                "c", struct("x", DataTypes.IntegerType)));
    }

    @Test
    void wholeUseKeepsTheWholeColumn() {
        assertThat(readTypes(optimize("select s, s.a from t")).get("s")).isEqualTo(S);
        assertThat(readTypes(optimize("select s.a from t where s = s2"))).containsEntry("s", S).containsEntry("s2", S);
        assertThat(readTypes(optimize("select s.a, count(*) from t group by s")).get("s")).isEqualTo(S);
        assertThat(readTypes(optimize("select s.a from t union all select v.a from u")))
                .containsEntry("s", struct("a", DataTypes.IntegerType));
        assertThat(readTypes(optimize("select s from t union all select v from u")))
                .containsEntry("s", S).containsEntry("v", S);
        assertThat(readTypes(optimize("select distinct s.a from t")).get("s")).isEqualTo(struct("a",
                DataTypes.IntegerType));
        // an alias renames the whole struct: read whole (Spark's NestedColumnAliasing would look through it)
        assertThat(readTypes(optimize("select x.a from (select named_struct('a', s.a, 'w', s) as x from t)"))
                .get("s")).isEqualTo(S);
    }

    @Test
    void nullChecksPruneOnlyNextToAFieldAccess() {
        assertThat(readTypes(optimize("select s.a from t where s is not null")).get("s"))
                .isEqualTo(struct("a", DataTypes.IntegerType));
        assertThat(readTypes(optimize("select id from t where s is null")).get("s")).isEqualTo(S);
    }

    @Test
    void mapValuesPruneThroughLookupsAndArraysAreNotPrunedThrough() {
        assertThat(readTypes(optimize("select m['k'].y from t")).get("m"))
                .isEqualTo(new MapType(DataTypes.StringType, struct("y", DataTypes.StringType), true));
        assertThat(readTypes(optimize("select map_keys(m), m['k'].y from t")).get("m")).isEqualTo(M);
        // explode(s.arr) then col.p reads the whole array of structs (no pruning inside arrays)
        assertThat(readTypes(optimize("select e.p from t lateral view explode(s.arr) x as e")).get("s"))
                .isEqualTo(struct("arr", S.get(3).dataType()));
    }

    @Test
    void theResultSchemaAndIdsStayTheSame() {
        ResolvedPlan analyzed = PLANNER.analyze(parse("select s.c, s.a as a, id from t where s.b = 'x'"));
        ResolvedPlan plan = optimize("select s.c, s.a as a, id from t where s.b = 'x'");
        assertThat(plan.output().stream().map(AttributeReference::id).toList())
                .isEqualTo(analyzed.output().stream().map(AttributeReference::id).toList());
        assertThat(plan.schema()).isEqualTo(analyzed.schema());
    }

    @Test
    void doesNotFireWithoutPrunableUseOrWhenDisabled() {
        NestedSchemaPruning rule = new NestedSchemaPruning();
        ResolvedPlan whole = optimize("select s from t");
        assertThat(rule.apply(whole)).isSameAs(whole);
        ResolvedPlan flat = TestQueries.optimize("select n_name from nation");
        assertThat(rule.apply(flat)).isSameAs(flat);
        DefaultQueryPlanner off = new DefaultQueryPlanner(TestQueries.CONFIG.withNestedSchemaPruning(false));
        assertThat(readTypes(off.optimize(parse("select s.a from t"))).get("s")).isEqualTo(S);
        assertThat(new PlannerConfig(2, 1).nestedSchemaPruning()).isTrue();
    }

    @Test
    void firesOnceOverAnAnalyzedPlanAndIsIdempotent() {
        NestedSchemaPruning rule = new NestedSchemaPruning();
        ResolvedPlan plan = new ColumnPruning().apply(new EliminateSubqueryAliases().apply(
                PLANNER.analyze(parse("select s.a from t"))));
        ResolvedPlan pruned = rule.apply(plan);
        assertThat(pruned).isNotEqualTo(plan);
        assertThat(readTypes(pruned).get("s")).isEqualTo(struct("a", DataTypes.IntegerType));
        assertThat(rule.apply(pruned)).isSameAs(pruned);
    }
}
