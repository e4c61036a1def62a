package io.updraft.planner.sql;

import io.updraft.core.error.ParseException;
import io.updraft.planner.expr.Alias;
import io.updraft.planner.expr.FunctionCall;
import io.updraft.planner.expr.UnresolvedAttribute;
import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Project;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.updraft.planner.TestQueries.PLANNER;
import static io.updraft.planner.TestQueries.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Words Calcite reserves but Spark accepts as identifiers (SparkSyntax's placeholders, restored after parsing). */
class SparkIdentifierWordsTest {
    @Test
    void calciteReservesTheWordsThisTestIsAbout() {
        assertThat(SqlFrontEnd.isReservedWord("value")).isTrue();
        assertThat(SqlFrontEnd.isReservedWord("PREV")).isTrue();
        assertThat(SqlFrontEnd.isReservedWord("running")).isTrue();
        assertThat(SqlFrontEnd.isReservedWord("one")).isTrue();
        assertThat(SqlFrontEnd.isReservedWord("n_name")).isFalse();
    }

    @Test
    void reservedWordsWorkAsAliases() {
        Project p = (Project) parse("select n_nationkey as prev, n_name as Running, n_regionkey one from nation");
        assertThat(p.projectList()).extracting(e -> ((Alias) e).name()).containsExactly("prev", "Running", "one");
        assertThat(PLANNER.schema(parse("select n_nationkey as prev, n_name as running from nation")).fieldNames())
                .containsExactly("prev", "running");
    }

    @Test
    void reservedWordsWorkAsColumnTableAndQualifiedNames() {
        Project p = (Project) parse("select value.value, count from (select n_nationkey as value, n_regionkey as count"
                + " from nation) value");
        assertThat(p.projectList()).containsExactly(new UnresolvedAttribute(List.of("value", "value")),
                new UnresolvedAttribute(List.of("count")));
        assertThat(PLANNER.schema(parse("select value.value, count from (select n_nationkey as value, n_regionkey as"
                + " count from nation) value")).fieldNames()).containsExactly("value", "count");
        assertThat(PLANNER.schema(parse("with one as (select n_name as value from nation) select value from one"))
                .fieldNames()).containsExactly("value");
    }

    @Test
    void reservedWordsWorkInGroupByOrderByAndWindows() {
        assertThat(PLANNER.schema(parse("select value, count(*) as count, rank() over (order by value) as rank"
                + " from (select n_regionkey as value from nation) group by value order by value desc, count"))
                .fieldNames()).containsExactly("value", "count", "rank");
    }

    @Test
    void aFunctionCallKeepsItsName() {
        Aggregate a = (Aggregate) parse("select count(*) as count, sum (n_nationkey) sum from nation");
        assertThat(((FunctionCall) ((Alias) a.aggregateExpressions().get(0)).child()).name()).isEqualToIgnoringCase("count");
        assertThat(a.aggregateExpressions()).extracting(e -> ((Alias) e).name()).containsExactly("count", "sum");
    }

    @Test
    void syntaxErrorsStillNameTheUsersWordAndPosition() {
        ParseException e = catchThrowableOfType(ParseException.class,
                () -> parse("select n_name value value from nation"));
        assertThat(e.getMessage()).isEqualTo(
                "[PARSE_SYNTAX_ERROR] Syntax error at line 1, column 21: unexpected token 'value'. SQLSTATE: 42601");
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.column()).isEqualTo(21);
    }

    @Test
    void stringsAndQuotedNamesAreLeftAlone() {
        Project p = (Project) parse("select 'value' as `value`, n_name as prev from nation");
        assertThat(p.projectList()).extracting(e -> ((Alias) e).name()).containsExactly("value", "prev");
    }
}
