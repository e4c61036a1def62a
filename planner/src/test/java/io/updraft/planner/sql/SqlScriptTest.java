package io.updraft.planner.sql;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SqlScriptTest {
    private static List<String> texts(String script) {
        return SqlScript.split(script).stream().map(s -> s.text().strip()).toList();
    }

    @Test
    void splitsAtSemicolonsOutsideStringsNamesAndComments() {
        String script = "SET a=1;\nSELECT 'x;y', \"p;q\", `c;d` FROM t; -- a comment; still a comment\n"
                + "/* block ; /* nested ; */ still ; */ SELECT 'it\\'s;' ;;\n  ; -- only a comment\n";
        assertThat(texts(script)).containsExactly("SET a=1", "SELECT 'x;y', \"p;q\", `c;d` FROM t",
                "-- a comment; still a comment\n/* block ; /* nested ; */ still ; */ SELECT 'it\\'s;'");
    }

    @Test
    void aLastStatementWithoutASemicolonCountsAndBlanksDoNot() {
        assertThat(texts("SELECT 1")).containsExactly("SELECT 1");
        assertThat(texts("  \n -- nothing\n ; /* x */")).isEmpty();
        assertThat(texts("")).isEmpty();
    }

    @Test
    void eachStatementKnowsWhereItStartsAndKeepsThoseCoordinates() {
        List<SqlScript.Statement> statements = SqlScript.split("SELECT 1;\n\n  -- next\n  SELECT 2 +;\nSELECT 3");
        assertThat(statements).hasSize(3);
        assertThat(statements.get(1).line()).isEqualTo(4);
        assertThat(statements.get(1).column()).isEqualTo(3);
        String positioned = statements.get(1).positioned();
        assertThat(positioned.split("\n", -1)[3]).isEqualTo("  SELECT 2 +");
        assertThat(positioned).startsWith("         \n\n");
        assertThat(statements.get(2).line()).isEqualTo(5);
    }
}
