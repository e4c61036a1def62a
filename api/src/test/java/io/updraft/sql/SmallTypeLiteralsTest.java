package io.updraft.sql;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SQL's float, tinyint, smallint and binary types (CAST targets since issue 10): literals of them evaluate, and
 * float arithmetic is Spark's (float result, never truncated to an integer).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SmallTypeLiteralsTest {
    @TempDir
    static Path dir;
    private TestTables t;

    @BeforeAll
    void start() throws Exception {
        t = new TestTables(dir);
        t.table("emp").createOrReplaceTempView("emp");
    }

    @AfterAll
    void stop() throws Exception {
        t.close();
    }

    @Test
    void floatArithmeticAndSmallLiterals() {
        Dataset<Row> d = t.spark.sql("SELECT cast(id as float) * 2 AS a, cast('1.5' as float) + 1 AS b,"
                + " cast(id as float) > 1.5 AS c, cast(id as float) * 1.5D AS d, cast(id as tinyint) AS e,"
                + " cast(7 as smallint) AS f, cast('ab' as binary) AS g FROM emp WHERE id = 3");
        assertThat(d.schema().simpleString()).isEqualTo(
                "struct<a:float,b:float,c:boolean,d:double,e:tinyint,f:smallint,g:binary>");
        Row r = d.collectAsList().get(0);
        assertThat(r.getFloat(0)).isEqualTo(6.0f);
        assertThat(r.getFloat(1)).isEqualTo(2.5f);
        assertThat(r.getBoolean(2)).isTrue();
        assertThat(r.getDouble(3)).isEqualTo(4.5);
        assertThat(r.getByte(4)).isEqualTo((byte) 3);
        assertThat(r.getShort(5)).isEqualTo((short) 7);
        assertThat((byte[]) r.get(6)).containsExactly('a', 'b');
        assertThat(t.spark.sql("SELECT cast(0.1 as float) + cast(0.2 as float) AS s FROM emp WHERE id = 1")
                .collectAsList()).extracting(x -> x.getFloat(0)).isEqualTo(List.of(0.1f + 0.2f));
        Dataset<Row> agg = t.spark.sql("SELECT sum(cast(id as float)) AS s, avg(cast(id as float)) AS a"
                + " FROM emp WHERE id < 10");
        assertThat(agg.schema().simpleString()).isEqualTo("struct<s:double,a:double>");
        Row a = agg.collectAsList().get(0);
        assertThat(a.getDouble(0)).isEqualTo(45.0);
        assertThat(a.getDouble(1)).isEqualTo(4.5);
    }

    @Test
    void minMaxAndSumOfSmallTypesFloatsAndBinaries() {
        // two files, so partial aggregates are merged after the shuffle
        Dataset<Row> d = t.spark.sql("SELECT id % 3 AS g, min(cast(id as tinyint)) AS a, max(cast(id as smallint)) AS b,"
                + " sum(cast(id as tinyint)) AS c, sum(cast(id as smallint)) AS d, min(cast(id as float) + cast(0.5 as float)) AS e,"
                + " max(cast(id as float) + cast(0.5 as float)) AS f, min(cast(cast(id + 10 as string) as binary)) AS h,"
                + " max(cast(cast(id + 10 as string) as binary)) AS i FROM emp GROUP BY id % 3 ORDER BY g");
        assertThat(d.schema().simpleString()).isEqualTo("struct<g:int,a:tinyint,b:smallint,c:bigint,d:bigint,"
                + "e:float,f:float,h:binary,i:binary>");
        List<Row> rows = d.collectAsList();
        assertThat(rows).hasSize(3);
        for (int g = 0; g < 3; g++) {
            long sum = 0;
            int max = 0;
            for (int id = g; id < 100; id += 3) {
                sum += id;
                max = id;
            }
            Row r = rows.get(g);
            assertThat(r.getInt(0)).isEqualTo(g);
            assertThat(r.getByte(1)).isEqualTo((byte) g);
            assertThat(r.getShort(2)).isEqualTo((short) max);
            assertThat(r.getLong(3)).isEqualTo(sum);
            assertThat(r.getLong(4)).isEqualTo(sum);
            assertThat(r.getFloat(5)).isEqualTo(g + 0.5f);
            assertThat(r.getFloat(6)).isEqualTo(max + 0.5f);
            // binaries order by unsigned bytes (ASCII digits here: as the strings order)
            String smallest = null;
            String largest = null;
            for (int id = g; id < 100; id += 3) {
                String text = Integer.toString(id + 10);
                smallest = smallest == null || text.compareTo(smallest) < 0 ? text : smallest;
                largest = largest == null || text.compareTo(largest) > 0 ? text : largest;
            }
            assertThat(new String((byte[]) r.get(7), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(smallest);
            assertThat(new String((byte[]) r.get(8), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(largest);
        }
    }
}
