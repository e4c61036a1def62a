package io.updraft.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SparkSemanticsCaseTest {
    @Test
    void parsesCasesWithTheirMarks() {
        List<SparkSemanticsCase> cases = SparkSemanticsCase.parse("""
                -- header comment
                -- case: first
                -- ordered
                select 1
                from t

                -- case: second
                -- error
                -- known: not yet
                -- a note
                select 2
                """);
        assertThat(cases).containsExactly(new SparkSemanticsCase("first", "select 1\nfrom t", true, false, null),
                new SparkSemanticsCase("second", "select 2", false, true, "not yet"));
    }

    @Test
    void parsesASessionTimeZone() {
        List<SparkSemanticsCase> cases = SparkSemanticsCase.parse("""
                -- case: in_la
                -- session time zone: America/Los_Angeles
                select hour(t) from x

                -- case: in_utc
                select 1
                """);
        assertThat(cases).containsExactly(
                new SparkSemanticsCase("in_la", "select hour(t) from x", false, false, null, "America/Los_Angeles"),
                new SparkSemanticsCase("in_utc", "select 1", false, false, null, null));
    }

    @Test
    void parsesTheShowMark() {
        List<SparkSemanticsCase> cases = SparkSemanticsCase.parse("""
                -- case: shown
                -- ordered
                -- show
                select s from x order by 1

                -- case: rows
                select 1
                """);
        assertThat(cases).containsExactly(
                new SparkSemanticsCase("shown", "select s from x order by 1", true, false, null, null, true),
                new SparkSemanticsCase("rows", "select 1", false, false, null, null, false));
    }

    @Test
    void rejectsDuplicateNamesAndEmptyCases() {
        assertThatThrownBy(() -> SparkSemanticsCase.parse("-- case: a\nselect 1\n-- case: a\nselect 2\n"))
                .hasMessageContaining("duplicate case name a");
        assertThatThrownBy(() -> SparkSemanticsCase.parse("-- case: a\n-- ordered\n"))
                .hasMessageContaining("case a has no SQL");
    }

    @Test
    void theResourceHoldsEnoughDistinctCases() {
        List<SparkSemanticsCase> cases = SparkSemanticsCase.load();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(40);
        assertThat(cases).allSatisfy(c -> assertThat(c.sql()).doesNotContain(";"));
    }

    @Test
    void errorClassIsTheFirstBracketedName() {
        assertThat(SparkSemanticsTest.errorClass("SparkArithmeticException: [DIVIDE_BY_ZERO] Division by zero."))
                .isEqualTo("DIVIDE_BY_ZERO");
        assertThat(SparkSemanticsTest.errorClass("[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION] 1 cannot ..."))
                .isEqualTo("NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION");
        assertThat(SparkSemanticsTest.errorClass("no class here")).isNull();
    }
}
