package io.updraft.planner.sql;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SparkStringLiteralsTest {
    @Test
    void unescapesAsSparkDoes() {
        assertThat(SparkStringLiterals.unescape("plain")).isEqualTo("plain");
        assertThat(SparkStringLiterals.unescape("^(\\\\w+)$")).isEqualTo("^(\\w+)$");
        assertThat(SparkStringLiterals.unescape("a\\tb\\nc\\rd\\be\\Z")).isEqualTo("a\tb\nc\rd\be\u001A");
        assertThat(SparkStringLiterals.unescape("\\u0041\\101\\0")).isEqualTo("AA\u0000");
        assertThat(SparkStringLiterals.unescape("100\\% \\_x\\y")).isEqualTo("100\\% \\_xy");
        assertThat(SparkStringLiterals.unescape("it's \\\\")).isEqualTo("it's \\");
    }

    @Test
    void sqlStringLiteralsAreUnescaped() {
        var plan = new SqlFrontEnd().parse("select 'x\\\\y' as a from lineitem", io.updraft.planner.Tpch.catalog());
        assertThat(plan.toString()).contains("x\\y").doesNotContain("x\\\\y");
    }
}
