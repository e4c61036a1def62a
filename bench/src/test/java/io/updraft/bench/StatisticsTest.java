package io.updraft.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class StatisticsTest {
    @Test
    void medianOfOddAndEvenCountsIgnoresOrder() {
        assertThat(Statistics.median(List.of(30.0, 10.0, 20.0))).isEqualTo(20.0);
        assertThat(Statistics.median(List.of(40.0, 10.0, 30.0, 20.0))).isEqualTo(25.0);
        assertThat(Statistics.median(List.of(7.0))).isEqualTo(7.0);
        assertThat(Statistics.median(List.of())).isNaN();
    }

    @Test
    void geometricMeanOfRatios() {
        assertThat(Statistics.geometricMean(List.of(2.0, 8.0))).isCloseTo(4.0, within(1e-12));
        assertThat(Statistics.geometricMean(List.of(0.5, 2.0))).isCloseTo(1.0, within(1e-12));
        assertThat(Statistics.geometricMean(List.of(3.0))).isCloseTo(3.0, within(1e-12));
        assertThat(Statistics.geometricMean(List.of())).isNaN();
    }

    @Test
    void geometricMeanRejectsZeroNegativeAndNaN() {
        assertThatThrownBy(() -> Statistics.geometricMean(List.of(1.0, 0.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0.0");
        assertThatThrownBy(() -> Statistics.geometricMean(List.of(-1.0))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Statistics.geometricMean(List.of(Double.NaN))).isInstanceOf(IllegalArgumentException.class);
    }
}
