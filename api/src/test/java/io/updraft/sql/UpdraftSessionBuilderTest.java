package io.updraft.sql;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UpdraftSessionBuilderTest {

    @Test
    void localMastersGiveTheirThreadCount() {
        assertThat(UpdraftSession.Builder.parseMaster("local")).isEqualTo(1);
        assertThat(UpdraftSession.Builder.parseMaster("local[3]")).isEqualTo(3);
        assertThat(UpdraftSession.Builder.parseMaster("local[*]"))
                .isEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void otherMastersAreRejectedAtOnceSayingWhatIsSupported() {
        assertThatThrownBy(() -> UpdraftSession.builder().master("mesos://host:5050"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unsupported master 'mesos://host:5050'")
                .hasMessageContaining("\"local\", \"local[*]\" or \"local[N]\"")
                .hasMessageContaining("\"lambda\"");
        assertThat(UpdraftSession.Builder.parseMaster("lambda")).isZero();
        assertThatThrownBy(() -> UpdraftSession.builder().master("yarn")).hasMessageContaining("'yarn'");
        assertThatThrownBy(() -> UpdraftSession.builder().config("spark.master", "spark://host:7077"))
                .hasMessageContaining("'spark://host:7077'");
        assertThatThrownBy(() -> UpdraftSession.builder().master("local[0]"))
                .hasMessageContaining("local[N] needs 1 <= N <= 4096");
        assertThatThrownBy(() -> UpdraftSession.builder().master("local[99999999999]"))
                .hasMessageContaining("Invalid master 'local[99999999999]'");
        assertThatThrownBy(() -> UpdraftSession.builder().master(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void badSettingsAreRejectedWhenGiven() {
        assertThatThrownBy(() -> UpdraftSession.builder().config("spark.sql.session.timeZone", "Nowhere/Land"))
                .hasMessageContaining("Nowhere/Land");
        assertThatThrownBy(() -> UpdraftSession.builder().config(null, "x")).isInstanceOf(NullPointerException.class);
    }
}
