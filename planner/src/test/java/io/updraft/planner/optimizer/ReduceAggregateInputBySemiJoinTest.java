package io.updraft.planner.optimizer;

import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.JoinType;
import io.updraft.core.plan.Stage;
import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.TestQueries;
import io.updraft.planner.TpchCatalog;
import io.updraft.planner.analysis.UserFunctions;
import io.updraft.planner.expr.UserFunctionDefinition;
import io.updraft.planner.resolved.plan.AggregateNode;
import io.updraft.planner.resolved.plan.JoinNode;
import io.updraft.planner.resolved.plan.Plans;
import io.updraft.planner.resolved.plan.ResolvedPlan;
import io.updraft.planner.resolved.plan.ScanNode;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static io.updraft.planner.TestQueries.find;
import static io.updraft.planner.TestQueries.optimize;
import static io.updraft.planner.TestQueries.parse;
import static org.assertj.core.api.Assertions.assertThat;

/** Through the whole optimizer: which aggregates get their input semi joined with the keys of the other side. */
class ReduceAggregateInputBySemiJoinTest {
    /** Q17's shape with the aggregate under the given join and extra clauses. */
    private static final String AVERAGE_PER_PART =
            "(select l_partkey as k, avg(l_quantity) as a from lineitem group by l_partkey)";

    /**
     * The semi joins the rule added: LEFT SEMI joins whose build side has only ids the plan optimized without the
     * rule does not use (the rule's copies get fresh ids).
     */
    private static List<JoinNode> reductions(ResolvedPlan on, ResolvedPlan off) {
        long max = Plans.maxExpressionId(off);
        return find(on, JoinNode.class).stream().filter(j -> j.joinType() == JoinType.LEFT_SEMI)
                .filter(j -> j.right().output().stream().allMatch(a -> a.id() > max))
                .toList();
    }

    private static List<JoinNode> reductions(String sql) {
        return reductions(optimize(sql), WITHOUT.optimize(parse(sql)));
    }

    private static final DefaultQueryPlanner WITHOUT =
            new DefaultQueryPlanner(TestQueries.CONFIG.withSemiJoinReduction(false));

    private static List<String> scanned(ResolvedPlan plan) {
        return find(plan, ScanNode.class).stream().map(ScanNode::relationName).toList();
    }

    private static JoinNode onlyReduction(String sql) {
        List<JoinNode> semis = reductions(sql);
        assertThat(semis).hasSize(1);
        return semis.get(0);
    }

    @Test
    void q17FiltersLineitemByTheSelectedPartsBeforeAveraging() {
        JoinNode semi = onlyReduction(TpchCatalog.sql(17));
        assertThat(semi.left()).isInstanceOf(ScanNode.class);
        assertThat(scanned(semi.left())).containsExactly("lineitem");
        assertThat(scanned(semi.right())).containsExactly("part");
        assertThat(semi.right().output()).hasSize(1);
        assertThat(semi.hint().broadcastRight()).isTrue();
    }

    @Test
    void q17TheLineitemScanStageProbesTheBroadcastPartsBeforeItsPartialAggregate() {
        JobPlan job = TestQueries.plan(TpchCatalog.sql(17));
        List<String> stages = job.stages().stream().map(Stage::description).toList();
        assertThat(stages).anyMatch(d -> d.matches(
                "scan lineitem → read broadcast stage \\d+ → broadcast hash join → partial aggregate → hash exchange.*"));
        assertThat(stages).noneMatch(d -> d.startsWith("scan lineitem → partial aggregate"));
    }

    @Test
    void q2FiltersPartsuppAtItsScanByTheSelectedPartsOnly() {
        JoinNode semi = onlyReduction(TpchCatalog.sql(2));
        assertThat(semi.left()).isInstanceOf(ScanNode.class);
        assertThat(scanned(semi.left())).containsExactly("partsupp");
        // the cheaper key source: the part filter, not the whole partsupp-supplier-nation-region side
        assertThat(scanned(semi.right())).containsExactly("part");
    }

