package io.updraft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code updraft sql} running scripts of several statements: -e, -f FILE, standard input, --conf, errors. */
class SqlScriptsTest {
    @TempDir
    Path dir;

    @Test
    void aScriptCreatesATableInsertsAndPrintsEachQuerysResult() throws Exception {
        Path t = dir.resolve("t");
        Path script = Files.writeString(dir.resolve("job.sql"), """
                -- a nightly job; this comment has a ; in it
                CREATE TABLE t USING parquet LOCATION '%s' AS SELECT 1 AS a, 'x;y' AS b;
                INSERT INTO t SELECT 2, 'it\\'s';   /* a ; inside a comment */
                SET spark.sql.shuffle.partitions;
                SELECT a, b FROM t ORDER BY a;
                SHOW TABLES;
                """.formatted(t));
        CliRun run = CliRun.of("sql", "--master", "local[2]", "--conf", "spark.sql.shuffle.partitions=3",
                "-f", script.toString());
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo("""
                +----------------------------+-----+
                |key                         |value|
                +----------------------------+-----+
                |spark.sql.shuffle.partitions|3    |
                +----------------------------+-----+

                +---+----+
                |a  |b   |
                +---+----+
                |1  |x;y |
                |2  |it's|
                +---+----+

                +---------+---------+-----------+
                |namespace|tableName|isTemporary|
                +---------+---------+-----------+
                |default  |t        |false      |
                +---------+---------+-----------+
                """);
        assertThat(Files.exists(t.resolve("_SUCCESS"))).isTrue();
    }

    @Test
    void dashEAndCsvPrintEveryResultSeparatedByAnEmptyLine() {
        CliRun run = CliRun.of("sql", "--master", "local[1]", "--format", "csv", "-e",
                "SET spark.sql.session.timeZone=UTC; SELECT 1 AS a, 'p;q' AS b; SELECT 2 AS c");
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("key,value\nspark.sql.session.timeZone,UTC\n\na,b\n1,p;q\n\nc\n2\n");
    }

    @Test
    void aFailingStatementStopsTheScriptAndIsNamedByItsLineAndColumn() {
        CliRun run = CliRun.of("sql", "--master", "local[1]", "--format", "csv", "-e",
                "SELECT 1 AS a;\nSELECT 2 AS b;\n  SELECT x FROM nosuch;\nSELECT 3 AS c");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.out()).isEqualTo("a\n1\n\nb\n2\n");
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines().get(0)).startsWith("updraft: statement 3 at line 3, column 3: "
                + "[TABLE_OR_VIEW_NOT_FOUND]");
    }

    @Test
    void aSyntaxErrorNamesItsPositionInTheScript() {
        CliRun run = CliRun.of("sql", "--master", "local[1]", "-e", "SELECT 1;\n\nSELECT 1 +* 2");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.errLines().get(0)).startsWith("updraft: statement 2 at line 3, column 1: [PARSE_SYNTAX_ERROR] "
                + "Syntax error at line 3, column 10");
    }

    @Test
    void aScriptFromStandardInputKeepsItsStatements() {
        SqlCommand sql = SqlCommand.parse(List.of("-f", "-"), new ByteArrayInputStream(
                "SELECT 1;\nSELECT ';';\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(sql.query()).isEqualTo("SELECT 1;\nSELECT ';'");
        assertThat(CliRun.of("sql", "-e", "-- nothing but a comment").status()).isEqualTo(2);
    }
}
