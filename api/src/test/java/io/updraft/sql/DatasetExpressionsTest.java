package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.core.error.ParseException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static io.updraft.sql.TestTables.assertColumns;
import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.expr;
import static io.updraft.sql.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** SQL expressions in the Dataset API: selectExpr, filter/where(String), functions.expr. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DatasetExpressionsTest {
    @TempDir
    static Path dir;

    private TestTables t;
    private Dataset<Row> emp;

    @BeforeAll
    void start() throws Exception {
        t = new TestTables(dir);
        emp = t.table("emp");
    }

    @AfterAll
    void stop() throws Exception {
        t.close();
    }

    @Test
    void selectExprTakesOneSqlExpressionPerString() throws Exception {
        Dataset<Row> r = emp.selectExpr("id", "salary * 2 AS double_pay", "upper(name)", "CASE WHEN bonus IS NULL "
                + "THEN 'none' ELSE 'some' END AS b", "id div 3", "`dept`");
        assertColumns(r, "id", "double_pay", "upper(name)", "b", "(id div 3)", "dept");
        t.assertSameAnyOrder(r, "SELECT id, salary * 2, upper(name), CASE WHEN bonus IS NULL THEN 'none' ELSE 'some' "
                + "END, id // 3, dept FROM emp");
        t.assertSame(emp.selectExpr("count(*) AS n", "max(salary)"), "SELECT count(*), max(salary) FROM emp");
        t.assertSameAnyOrder(emp.as("e").selectExpr("e.*"), "SELECT * FROM emp");
    }

    @Test
    void filterAndWhereTakeASqlCondition() throws Exception {
        t.assertSameAnyOrder(emp.filter("salary > 2000 AND dept IN ('eng', 'ops')").select("id"),
                "SELECT id FROM emp WHERE salary > 2000 AND dept IN ('eng', 'ops')");
        t.assertSameAnyOrder(emp.where("bonus IS NULL OR hired >= DATE '2020-06-01'").select("id"),
                "SELECT id FROM emp WHERE bonus IS NULL OR hired >= DATE '2020-06-01'");
        emp.createOrReplaceTempView("employees");
        t.assertSameAnyOrder(emp.where("mgr IN (SELECT id FROM employees WHERE dept = 'eng')").select("id"),
                "SELECT id FROM emp WHERE mgr IN (SELECT id FROM emp WHERE dept = 'eng')");
    }

    @Test
    void exprMixesWithColumns() throws Exception {
        Dataset<Row> r = emp.groupBy(expr("dept")).agg(expr("sum(salary) AS total"), sum(expr("id + 1")))
                .filter(expr("total > 10000")).orderBy(col("dept"));
        assertColumns(r, "dept", "total", "sum((id + 1))");
        t.assertSame(r, "SELECT dept, sum(salary) AS total, sum(id + 1) FROM emp GROUP BY dept "
                + "HAVING sum(salary) > 10000 ORDER BY dept NULLS FIRST");
        assertThat(expr("a + 1")).hasToString("(a + 1)");
        assertThat(expr("a AS b")).hasToString("a AS b");
    }

    @Test
    void badExpressionsArePositionedParseErrors() {
        // Positions are in the user's text, not in the query it is parsed in.
        assertThatThrownBy(() -> emp.selectExpr("salary +"))
                .isInstanceOfSatisfying(ParseException.class, e -> {
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.column()).isEqualTo(8);
                })
                .hasMessage("[PARSE_SYNTAX_ERROR] Syntax error at line 1, column 8: unexpected token '+'. "
                        + "SQLSTATE: 42601");
        assertThatThrownBy(() -> emp.filter("id = 1 AND\n salary > > 1"))
                .isInstanceOfSatisfying(ParseException.class, e -> assertThat(e.line()).isEqualTo(2))
                .hasMessageContaining("line 2, column 9");
        assertThatThrownBy(() -> emp.selectExpr("id, name")).isInstanceOf(ParseException.class)
                .hasMessageContaining("is not a single expression");
        assertThatThrownBy(() -> emp.selectExpr("id FROM emp")).isInstanceOf(ParseException.class);
        assertThatThrownBy(() -> emp.filter("id = 1 GROUP BY id")).isInstanceOf(ParseException.class);
        assertThatThrownBy(() -> emp.selectExpr("nope + 1")).isInstanceOf(AnalysisException.class)
                .hasMessageContaining("nope");
        assertThat(emp.selectExpr("id -- a comment").columns()).containsExactly("id");
    }
}
