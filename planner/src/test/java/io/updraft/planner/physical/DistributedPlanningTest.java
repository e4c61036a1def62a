package io.updraft.planner.physical;

import io.updraft.core.plan.BuildSide;
import io.updraft.core.plan.HashAggregate;
import io.updraft.core.plan.JobPlan;
import io.updraft.core.plan.Join;
import io.updraft.core.plan.JoinType;
import io.updraft.core.plan.Partitioning;
import io.updraft.core.plan.ShuffleWrite;
import io.updraft.core.plan.Stage;
import io.updraft.core.plan.StageInput;
import io.updraft.core.plan.Union;
import io.updraft.core.plan.Window;
import io.updraft.planner.DefaultQueryPlanner;
import io.updraft.planner.PlannerConfig;
import io.updraft.planner.sql.SqlFrontEnd;
import io.updraft.planner.TestQueries;
import io.updraft.planner.TpchCatalog;
import io.updraft.planner.logical.Coalesce;
import io.updraft.planner.logical.Repartition;
import io.updraft.planner.logical.LogicalPlan;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.operators;
import static io.updraft.planner.TestQueries.plan;
import static io.updraft.planner.Tpch.col;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How joins, unions, windows and repartitions become stages (2 task slots → at least 4 shuffle partitions, more
 * when the estimated input holds more than 64 MiB per partition).
 */
class DistributedPlanningTest {
    private static ShuffleWrite write(Stage stage) {
        return (ShuffleWrite) stage.root();
    }

    @Test
    void aSmallSideIsBroadcastAndReadWholeByEveryTaskOfTheScan() {
        JobPlan job = plan("select l_orderkey, n_name from lineitem join nation on l_suppkey = n_nationkey");
        assertThat(job.stages()).hasSize(2);
        assertThat(write(job.stages().get(0)).partitioning()).isEqualTo(new Partitioning.Single());
        Join join = operators(job.finalStage(), Join.class).get(0);
        assertThat(join.build()).isEqualTo(BuildSide.RIGHT);
        assertThat(join.type()).isEqualTo(JoinType.INNER);
        assertThat(join.right()).isEqualTo(new StageInput(0, write(job.stages().get(0)).schema(), true));
        assertThat(operators(job.finalStage(), io.updraft.core.plan.FileScan.class)).hasSize(1);
    }

    @Test
    void twoLargeSidesAreHashPartitionedAlikeAndJoinedPartitionByPartition() {
        JobPlan job = plan("select l_orderkey, o_orderdate from lineitem join orders on l_orderkey = o_orderkey");
        assertThat(job.stages()).hasSize(3);
        for (Stage side : job.stages().subList(0, 2)) {
            assertThat(write(side).partitioning()).isInstanceOf(Partitioning.Hash.class);
            assertThat(write(side).numPartitions()).isEqualTo(TestQueries.CONFIG.shufflePartitions());
        }
        Join join = operators(job.finalStage(), Join.class).get(0);
        assertThat(join.left()).isInstanceOf(StageInput.class);
        assertThat(((StageInput) join.left()).broadcast()).isFalse();
        assertThat(join.leftKeys()).hasSize(1);
        assertThat(job.finalStage().inputStages()).containsExactly(0, 1);
    }

    private static JobPlan planAtSf10(PlannerConfig config, String sql) {
        return new DefaultQueryPlanner(config).plan(new SqlFrontEnd().parse(sql, TpchCatalog.catalog(10)));
    }

    @Test
    void atScaleTenTheJoinsPartitionsAreSizedByItsLargerSide() {
        String sql = "select l_orderkey, o_orderdate from lineitem join orders on l_orderkey = o_orderkey";
        // lineitem's side: 60,012,150 rows x (8 + 8 bytes for l_orderkey) = 960 MB = 14.3 x 64 MiB -> 15 partitions
        JobPlan job = planAtSf10(TestQueries.CONFIG, sql);
        assertThat(job.stages().subList(0, 2)).extracting(s -> write(s).numPartitions()).containsExactly(15, 15);
        // SF 1: 96 MB -> 2, below the local minimum of 2 x slots = 4
        assertThat(plan(sql).stages().subList(0, 2)).extracting(s -> write(s).numPartitions()).containsExactly(4, 4);
        // bounded above
        JobPlan bounded = planAtSf10(TestQueries.CONFIG.withAdvisoryPartitionBytes(1L << 20, 32), sql);
        assertThat(bounded.stages().subList(0, 2)).extracting(s -> write(s).numPartitions()).containsExactly(32, 32);
    }

    @Test
    void aSetShufflePartitionCountIsUsedWhateverTheSize() {
        JobPlan job = planAtSf10(TestQueries.CONFIG.withShufflePartitions(3),
                "select o_orderkey, sum(l_quantity) from lineitem join orders on l_orderkey = o_orderkey"
                        + " group by o_orderkey");
        assertThat(job.stages()).filteredOn(s -> s.root() instanceof ShuffleWrite)
                .extracting(s -> write(s).numPartitions()).containsOnly(3);
    }

