package io.updraft.planner;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Shuffle partition counts: sized by the estimate in local mode, fixed once set and on Lambda. */
class PlannerConfigTest {
    private static final long MIB = 1L << 20;

    @Test
    void localCountsGrowWithTheEstimateBetweenTheMinimumAndTheBound() {
        PlannerConfig local = new PlannerConfig(2, 128 * MIB);
        assertThat(local.shufflePartitions()).isEqualTo(4);
        assertThat(local.shufflePartitionsFor(0)).isEqualTo(4);
        assertThat(local.shufflePartitionsFor(100 * MIB)).isEqualTo(4);
        assertThat(local.shufflePartitionsFor(4 * 64 * MIB + 1)).isEqualTo(5);
        assertThat(local.shufflePartitionsFor(1000 * 64 * MIB)).isEqualTo(PlannerConfig.DEFAULT_MAX_SHUFFLE_PARTITIONS);
        assertThat(local.shufflePartitionsFor(Double.POSITIVE_INFINITY))
                .isEqualTo(PlannerConfig.DEFAULT_MAX_SHUFFLE_PARTITIONS);
        assertThat(local.shufflePartitionsFor(Double.NaN)).isEqualTo(4);
        assertThat(new PlannerConfig(8, 128 * MIB).shufflePartitionsFor(100 * MIB)).isEqualTo(16);
    }

    @Test
    void aSetCountOrLambdaIsUsedForEveryExchange() {
        PlannerConfig set = new PlannerConfig(2, 128 * MIB).withShufflePartitions(3);
        assertThat(set.shufflePartitionsFor(1e15)).isEqualTo(3);
        assertThat(set.advisoryPartitionBytes()).isZero();
        assertThat(PlannerConfig.lambda().shufflePartitionsFor(1e15)).isEqualTo(PlannerConfig.LAMBDA_SHUFFLE_PARTITIONS);
        PlannerConfig sized = set.withAdvisoryPartitionBytes(MIB, 10);
        assertThat(sized.shufflePartitionsFor(5.5 * MIB)).isEqualTo(6);
        assertThat(sized.shufflePartitionsFor(1e15)).isEqualTo(10);
        assertThat(sized.withAutoBroadcastJoinThreshold(1).shufflePartitionsFor(5.5 * MIB)).isEqualTo(6);
    }

    @Test
    void theBoundIsNotBelowTheMinimum() {
        assertThatThrownBy(() -> new PlannerConfig(2, 128 * MIB).withAdvisoryPartitionBytes(MIB, 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxShufflePartitions");
        assertThatThrownBy(() -> new PlannerConfig(2, 128 * MIB).withAdvisoryPartitionBytes(-1, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("advisoryPartitionBytes");
    }
}
