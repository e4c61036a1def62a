package io.updraft.sql;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UpdraftSessionTest {

    @AfterEach
    void stopDefault() {
        UpdraftSession.getDefaultSession().toJava().ifPresent(UpdraftSession::stop);
    }

    @Test
    void getOrCreateReturnsTheRunningSessionUntilItStops() {
        UpdraftSession first = UpdraftSession.builder().appName("one").master("local[2]").getOrCreate();
        UpdraftSession again = UpdraftSession.builder().appName("two").config("my.setting", "x").getOrCreate();

        assertThat(again).isSameAs(first);
        assertThat(first.appName()).isEqualTo("one");
        assertThat(first.parallelism()).isEqualTo(2);
        assertThat(first.conf().get("my.setting")).isEqualTo("x");
        assertThat(first.conf().get("spark.master")).isEqualTo("local[2]");
        assertThat(UpdraftSession.getDefaultSession().get()).isSameAs(first);

        first.stop();
        assertThat(first.isStopped()).isTrue();
        assertThat(UpdraftSession.getDefaultSession().isEmpty()).isTrue();
        UpdraftSession next = UpdraftSession.builder().master("local").getOrCreate();
        assertThat(next).isNotSameAs(first);
        assertThat(next.parallelism()).isEqualTo(1);
    }

    @Test
    void createMakesAnIndependentSessionAndCloseIsIdempotent() {
        try (UpdraftSession a = UpdraftSession.builder().master("local[1]").create();
             UpdraftSession b = UpdraftSession.builder().master("local[*]").create()) {
            assertThat(a).isNotSameAs(b);
            assertThat(b.parallelism()).isEqualTo(Runtime.getRuntime().availableProcessors());
            assertThat(UpdraftSession.getDefaultSession().isEmpty()).isTrue();
            a.close();
            a.close();
            assertThatThrownBy(() -> a.sql("SELECT 1")).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void runtimeSettingsAreValidatedOnTheSession() {
        try (UpdraftSession s = UpdraftSession.builder().master("local[1]")
                .config("spark.sql.session.timeZone", "Asia/Tokyo").create()) {
            assertThat(s.conf().get("spark.sql.session.timeZone")).isEqualTo("Asia/Tokyo");
            assertThatThrownBy(() -> s.conf().set("spark.sql.files.maxPartitionBytes", "huge"))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> s.conf().unset("spark.master"))
                    .hasMessageContaining("static config");
        }
    }

    @Test
    void localShufflePartitionsAreSizedUntilSparkSqlShufflePartitionsIsSet() {
        try (UpdraftSession s = UpdraftSession.builder().master("local[2]").create()) {
            assertThat(s.plannerConfig().shufflePartitions()).isEqualTo(4);
            assertThat(s.plannerConfig().shufflePartitionsFor(1e12)).isGreaterThan(4);
            s.conf().set(RuntimeConfig.SHUFFLE_PARTITIONS, 3);
            assertThat(s.plannerConfig().shufflePartitionsFor(1e12)).isEqualTo(3);
            assertThat(s.sql("SET spark.sql.shuffle.partitions").collectAsList().get(0).getString(1)).isEqualTo("3");
            s.conf().unset(RuntimeConfig.SHUFFLE_PARTITIONS);
            assertThat(s.plannerConfig().shufflePartitionsFor(1e12)).isGreaterThan(4);
        }
    }

    @Test
    void semiJoinReductionIsOnUntilItsSettingIsFalse() {
        try (UpdraftSession s = UpdraftSession.builder().master("local[2]").create()) {
            assertThat(s.conf().get(RuntimeConfig.SEMI_JOIN_REDUCTION)).isEqualTo("true");
            assertThat(s.plannerConfig().semiJoinReduction()).isTrue();
            s.sql("SET updraft.sql.optimizer.semiJoinReduction.enabled = false");
            assertThat(s.plannerConfig().semiJoinReduction()).isFalse();
            assertThatThrownBy(() -> s.conf().set(RuntimeConfig.SEMI_JOIN_REDUCTION, "sometimes"))
                    .hasMessage("[INVALID_CONF_VALUE.TYPE_MISMATCH] The value 'sometimes' in the config "
                            + "\"updraft.sql.optimizer.semiJoinReduction.enabled\" is invalid. It should be a/an "
                            + "'boolean' value. SQLSTATE: 22022");
            s.conf().unset(RuntimeConfig.SEMI_JOIN_REDUCTION);
            assertThat(s.plannerConfig().semiJoinReduction()).isTrue();
        }
    }
}
