package io.updraft.sql;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.updraft.sql.functions.col;
import static io.updraft.sql.functions.lit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * describe, summary, na(), stat(), withColumns, withColumnsRenamed, drop(Column...), offset on the employee table
 * (two files, nulls in dept, bonus, mgr); DuckDB as the oracle.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DatasetStatisticsTest {
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

    private double duckDouble(String sql) throws Exception {
        return ((Number) t.duck.query(sql).get(0).get(0)).doubleValue();
    }

    @Test
    void describeHasSparksLayoutAndDuckDbsNumbers() throws Exception {
        Dataset<Row> d = emp.describe("salary", "bonus", "name");
        assertThat(d.columns()).containsExactly("summary", "salary", "bonus", "name");
        assertThat(d.schema().fieldList()).allSatisfy(f -> assertThat(f.dataType().simpleString()).isEqualTo("string"));
        List<Row> rows = d.collectAsList();
        assertThat(rows).extracting(r -> r.getString(0)).containsExactly("count", "mean", "stddev", "min", "max");
        assertThat(rows.get(0).getString(2)).isEqualTo(String.valueOf(t.queryLong("select count(bonus) from emp")));
        assertThat(Double.parseDouble(rows.get(1).getString(2))).isCloseTo(duckDouble("select avg(bonus) from emp"),
                within(1e-9));
        assertThat(Double.parseDouble(rows.get(2).getString(2)))
                .isCloseTo(duckDouble("select stddev_samp(bonus) from emp"), within(1e-9));
        assertThat(rows.get(3).getString(1)).isEqualTo("1000.00");
        assertThat(rows.get(4).getString(1)).isEqualTo("2500.00");
        // strings: no mean or stddev; min and max by bytes
        assertThat(rows.get(1).get(3)).isNull();
        assertThat(rows.get(3).getString(3)).isEqualTo("emp-0");
        assertThat(rows.get(4).getString(3)).isEqualTo("emp-99");
        assertThat(emp.describe().columns()).containsExactly("summary", "id", "name", "dept", "salary", "bonus", "mgr");
    }

    @Test
    void summaryAddsApproximatePercentiles() throws Exception {
        Dataset<Row> s = emp.select("id", "dept").summary();
        assertThat(s.collectAsList()).extracting(r -> r.getString(0))
                .containsExactly("count", "mean", "stddev", "min", "25%", "50%", "75%", "max");
        List<Row> rows = s.collectAsList();
        // 100 ids 0..99, a summary that keeps every value: rank ceil(p * 100)
        assertThat(rows.get(4).getString(1)).isEqualTo("24");
        assertThat(rows.get(5).getString(1)).isEqualTo("49");
        assertThat(rows.get(6).getString(1)).isEqualTo("74");
        assertThat(rows.get(5).get(2)).isNull();
        List<Row> chosen = emp.select("mgr").summary("count_distinct", "10%", "max").collectAsList();
        assertThat(chosen.get(0).getString(1)).isEqualTo(String.valueOf(
                t.queryLong("select count(distinct mgr) from emp")));
        assertThat(chosen.get(2).getString(1)).isEqualTo("5");
        assertThatThrownBy(() -> emp.summary("median")).hasMessageContaining("median is not a recognised statistic");
    }

    @Test
    void naDropFillReplace() throws Exception {
        t.assertSameAnyOrder(emp.na().drop(), "select * from emp where dept is not null and bonus is not null"
                + " and mgr is not null");
        t.assertSameAnyOrder(emp.na().drop("all", new String[] {"dept", "bonus"}),
                "select * from emp where dept is not null or bonus is not null");
        t.assertSameAnyOrder(emp.na().drop(2, new String[] {"dept", "bonus", "mgr"}),
                "select * from emp where (dept is not null)::int + (bonus is not null)::int + (mgr is not null)::int >= 2");
        Dataset<Row> filled = emp.na().fill(7);
        assertThat(filled.columns()).containsExactly(emp.columns());
        t.assertSameAnyOrder(filled, "select id, name, dept, salary, coalesce(bonus, 7.0), hired, coalesce(mgr, 7) from emp");
        t.assertSameAnyOrder(emp.na().fill("none", new String[] {"dept", "mgr"}),
                "select id, name, coalesce(dept, 'none'), salary, bonus, hired, mgr from emp");
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("bonus", 0.5);
        values.put("dept", "?");
        t.assertSameAnyOrder(emp.na().fill(values),
                "select id, name, coalesce(dept, '?'), salary, coalesce(bonus, 0.5), hired, mgr from emp");
        Map<String, String> rename = new LinkedHashMap<>();
        rename.put("eng", "engineering");
        rename.put("ops", "operations");
        t.assertSameAnyOrder(emp.na().replace("dept", rename), "select id, name, case dept when 'eng' then"
                + " 'engineering' when 'ops' then 'operations' else dept end, salary, bonus, hired, mgr from emp");
        Map<Double, Double> numbers = Map.of(1.5, -1.0);
        t.assertSameAnyOrder(emp.na().replace("*", numbers), "select id, name, dept, salary,"
                + " case when bonus = 1.5 then -1.0 else bonus end, hired, case when mgr = 1.5 then -1 else mgr end from emp");
    }

    @Test
    void statCorrCovQuantilesCrosstab() throws Exception {
        assertThat(emp.stat().corr("id", "bonus")).isCloseTo(duckDouble("select corr(id, bonus) from emp"),
                within(1e-12));
        assertThat(emp.stat().cov("id", "bonus")).isCloseTo(duckDouble("select covar_samp(id, bonus) from emp"),
                within(1e-9));
        double[] q = emp.stat().approxQuantile("id", new double[] {0.0, 0.5, 1.0}, 0.0);
        assertThat(q).containsExactly(0.0, 49.0, 99.0);
        double[][] both = emp.stat().approxQuantile(new String[] {"id", "mgr"}, new double[] {0.5}, 0.01);
        assertThat(both[1]).containsExactly(3.0);
        Dataset<Row> table = emp.stat().crosstab("mgr", "dept");
        assertThat(table.columns()).containsExactly("mgr_dept", "null", "eng", "ops", "sales");
        List<List<Object>> expected = new ArrayList<>();
        for (List<Object> r : t.duck.query("select coalesce(cast(mgr as varchar), 'null'), count(*) filter (where dept"
                + " is null), count(*) filter (where dept = 'eng'), count(*) filter (where dept = 'ops'),"
                + " count(*) filter (where dept = 'sales') from emp group by mgr")) {
            List<Object> row = new ArrayList<>();
            row.add(r.get(0));
            for (int i = 1; i < r.size(); i++) {
                row.add(((Number) r.get(i)).longValue());
            }
            expected.add(row);
        }
        List<List<Object>> ours = new ArrayList<>();
        for (Row r : table.collectAsList()) {
            ours.add(List.of(r.isNullAt(0) ? "null" : r.getString(0), r.getLong(1), r.getLong(2), r.getLong(3),
                    r.getLong(4)));
        }
        DuckDbOracle.assertSameRows(TestTables.sorted(ours), TestTables.sorted(expected));
    }

    @Test
    void columnEditsInBulkDropByColumnAndOffset() throws Exception {
        Map<String, Column> added = new LinkedHashMap<>();
        added.put("twice", col("id").multiply(2));
        added.put("name", functions.upper(col("name")));
        Dataset<Row> with = emp.withColumns(added);
        assertThat(with.columns()).containsExactly("id", "name", "dept", "salary", "bonus", "hired", "mgr", "twice");
        t.assertSameAnyOrder(with.select("id", "name", "twice"), "select id, upper(name), id * 2 from emp");
        Map<String, String> renamed = new LinkedHashMap<>();
        renamed.put("id", "emp_id");
        renamed.put("nosuch", "x");
        assertThat(emp.withColumnsRenamed(renamed).columns()).startsWith("emp_id", "name");
        assertThat(emp.drop(col("bonus"), emp.col("mgr"), lit(1)).columns())
                .containsExactly("id", "name", "dept", "salary", "hired");
        t.assertSame(emp.orderBy("id").offset(95), "select * from emp order by id offset 95");
        assertThat(emp.orderBy("id").offset(10).limit(3).collectAsList()).extracting(r -> r.getInt(0))
                .containsExactly(10, 11, 12);
        assertThatThrownBy(() -> emp.offset(-1)).hasMessageContaining("offset expression must be equal to or greater");
    }
}