    @Test
    void q20FiltersLineitemByTheForestPartsItReachesThroughPartsuppsInSubquery() {
        JoinNode semi = onlyReduction(TpchCatalog.sql(20));
        assertThat(scanned(semi.left())).containsExactly("lineitem");
        assertThat(scanned(semi.right())).containsExactly("part");
        assertThat(semi.right().output()).extracting(a -> a.name()).containsExactly("p_partkey");
        assertThat(io.updraft.planner.resolved.expr.ExpressionPrinter.pretty(semi.condition()))
                .startsWith("(l_partkey = p_partkey");
    }

    @Test
    void firesForAnInnerJoinOnTheGroupingKeyUnderARenameAndAHavingFilter() {
        assertThat(scanned(onlyReduction("select p_name, q from part join (select l_partkey as k, sum(l_quantity)"
                + " as q from lineitem group by l_partkey having sum(l_quantity) > 10) x on p_partkey = k"
                + " where p_size = 15").right())).containsExactly("part");
    }

    @Test
    void firesOnTheNullSuppliedSideOfAnOuterJoinAndTheRightOfSemiAndAntiJoins() {
        assertThat(reductions("select p_name, a from part left join " + AVERAGE_PER_PART
                + " x on p_partkey = k where p_size = 15")).hasSize(1);
        assertThat(reductions("select a, p_name from " + AVERAGE_PER_PART
                + " x right join (select * from part where p_size = 15) p on p_partkey = k")).hasSize(1);
        assertThat(reductions("select p_name from part where p_size = 15 and p_partkey in"
                + " (select k from " + AVERAGE_PER_PART + " x where a > 30)")).hasSize(1);
        assertThat(reductions("select p_name from part where p_size = 15 and not exists"
                + " (select 1 from " + AVERAGE_PER_PART + " x where k = p_partkey and a > 30)")).hasSize(1);
    }

    @Test
    void notOnThePreservedSideOfAnOuterJoinNorTheLeftOfAnAntiJoin() {
        assertThat(reductions("select k, a, p_name from " + AVERAGE_PER_PART
                + " x left join part on p_partkey = k and p_size = 15")).isEmpty();
        assertThat(reductions("select k, a, p_name from " + AVERAGE_PER_PART
                + " x full join (select * from part where p_size = 15) p on p_partkey = k")).isEmpty();
        assertThat(reductions("select k, a from " + AVERAGE_PER_PART
                + " x where not exists (select 1 from part where p_partkey = k and p_size = 15)")).isEmpty();
    }

    @Test
    void notForAGlobalAggregate() {
        assertThat(reductions("select p_name from part, (select max(l_partkey) as m from lineitem) x"
                + " where p_partkey = m and p_size = 15")).isEmpty();
    }

    @Test
    void notWhenTheJoinIsNotOnAGroupingKey() {
        assertThat(reductions("select p_name from part join (select l_partkey, max(l_suppkey) as m"
                + " from lineitem group by l_partkey) x on p_partkey = m where p_size = 15")).isEmpty();
    }

    @Test
    void notForANullSafeEquality() {
        assertThat(reductions("select p_name, a from part join " + AVERAGE_PER_PART
                + " x on p_partkey <=> k where p_size = 15")).isEmpty();
    }

    @Test
    void notWhenTheOtherSideIsUnfilteredOrKeepsMostOfItsTable() {
        assertThat(reductions("select p_name, a from part join " + AVERAGE_PER_PART
                + " x on p_partkey = k")).isEmpty();
        assertThat(reductions("select p_name, a from part join " + AVERAGE_PER_PART
                + " x on p_partkey = k where p_size <> 15")).isEmpty();
    }

    @Test
    void notWhenTheOtherSideIsEstimatedAtAsManyRowsAsTheGroups() {
        // orders filtered to a tenth (150 K rows) against lineitem grouped by l_orderkey (600 K estimated groups)
        // fires; against the same aggregate over a filtered tenth of lineitem (60 K groups) it does not
        assertThat(reductions("select o_orderdate, q from orders join (select l_orderkey, sum(l_quantity)"
                + " as q from lineitem group by l_orderkey) x on o_orderkey = l_orderkey"
                + " where o_orderstatus = 'F'")).hasSize(1);
        assertThat(reductions("select o_orderdate, q from orders join (select l_orderkey, sum(l_quantity)"
                + " as q from lineitem where l_returnflag = 'R' group by l_orderkey) x on o_orderkey = l_orderkey"
                + " where o_orderstatus = 'F'")).isEmpty();
    }

