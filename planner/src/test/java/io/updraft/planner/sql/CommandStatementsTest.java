package io.updraft.planner.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ParseException;
import io.updraft.planner.Tpch;
import io.updraft.planner.catalog.Catalog;
import io.updraft.planner.logical.Project;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The commands {@link CommandStatements} recognizes, through {@link SqlFrontEnd#parseStatement}. */
class CommandStatementsTest {
    private static final Catalog CATALOG = Tpch.catalog();
    private final SqlFrontEnd sql = new SqlFrontEnd();

    private SqlStatement parse(String text) {
        return sql.parseStatement(text, CATALOG);
    }

    @Test
    void createTableAsSelectWithItsClausesInAnyOrder() {
        SqlStatement s = parse("create table if not exists default.t USING CSV location '/data/t' "
                + "partitioned by (a, `b c`) options (header 'true', sep = ';') as select 1 as a, 2 as `b c`, 3 as d");
        assertThat(s).isInstanceOfSatisfying(SqlStatement.CreateTable.class, c -> {
            assertThat(c.name()).isEqualTo("default.t");
            assertThat(c.ifNotExists()).isTrue();
            assertThat(c.format()).isEqualTo("CSV");
            assertThat(c.location()).isEqualTo("/data/t");
            assertThat(c.partitionColumns()).containsExactly("a", "b c");
            assertThat(c.options()).isEqualTo(Map.of("header", "true", "sep", ";"));
            assertThat(c.schema()).isNull();
            assertThat(c.query()).isInstanceOf(Project.class);
        });
    }

    @Test
    void createTableOverFilesWithAColumnListAndNoQuery() {
        SqlStatement s = parse("CREATE TABLE t (a INT, b STRING) USING json LOCATION 's3://b/t';");
        assertThat(s).isEqualTo(new SqlStatement.CreateTable("t", false, "json", "a INT, b STRING", Map.of(),
                List.of(), "s3://b/t", null));
        assertThat(parse("CREATE TABLE m AS SELECT 1")).isInstanceOfSatisfying(SqlStatement.CreateTable.class,
                c -> assertThat(c.format()).isNull());
        assertThatThrownBy(() -> parse("CREATE TABLE t USING parquet COMMENT 'x' AS SELECT 1"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("[UNSUPPORTED_FEATURE]")
                .hasMessageContaining("COMMENT");
        assertThatThrownBy(() -> parse("CREATE TABLE t USING parquet LOCATION /x"))
                .isInstanceOf(ParseException.class).hasMessageContaining("expected a string literal");
    }

    @Test
    void insertIntoAndOverwriteATable() {
        assertThat(parse("INSERT INTO t SELECT 1")).isInstanceOfSatisfying(SqlStatement.InsertInto.class, i -> {
            assertThat(i.table()).isEqualTo("t");
            assertThat(i.overwrite()).isFalse();
        });
        assertThat(parse("insert overwrite table spark_catalog.default.t (select 1)"))
                .isInstanceOfSatisfying(SqlStatement.InsertInto.class, i -> {
                    assertThat(i.table()).isEqualTo("spark_catalog.default.t");
                    assertThat(i.overwrite()).isTrue();
                });
        assertThat(parse("INSERT OVERWRITE DIRECTORY '/out' USING json SELECT 1"))
                .isInstanceOf(SqlStatement.InsertOverwriteDirectory.class);
        assertThatThrownBy(() -> parse("INSERT INTO t PARTITION (p = 1) SELECT 1"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("PARTITION clause");
        assertThatThrownBy(() -> parse("INSERT t SELECT 1"))
                .isInstanceOf(ParseException.class).hasMessageContaining("expected INTO");
        assertThatThrownBy(() -> parse("INSERT INTO t"))
                .isInstanceOf(ParseException.class).hasMessageContaining("expected a query");
    }

    @Test
    void theQueryOfACommandReportsPositionsInTheWholeText() {
        assertThatThrownBy(() -> parse("INSERT INTO t\n  SELECT l_orderkey FROM lineitem WHERE"))
                .isInstanceOfSatisfying(ParseException.class, e -> {
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.getMessage()).contains("line 2");
                });
        assertThatThrownBy(() -> parse("EXPLAIN SELECT x FROM nosuch"))
                .isInstanceOf(AnalysisException.class).hasMessageContaining("[TABLE_OR_VIEW_NOT_FOUND]");
    }

    @Test
    void setInItsForms() {
        assertThat(parse("SET")).isEqualTo(new SqlStatement.SetConfig(null, null));
        assertThat(parse("set spark.sql.shuffle.partitions ;")).isEqualTo(
                new SqlStatement.SetConfig("spark.sql.shuffle.partitions", null));
        assertThat(parse("SET spark.sql.shuffle.partitions = 7")).isEqualTo(
                new SqlStatement.SetConfig("spark.sql.shuffle.partitions", "7"));
        assertThat(parse("SET a.b=x = y;")).isEqualTo(new SqlStatement.SetConfig("a.b", "x = y"));
        assertThat(parse("SET TIME ZONE 'UTC'")).isEqualTo(
                new SqlStatement.SetConfig("spark.sql.session.timeZone", "UTC"));
        assertThatThrownBy(() -> parse("SET = 1")).isInstanceOf(ParseException.class);
        assertThat(parse("-- a note; then\n/* more */ SET a=1")).isEqualTo(new SqlStatement.SetConfig("a", "1"));
    }

    @Test
    void explainShowTablesAndDescribe() {
        assertThat(parse("EXPLAIN SELECT 1")).isInstanceOfSatisfying(SqlStatement.Explain.class,
                e -> assertThat(e.mode()).isEqualTo("simple"));
        assertThat(parse("explain formatted select 1")).isInstanceOfSatisfying(SqlStatement.Explain.class,
                e -> assertThat(e.mode()).isEqualTo("formatted"));
        assertThat(parse("SHOW TABLES")).isEqualTo(new SqlStatement.ShowTables(null, null));
        assertThat(parse("SHOW TABLES IN default LIKE 'a*|b'")).isEqualTo(new SqlStatement.ShowTables("default", "a*|b"));
        assertThat(parse("show tables 'x*';")).isEqualTo(new SqlStatement.ShowTables(null, "x*"));
        assertThat(parse("DESCRIBE TABLE t")).isEqualTo(new SqlStatement.DescribeTable("t", null));
        assertThat(parse("desc default.t col")).isEqualTo(new SqlStatement.DescribeTable("default.t", "col"));
        assertThat(parse("DROP TABLE IF EXISTS t")).isEqualTo(new SqlStatement.DropTable("t", true));
        assertThatThrownBy(() -> parse("DESCRIBE EXTENDED t")).isInstanceOf(AnalysisException.class)
                .hasMessageContaining("DESCRIBE EXTENDED");
        assertThatThrownBy(() -> parse("SHOW VIEWS")).isInstanceOf(ParseException.class)
                .hasMessageContaining("expected TABLES");
    }

    @Test
    void createTemporaryViewAsAQuery() {
        assertThat(parse("CREATE OR REPLACE TEMP VIEW w AS SELECT 1 AS a")).isInstanceOfSatisfying(
                SqlStatement.CreateTempViewAs.class, c -> {
                    assertThat(c.name()).isEqualTo("w");
                    assertThat(c.replace()).isTrue();
                    assertThat(c.global()).isFalse();
                });
    }

    @Test
    void queriesAreNotCommands() {
        assertThat(parse("SELECT 1 AS settings")).isInstanceOf(SqlStatement.Query.class);
        assertThat(parse("  with x as (select 1) select * from x")).isInstanceOf(SqlStatement.Query.class);
    }
}
