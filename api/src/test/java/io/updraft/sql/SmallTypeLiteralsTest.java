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
}