    @Test
    void aSizedAggregationOverAJoinOnItsKeysNeedsNoOtherShuffle() {
        JobPlan job = planAtSf10(TestQueries.CONFIG, "select o_orderkey, sum(l_quantity) from lineitem join orders"
                + " on l_orderkey = o_orderkey group by o_orderkey");
        assertThat(job.stages()).hasSize(3);
        assertThat(write(job.stages().get(0)).numPartitions()).isGreaterThan(TestQueries.CONFIG.shufflePartitions());
        assertThat(operators(job.finalStage(), HashAggregate.class)).extracting(HashAggregate::mode)
                .containsExactly(io.updraft.core.plan.AggregateMode.COMPLETE);
    }

    @Test
    void anAggregationOverAJoinOnItsKeysNeedsNoOtherShuffle() {
        JobPlan job = plan("select o_orderkey, sum(l_quantity) from lineitem join orders on l_orderkey = o_orderkey"
                + " group by o_orderkey");
        assertThat(job.stages()).hasSize(3);
        assertThat(operators(job.finalStage(), HashAggregate.class)).extracting(HashAggregate::mode)
                .containsExactly(io.updraft.core.plan.AggregateMode.COMPLETE);
    }

    @Test
    void joinsWithoutEqualitiesBroadcastTheBuildableSide() {
        JobPlan job = plan("select * from nation join region on n_regionkey < r_regionkey");
        Join join = operators(job.finalStage(), Join.class).get(0);
        assertThat(join.leftKeys()).isEmpty();
        assertThat(join.condition()).isNotNull();
        JobPlan cross = plan("select * from nation cross join region");
        assertThat(operators(cross.finalStage(), Join.class).get(0).type()).isEqualTo(JoinType.CROSS);
    }

    @Test
    void aFullOuterJoinWithoutKeysRunsInOneTask() {
        JobPlan job = plan("select * from nation full join region on n_regionkey < r_regionkey");
        assertThat(job.stages()).hasSize(3);
        assertThat(job.stages().subList(0, 2)).allSatisfy(s ->
                assertThat(write(s).partitioning()).isEqualTo(new Partitioning.Single()));
        assertThat(operators(job.finalStage(), Join.class).get(0).type()).isEqualTo(JoinType.FULL_OUTER);
    }

    @Test
    void unionInputsAreDealtIntoTheSamePartitionCount() {
        JobPlan job = plan("select n_name from nation union all select r_name from region");
        assertThat(job.stages()).hasSize(3);
        assertThat(job.stages().subList(0, 2)).allSatisfy(s -> {
            assertThat(write(s).partitioning()).isEqualTo(new Partitioning.RoundRobin());
            assertThat(write(s).numPartitions()).isEqualTo(4);
        });
        assertThat(job.finalStage().root()).isInstanceOf(Union.class);
    }

    @Test
    void aDistinctUnionHashPartitionsEachInputForTheAggregation() {
        JobPlan job = plan("select n_name from nation union select r_name from region");
        assertThat(job.stages()).hasSize(3);
        assertThat(job.stages().subList(0, 2)).allSatisfy(s ->
                assertThat(write(s).partitioning()).isInstanceOf(Partitioning.Hash.class));
        assertThat(operators(job.finalStage(), HashAggregate.class)).extracting(HashAggregate::mode)
                .containsExactly(io.updraft.core.plan.AggregateMode.COMPLETE);
    }

    @Test
    void windowsHashPartitionOnTheirPartitionKeys() {
        JobPlan job = plan("select n_name, rank() over (partition by n_regionkey order by n_name) from nation");
        assertThat(job.stages()).hasSize(2);
        assertThat(write(job.stages().get(0)).partitioning()).isInstanceOf(Partitioning.Hash.class);
        Window window = operators(job.finalStage(), Window.class).get(0);
        assertThat(window.partitionBy()).hasSize(1);
        assertThat(window.calls().get(0).function()).isEqualTo(io.updraft.core.plan.WindowFunction.RANK);
        assertThat(window.names()).hasSize(1);
    }

    @Test
    void repartitionAndCoalesceAreExchanges() {
        LogicalPlan nation = TpchCatalog.tables().get("nation");
        DefaultQueryPlanner planner = TestQueries.PLANNER;
        assertThat(write(planner.plan(Repartition.roundRobin(nation, 3)).stages().get(0)).numPartitions()).isEqualTo(3);
        JobPlan hashed = planner.plan(new Repartition(nation, 0, List.of(col("n_regionkey")), false));
        assertThat(write(hashed.stages().get(0)).partitioning()).isInstanceOf(Partitioning.Hash.class);
        assertThat(write(hashed.stages().get(0)).numPartitions()).isEqualTo(4);
        JobPlan ranged = planner.plan(new Repartition(nation, 2, List.of(col("n_name")), true));
        assertThat(ranged.stages()).hasSize(3);
        assertThat(ranged.stages().get(1).rangeBoundsStage()).isZero();
        JobPlan coalesced = planner.plan(new Coalesce(Repartition.roundRobin(nation, 8), 2));
        assertThat(write(coalesced.stages().get(1)).numPartitions()).isEqualTo(2);
    }

    @Test
    void groupingSetsExpandBeforeThePartialAggregation() {
        JobPlan job = plan("select n_regionkey, count(*) from nation group by rollup(n_regionkey)");
        assertThat(TestQueries.operators(job.stages().get(0), io.updraft.core.plan.Expand.class)).hasSize(1);
        assertThat(TestQueries.operators(job.stages().get(0), io.updraft.core.plan.Expand.class).get(0).projections())
                .hasSize(2);
    }
}
