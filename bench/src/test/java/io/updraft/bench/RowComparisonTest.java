package io.updraft.bench;

import io.updraft.sql.Row;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Date;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RowComparisonTest {
    @Test
    void decimalsCompareExactlyByValueWhateverTheirScale() {
        assertThat(RowComparison.difference(List.of(Row.of(new BigDecimal("1.50"))),
                List.of(Row.of(new BigDecimal("1.5"))), true)).isEmpty();
        assertThat(RowComparison.difference(List.of(Row.of(new BigDecimal("1.50"))),
                List.of(Row.of(new BigDecimal("1.500000000001"))), true)).get().asString()
                .contains("row 0, column 1: expected 1.50 (BigDecimal) but got 1.500000000001 (BigDecimal)");
    }

    @Test
    void integersOfAnyWidthCompareByValue() {
        assertThat(RowComparison.valuesMatch(3, 3L)).isTrue();
        assertThat(RowComparison.valuesMatch(3L, new BigDecimal("3"))).isTrue();
        assertThat(RowComparison.valuesMatch(3L, 4)).isFalse();
    }

    @Test
    void doublesCompareWithARelativeTolerance() {
        assertThat(RowComparison.valuesMatch(25.537587116854997, 25.537587116855)).isTrue();
        assertThat(RowComparison.valuesMatch(1.0, 1.0 + 1e-12)).isTrue();
        assertThat(RowComparison.valuesMatch(1.0, 1.0001)).isFalse();
        assertThat(RowComparison.valuesMatch(0.0, 0.0)).isTrue();
        assertThat(RowComparison.valuesMatch(Double.NaN, Double.NaN)).isTrue();
    }

    @Test
    void aDecimalMatchesADoubleWhenItIsTheDoubleRoundedToItsScale() {
        assertThat(RowComparison.valuesMatch(25.537587116854997, new BigDecimal("25.537587"))).isTrue();
        assertThat(RowComparison.valuesMatch(new BigDecimal("0.050145"), 0.05014459706340077)).isTrue();
        assertThat(RowComparison.valuesMatch(new BigDecimal("25.537588"), 25.537587116854997)).isFalse();
        assertThat(RowComparison.valuesMatch(new BigDecimal("25.53"), 25.537587116854997)).isFalse();
    }

    @Test
    void otherValuesCompareWithEquals() {
        assertThat(RowComparison.valuesMatch(Date.valueOf("1998-09-02"), Date.valueOf("1998-09-02"))).isTrue();
        assertThat(RowComparison.valuesMatch("A", "a")).isFalse();
        assertThat(RowComparison.valuesMatch(null, null)).isTrue();
        assertThat(RowComparison.valuesMatch(null, "")).isFalse();
    }

    @Test
    void reportsMissingAndExtraRows() {
        assertThat(RowComparison.difference(List.of(Row.of(1), Row.of(2)), List.of(Row.of(1)), true)).get()
                .asString().isEqualTo("expected 2 rows but got 1; first missing: [2]");
        assertThat(RowComparison.difference(List.of(Row.of(1)), List.of(Row.of(1), Row.of(5)), true)).get()
                .asString().isEqualTo("expected 1 rows but got 2; first extra: [5]");
    }

    @Test
    void unorderedComparisonIgnoresRowOrderButOrderedDoesNot() {
        List<Row> expected = List.of(Row.of("b", 2), Row.of("a", 1), Row.of(null, 0));
        List<Row> actual = List.of(Row.of("a", 1L), Row.of(null, 0), Row.of("b", 2));
        assertThat(RowComparison.difference(expected, actual, false)).isEmpty();
        assertThat(RowComparison.difference(expected, actual, true)).isPresent();
    }
}
