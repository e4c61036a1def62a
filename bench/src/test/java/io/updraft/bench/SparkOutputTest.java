package io.updraft.bench;

import io.updraft.sql.Row;
import io.updraft.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Date;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SparkOutputTest {
    @Test
    void readsTheStartedLine() {
        SparkOutput.Event event = SparkOutput.parse("{\"event\":\"started\",\"sparkVersion\":\"4.2.0\",\"master\":\"local[2]\","
                + "\"shufflePartitions\":4,\"startMillis\":6226,\"tables\":[\"lineitem\"]}").orElseThrow();
        assertThat(event).isEqualTo(new SparkOutput.Started("4.2.0", "local[2]", 4, 6226));
    }

    @Test
    void readsAQueryWithTypedRows() {
        String line = "{\"event\":\"query\",\"query\":\"q3\",\"status\":\"ok\",\"millis\":[12.5,10.25,11.0],"
                + "\"warmupMillis\":[40.0],\"rowCount\":2,\"schema\":[{\"name\":\"l_orderkey\",\"type\":\"bigint\"},"
                + "{\"name\":\"revenue\",\"type\":\"decimal(38,4)\"},{\"name\":\"o_orderdate\",\"type\":\"date\"},"
                + "{\"name\":\"o_shippriority\",\"type\":\"int\"},{\"name\":\"share\",\"type\":\"double\"},"
                + "{\"name\":\"flag\",\"type\":\"string\"}],"
                + "\"rows\":[[223140,355369.0698,\"1995-03-14\",0,0.5,\"A\"],[584291,3774200.00,\"1995-02-21\",1,\"NaN\",null]],"
                + "\"rowsTruncated\":false}";

        SparkOutput.QueryDone done = (SparkOutput.QueryDone) SparkOutput.parse(line).orElseThrow();

        assertThat(done.query()).isEqualTo("q3");
        EngineResult result = done.result();
        assertThat(result.isOk()).isTrue();
        assertThat(result.millis()).containsExactly(12.5, 10.25, 11.0);
        assertThat(result.warmupMillis()).containsExactly(40.0);
        assertThat(result.medianMillis()).isEqualTo(11.0);
        assertThat(result.rowCount()).isEqualTo(2);
        Row first = result.rows().get(0);
        assertThat(first.get(0)).isEqualTo(223140L);
        assertThat(first.get(1)).isEqualTo(new BigDecimal("355369.0698"));
        assertThat(first.get(2)).isEqualTo(Date.valueOf("1995-03-14"));
        assertThat(first.get(3)).isEqualTo(0);
        assertThat(first.get(4)).isEqualTo(0.5);
        assertThat(first.get(5)).isEqualTo("A");
        Row second = result.rows().get(1);
        assertThat(second.get(1)).isEqualTo(new BigDecimal("3774200.00"));
        assertThat((Double) second.get(4)).isNaN();
        assertThat(second.get(5)).isNull();
        assertThat(first.schema().get(1).dataType()).isEqualTo(DataTypes.createDecimalType(38, 4));
        assertThat(done.show()).isNull();
    }

    @Test
    void readsTheShowTextOfAQuery() {
        String line = "{\"event\":\"query\",\"query\":\"q1\",\"status\":\"ok\",\"millis\":[1.0],\"rowCount\":1,"
                + "\"schema\":[{\"name\":\"s\",\"type\":\"struct<a:int>\"}],\"rows\":[[\"[1]\"]],"
                + "\"show\":\"+---+\\n|  s|\\n+---+\\n|{1}|\\n+---+\\n\"}";
        SparkOutput.QueryDone done = (SparkOutput.QueryDone) SparkOutput.parse(line).orElseThrow();
        assertThat(done.show()).isEqualTo("+---+\n|  s|\n+---+\n|{1}|\n+---+\n");
        assertThat(done.sparkTypes()).containsExactly("struct<a:int>");
    }

    @Test
    void sparkRowsCompareWithDuckDbRows() {
        EngineResult spark = ((SparkOutput.QueryDone) SparkOutput.parse("{\"event\":\"query\",\"query\":\"q1\","
                + "\"status\":\"ok\",\"millis\":[1],\"rowCount\":1,\"schema\":[{\"name\":\"avg_qty\",\"type\":\"decimal(19,6)\"},"
                + "{\"name\":\"count_order\",\"type\":\"bigint\"}],\"rows\":[[25.537587,147790]]}").orElseThrow()).result();
        List<Row> duck = List.of(Row.of(25.53758714532808, 147790L));
        assertThat(RowComparison.difference(duck, spark.rows(), true)).isEmpty();
    }

    @Test
    void readsAFailedQuery() {
        SparkOutput.QueryDone done = (SparkOutput.QueryDone) SparkOutput.parse(
                "{\"event\":\"query\",\"query\":\"q9\",\"status\":\"error\",\"message\":\"AnalysisException: boom\"}")
                .orElseThrow();
        assertThat(done.result().outcome()).isEqualTo(EngineResult.Outcome.ERROR);
        assertThat(done.result().describe()).isEqualTo("error: AnalysisException: boom");
    }

    @Test
    void ignoresLinesThatAreNotEvents() {
        assertThat(SparkOutput.parse("WARNING: A restricted method in java.lang.System has been called")).isEmpty();
        assertThat(SparkOutput.parse("{not json")).isEmpty();
        assertThat(SparkOutput.parse("{\"event\":\"other\"}")).isEmpty();
        assertThat(SparkOutput.parse("{\"event\":\"finished\"}")).containsInstanceOf(SparkOutput.Finished.class);
    }

    @Test
    void aQueryLineWithoutItsFieldsIsAnError() {
        assertThatThrownBy(() -> SparkOutput.parse("{\"event\":\"query\",\"query\":\"q1\",\"status\":\"ok\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"millis\"");
    }

    @Test
    void mapsSparkTypeNames() {
        assertThat(SparkOutput.type("decimal(25,2)")).isEqualTo(DataTypes.createDecimalType(25, 2));
        assertThat(SparkOutput.type("bigint")).isEqualTo(DataTypes.LongType);
        assertThat(SparkOutput.type("int")).isEqualTo(DataTypes.IntegerType);
        assertThat(SparkOutput.type("double")).isEqualTo(DataTypes.DoubleType);
        assertThat(SparkOutput.type("date")).isEqualTo(DataTypes.DateType);
        assertThat(SparkOutput.type("array<int>")).isEqualTo(DataTypes.StringType);
    }
}
