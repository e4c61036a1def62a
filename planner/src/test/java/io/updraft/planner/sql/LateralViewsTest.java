package io.updraft.planner.sql;

import io.updraft.core.error.ParseException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LateralViewsTest {
    @Test
    void clausesAreCutOutKeepingLengthAndLinesAndRememberTheirFromItem() {
        String sql = "SELECT a, p FROM t\nLATERAL VIEW OUTER posexplode(split(s, ',')) v AS p, a\n"
                + "lateral view explode(m) w WHERE x = 'LATERAL VIEW'";
        LateralViews views = LateralViews.extract(sql);
        assertThat(views.text()).hasSize(sql.length());
        assertThat(views.text().split("\n", -1)).hasSize(3);
        assertThat(views.text()).startsWith("SELECT a, p FROM t\n").endsWith("WHERE x = 'LATERAL VIEW'")
                .doesNotContain("posexplode").doesNotContain("explode(m)");
        assertThat(views.isEmpty()).isFalse();
        // both clauses hang off "t" (line 1, column 18), in order
        LateralViews.View first = new LateralViews.View(1, 18, "posexplode(split(s, ','))", true, "v", List.of("p", "a"));
        LateralViews.View second = new LateralViews.View(1, 18, "explode(m)", false, "w", List.of());
        assertThat(views).extracting("views").asList().containsExactly(first, second);
    }

    @Test
    void multiPartAliasesAreCutOutButCteColumnListsAreNot() {
        LateralViews views = LateralViews.extract("WITH c(a, b) AS (SELECT 1, 2) SELECT explode(m) AS (k, v) FROM c");
        assertThat(views.text()).contains("WITH c(a, b) AS (SELECT 1, 2)").doesNotContain("(k, v)");
        assertThat(views).extracting("multiAliases").asList()
                .containsExactly(new LateralViews.Names(1, 47, List.of("k", "v")));
        assertThat(LateralViews.extract("SELECT 1").isEmpty()).isTrue();
    }

    @Test
    void aClauseWithoutTableAliasIsASyntaxErrorAtItsPosition() {
        assertThatThrownBy(() -> LateralViews.extract("SELECT * FROM t LATERAL VIEW explode(xs) WHERE x"))
                .isInstanceOfSatisfying(ParseException.class, e -> {
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.column()).isEqualTo(42);
                }).hasMessageContaining("expected a table alias after the generator call");
        assertThatThrownBy(() -> LateralViews.extract("SELECT * FROM t LATERAL VIEW explode xs"))
                .hasMessageContaining("expected '(' after the generator name");
    }
}
