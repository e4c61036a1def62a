package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.sql.catalog.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.updraft.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Temporary views, global temporary views ({@code global_temp.name}, shared by the sessions of the process) and
 * {@code session.catalog()}, with Spark's results and errors. Row answers are checked against DuckDB on the same
 * files.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CatalogTest {
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

    @AfterEach
    void dropViews() {
        for (Table table : t.spark.catalog().listTables(GlobalTempViews.DATABASE)) {
            if (table.isTemporary() && GlobalTempViews.DATABASE.equals(table.database())) {
                t.spark.catalog().dropGlobalTempView(table.name());
            } else {
                t.spark.catalog().dropTempView(table.name());
            }
        }
    }

    @Test
    void temporaryViewsAreQueriedBySqlAndTable() throws Exception {
        emp.filter(col("dept").equalTo("eng")).createTempView("Engineers");
        t.assertSameAnyOrder(t.spark.sql("SELECT id, name FROM engineers"),
                "SELECT id, name FROM emp WHERE dept = 'eng'");
        t.assertSameAnyOrder(t.spark.table("ENGINEERS").select("id"), "SELECT id FROM emp WHERE dept = 'eng'");
        assertThat(t.spark.catalog().tableExists("engineers")).isTrue();
        assertThat(t.spark.catalog().tableExists("nobody")).isFalse();
    }

    @Test
    void createTempViewOnATakenNameFailsAsSpark() {
        emp.createTempView("v");
        assertThatThrownBy(() -> emp.select("id").createTempView("V"))
                .isInstanceOf(AnalysisException.class)
                .hasMessage("[TEMP_TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create the temporary view `V` because it "
                        + "already exists.\nChoose a different name, drop or replace the existing view,  or add the "
                        + "IF NOT EXISTS clause to tolerate pre-existing views. SQLSTATE: 42P07")
                .satisfies(e -> assertThat(((AnalysisException) e).getCondition())
                        .isEqualTo("TEMP_TABLE_OR_VIEW_ALREADY_EXISTS"))
                .satisfies(e -> assertThat(((AnalysisException) e).getSqlState()).isEqualTo("42P07"));
        assertThat(t.spark.table("v").columns()).hasSize(emp.columns().length);   // the first view stays
        emp.select("id").createOrReplaceTempView("v");
        assertThat(t.spark.table("v").columns()).containsExactly("id");
    }

    @Test
    void globalTemporaryViewsAreSharedBetweenSessionsOfTheProcess() throws Exception {
        emp.filter(col("dept").equalTo("ops")).createGlobalTempView("ops_people");
        t.assertSameAnyOrder(t.spark.sql("SELECT id FROM global_temp.ops_people"),
                "SELECT id FROM emp WHERE dept = 'ops'");
        t.assertSameAnyOrder(t.spark.table("global_temp.ops_people").select("name"),
                "SELECT name FROM emp WHERE dept = 'ops'");
        // Not visible unqualified, as Spark.
        assertThatThrownBy(() -> t.spark.table("ops_people")).isInstanceOf(AnalysisException.class)
                .hasMessageStartingWith("[TABLE_OR_VIEW_NOT_FOUND] The table or view `ops_people` cannot be found.")
                .hasMessageContaining("global_temp.ops_people");
        try (UpdraftSession other = UpdraftSession.builder().appName("other").master("local[1]")
                .config("spark.ui.showConsoleProgress", false).create()) {
            assertThat(other.sql("SELECT count(*) FROM global_temp.OPS_PEOPLE").collectAsList().get(0).getLong(0))
                    .isEqualTo(t.queryLong("SELECT count(*) FROM emp WHERE dept = 'ops'"));
            assertThat(other.catalog().tableExists("global_temp.ops_people")).isTrue();
            assertThat(other.catalog().tableExists("global_temp", "ops_people")).isTrue();
            assertThat(other.catalog().tableExists("ops_people")).isFalse();
            // A session's own temporary views stay its own.
            emp.createTempView("mine");
            assertThat(other.catalog().tableExists("mine")).isFalse();
            assertThatThrownBy(() -> other.table("mine")).isInstanceOf(AnalysisException.class);
        }
        assertThatThrownBy(() -> emp.createGlobalTempView("OPS_people"))
                .isInstanceOf(AnalysisException.class)
                .hasMessageStartingWith("[TEMP_TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create the temporary view "
                        + "`OPS_people` because it already exists.");
        emp.select("id").createOrReplaceGlobalTempView("ops_people");
        assertThat(t.spark.table("global_temp.ops_people").columns()).containsExactly("id");
    }

    @Test
    void aNewSessionSharesTheClusterAndGlobalViewsButNotTemporaryViewsOrSettings() throws Exception {
        emp.createOrReplaceTempView("people_here");
        emp.createGlobalTempView("people_everywhere");
        t.spark.conf().set("spark.sql.shuffle.partitions", "3");
        UpdraftSession other = t.spark.newSession();
        assertThat(other).isNotSameAs(t.spark);
        assertThat(other.master()).isEqualTo(t.spark.master());
        assertThat(other.sql("SELECT count(*) FROM global_temp.people_everywhere").collectAsList().get(0).getLong(0))
                .isEqualTo(t.queryLong("SELECT count(*) FROM emp"));
        assertThat(other.catalog().tableExists("people_here")).isFalse();
        assertThat(other.conf().get("spark.sql.shuffle.partitions", "unset")).isNotEqualTo("3");
        other.stop();
        // stopping the new session leaves the cluster to the session it came from
        assertThat(t.spark.sql("SELECT count(*) FROM people_here").collectAsList().get(0).getLong(0))
                .isEqualTo(t.queryLong("SELECT count(*) FROM emp"));
        t.spark.conf().unset("spark.sql.shuffle.partitions");
    }

    @Test
    void listTablesShowsTemporaryViewsAndGlobalOnesUnderGlobalTemp() {
        emp.createTempView("b_view");
        emp.createTempView("a_view");
        emp.createGlobalTempView("g_view");
        assertThat(t.spark.catalog().currentDatabase()).isEqualTo("default");
        assertThat(t.spark.catalog().listTables()).extracting(Table::name).containsExactly("a_view", "b_view");
        assertThat(t.spark.catalog().listTables("default")).extracting(Table::name)
                .containsExactly("a_view", "b_view");
        List<Table> global = t.spark.catalog().listTables("global_temp");
        assertThat(global).extracting(Table::name).containsExactly("g_view", "a_view", "b_view");
        assertThat(global.get(0).database()).isEqualTo("global_temp");
        assertThat(global.get(0).toString())
                .isEqualTo("Table[name='g_view', database='global_temp', tableType='TEMPORARY', isTemporary='true']");
        assertThat(global.get(1).toString())
                .isEqualTo("Table[name='a_view', tableType='TEMPORARY', isTemporary='true']");
        assertThat(global.get(1).namespace()).isEmpty();
        assertThatThrownBy(() -> t.spark.catalog().listTables("sales"))
                .isInstanceOf(AnalysisException.class)
                .hasMessageStartingWith("[SCHEMA_NOT_FOUND] The schema `sales` cannot be found.");
    }

    @Test
    void dropReturnsWhetherTheViewExisted() {
        emp.createTempView("t1");
        emp.createGlobalTempView("g1");
        assertThat(t.spark.catalog().dropTempView("T1")).isTrue();
        assertThat(t.spark.catalog().dropTempView("t1")).isFalse();
        assertThat(t.spark.catalog().dropTempView("g1")).isFalse();   // a global view is not a temporary one
        assertThat(t.spark.catalog().dropGlobalTempView("G1")).isTrue();
        assertThat(t.spark.catalog().dropGlobalTempView("g1")).isFalse();
        assertThat(t.spark.catalog().tableExists("global_temp.g1")).isFalse();
        assertThatThrownBy(() -> t.spark.sql("SELECT * FROM t1")).isInstanceOf(AnalysisException.class)
                .hasMessageStartingWith("[TABLE_OR_VIEW_NOT_FOUND] The table or view `t1` cannot be found.");
        assertThatThrownBy(() -> t.spark.sql("SELECT * FROM global_temp.g1")).isInstanceOf(AnalysisException.class)
                .hasMessageStartingWith("[TABLE_OR_VIEW_NOT_FOUND] The table or view `global_temp`.`g1` cannot be "
                        + "found.");
    }
}
