package io.updraft.sql;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Small tables with nulls and duplicates, written as Parquet by DuckDB (each table in two files, so scans make
 * several tasks), registered as DuckDB views of the same files, and read by a local[2] session. Closing stops the
 * session, which fails if a task leaked Arrow memory.
 */
final class TestTables implements AutoCloseable {
    /** Employees: dept and bonus and mgr have nulls; salaries repeat within departments. */
    static final String EMP = """
            SELECT i::INTEGER AS id,
                   'emp-' || i AS name,
                   CASE i % 5 WHEN 0 THEN 'sales' WHEN 1 THEN 'eng' WHEN 2 THEN 'eng' WHEN 3 THEN 'ops' ELSE NULL END
                       AS dept,
                   CAST(1000 + (i % 7) * 250 AS DECIMAL(10,2)) AS salary,
                   CASE WHEN i % 4 = 0 THEN NULL ELSE (i % 9) * 1.5 END::DOUBLE AS bonus,
                   DATE '2020-01-01' + (i * 37 % 400)::INTEGER AS hired,
                   CASE WHEN i % 6 = 0 THEN NULL ELSE (i % 6)::INTEGER END AS mgr
            FROM range(FIRST, LAST) t(i)""";
    /** Departments: a null name, a department no employee has, a duplicate key. */
    static final String DEPT = """
            SELECT * FROM (VALUES ('eng', 'Engineering', 100::BIGINT), ('sales', 'Sales', 50::BIGINT),
                ('hr', 'Human resources', 20::BIGINT), (NULL, 'Nobody', 0::BIGINT), ('ops', 'Operations', 30::BIGINT),
                ('ops', 'Operations (old)', 10::BIGINT)) t(dept, dname, budget)""";
    /** Two multisets of (k, v) for set operations: duplicates and nulls on both sides. */
    static final String LEFT = """
            SELECT * FROM (VALUES (1, 'a'), (1, 'a'), (1, 'a'), (2, 'b'), (2, NULL), (2, NULL), (NULL, 'c'),
                (NULL, NULL), (3, 'd')) t(k, v)""";
    static final String RIGHT = """
            SELECT * FROM (VALUES (1, 'a'), (1, 'a'), (2, NULL), (NULL, NULL), (NULL, NULL), (4, 'e')) t(k, v)""";

    final DuckDbOracle duck;
    final UpdraftSession spark;
    private final Path dir;

    TestTables(Path dir) throws Exception {
        this.dir = dir;
        this.duck = new DuckDbOracle();
        write("emp", EMP.replace("FIRST", "0").replace("LAST", "60"),
                EMP.replace("FIRST", "60").replace("LAST", "100"));
        write("dept", DEPT + " LIMIT 3", DEPT + " OFFSET 3");
        write("lhs", LEFT + " LIMIT 4", LEFT + " OFFSET 4");
        write("rhs", RIGHT + " LIMIT 3", RIGHT + " OFFSET 3");
        this.spark = UpdraftSession.builder().appName("api-test").master("local[2]")
                .config("spark.ui.showConsoleProgress", false).create();
    }

    private void write(String table, String firstHalf, String secondHalf) throws Exception {
        Path folder = Files.createDirectories(dir.resolve(table));
        duck.writeParquet(firstHalf, folder.resolve("part-0.parquet"), 16);
        duck.writeParquet(secondHalf, folder.resolve("part-1.parquet"), 16);
        duck.execute("CREATE VIEW " + table + " AS SELECT * FROM read_parquet('" + folder + "/*.parquet')");
    }

    /** The table as a DataFrame of this session. */
    Dataset<Row> table(String name) {
        return spark.read().parquet(dir.resolve(name).toString());
    }

    /** Our rows and DuckDB's for {@code sql}: same rows, same order. */
    void assertSame(Dataset<Row> actual, String sql) throws Exception {
        DuckDbOracle.assertSameRows(DuckDbOracle.rows(actual.collectAsList()), duck.query(sql));
    }

    /** Our rows and DuckDB's for {@code sql} as multisets. */
    void assertSameAnyOrder(Dataset<Row> actual, String sql) throws Exception {
        DuckDbOracle.assertSameRows(sorted(DuckDbOracle.rows(actual.collectAsList())), sorted(duck.query(sql)));
    }

    /** A single number DuckDB computes. */
    long queryLong(String sql) throws Exception {
        return ((Number) duck.query(sql).get(0).get(0)).longValue();
    }

    static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(Object::toString));
        return copy;
    }

    static void assertColumns(Dataset<?> df, String... names) {
        assertThat(df.columns()).containsExactly(names);
    }

    @Override
    public void close() throws Exception {
        try {
            spark.stop();
        } finally {
            duck.close();
        }
    }
}