    @Test
    void notWhenComputingTheKeysAgainReadsMoreThanTheAggregatesInput() {
        // a few lineitem rows (6 M read) against parts grouped by key (200 K read)
        assertThat(reductions("select p_partkey, x.c from (select p_partkey, count(*) as c from part"
                + " group by p_partkey) x join lineitem on l_partkey = p_partkey where l_shipdate = date '1995-01-01'"
                + " and l_quantity = 1 and l_discount = 0.05")).isEmpty();
        // the same few rows of part against lineitem grouped by part key fire
        assertThat(reductions("select p_partkey, x.c from (select l_partkey, count(*) as c from lineitem"
                + " group by l_partkey) x join part on l_partkey = p_partkey where p_size = 15 and p_brand = 'B'"
                + " and p_container = 'C'")).hasSize(1);
    }

    @Test
    void notWhenTheAggregateInputIsNotDeterministic() {
        UserFunctionDefinition random = new UserFunctionDefinition(UserFunctionDefinition.Kind.SCALAR, "rnd",
                "opaque", DataTypes.IntegerType, true, false, 0, null, null);
        String sql = "select p_name, q from part join (select l_partkey, sum(l_quantity) as q from lineitem"
                + " where rnd() > 3 group by l_partkey) x on p_partkey = l_partkey where p_size = 15";
        for (boolean deterministic : new boolean[] {false, true}) {
            UserFunctionDefinition f = random.withDeterministic(deterministic);
            UserFunctions functions = name -> name.equalsIgnoreCase("rnd") ? Optional.of(f) : Optional.empty();
            ResolvedPlan on = new DefaultQueryPlanner(TestQueries.CONFIG, functions).optimize(parse(sql));
            ResolvedPlan off = new DefaultQueryPlanner(TestQueries.CONFIG.withSemiJoinReduction(false), functions)
                    .optimize(parse(sql));
            assertThat(reductions(on, off)).as("deterministic %s", deterministic).hasSize(deterministic ? 1 : 0);
        }
    }

    @Test
    void offWithTheSettingOrWithoutBroadcasts() {
        for (PlannerConfig config : List.of(TestQueries.CONFIG.withSemiJoinReduction(false),
                TestQueries.CONFIG.withAutoBroadcastJoinThreshold(-1))) {
            ResolvedPlan off = new DefaultQueryPlanner(config.withSemiJoinReduction(false))
                    .optimize(parse(TpchCatalog.sql(17)));
            assertThat(new DefaultQueryPlanner(config).optimize(parse(TpchCatalog.sql(17)))).isEqualTo(off);
        }
    }

    @Test
    void q2Q17AndQ20AreStillReducedAtScaleFactorTen() {
        io.updraft.planner.catalog.Catalog sf10 = TpchCatalog.catalog(10);
        DefaultQueryPlanner without = new DefaultQueryPlanner(TestQueries.CONFIG.withSemiJoinReduction(false));
        for (int q : new int[] {2, 17, 20}) {
            var plan = new io.updraft.planner.sql.SqlFrontEnd().parse(TpchCatalog.sql(q), sf10);
            assertThat(reductions(TestQueries.PLANNER.optimize(plan), without.optimize(plan))).as("Q%d", q).hasSize(1);
        }
    }

    @Test
    void whichTpchQueriesItReduces() {
        List<Integer> reduced = new java.util.ArrayList<>();
        for (int q = 1; q <= 22; q++) {
            if (!reductions(TpchCatalog.sql(q)).isEmpty()) {
                reduced.add(q);
            }
        }
        assertThat(reduced).containsExactly(2, 17, 20);
    }
}
