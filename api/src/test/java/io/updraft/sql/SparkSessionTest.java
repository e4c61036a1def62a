package io.updraft.sql;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link SparkSession}: a Spark job's session lines compile and run with only the import changed. */
class SparkSessionTest {

    @AfterEach
    void stopDefault() {
        UpdraftSession.getDefaultSession().toJava().ifPresent(UpdraftSession::stop);
    }

    @Test
    void sparksBuilderChainIsTypedSparkSessionAndRuns() {
        // as a Spark job writes it, every builder call chained (each must return SparkSession.Builder)
        SparkSession spark = SparkSession.builder().appName("Java Spark SQL basic example").master("local[2]")
                .config("spark.some.config.option", "some-value").config("spark.sql.shuffle.partitions", 3L)
                .config("my.double", 1.5).config("my.flag", true).getOrCreate();
        assertThat(spark.appName()).isEqualTo("Java Spark SQL basic example");
        assertThat(spark.parallelism()).isEqualTo(2);
        assertThat(spark.conf().get("spark.some.config.option")).isEqualTo("some-value");
        assertThat(spark.conf().get("spark.sql.shuffle.partitions")).isEqualTo("3");
        assertThat(spark.conf().get("my.flag")).isEqualTo("true");

        Dataset<Row> df = spark.sql("SELECT 1 AS a UNION ALL SELECT 2");
        SparkSession same = df.sparkSession();
        assertThat(same).isSameAs(spark);
        assertThat(df.orderBy("a").collectAsList()).containsExactly(Row.of(1), Row.of(2));
        df.createOrReplaceTempView("t");
        SparkSession other = spark.newSession();
        assertThat(other).isNotSameAs(spark);
        assertThat(other.catalog().tableExists("t")).isFalse();
        assertThat(other.sql("SELECT 40 + 2 AS x").collectAsList()).containsExactly(Row.of(42));
        spark.stop();
        assertThat(spark.isStopped()).isTrue();
    }

    @Test
    void bothBuildersShareTheOneDefaultSession() {
        UpdraftSession first = UpdraftSession.builder().appName("one").master("local[1]").getOrCreate();
        SparkSession again = SparkSession.builder().config("my.setting", "x").getOrCreate();
        assertThat(again).isSameAs(first);
        assertThat(first.conf().get("my.setting")).isEqualTo("x");
        assertThat(UpdraftSession.getDefaultSession().get()).isSameAs(again);
        again.stop();

        SparkSession spark = SparkSession.builder().master("local[1]").getOrCreate();
        assertThat(UpdraftSession.builder().getOrCreate()).isSameAs(spark);
        try (SparkSession independent = SparkSession.builder().master("local[1]").create()) {
            assertThat(independent).isNotSameAs(spark);
            assertThat(independent.createDataset(List.of("a", "b"), Encoders.STRING()).count()).isEqualTo(2);
        }
    }

    @Test
    void activeAndDefaultSessionsAreOptionsAsInSpark() {
        assertThat(SparkSession.getActiveSession().isDefined()).isFalse();
        assertThat(SparkSession.getDefaultSession().toString()).isEqualTo("None");
        assertThatThrownBy(SparkSession::active).isInstanceOf(io.updraft.core.error.UpdraftException.class)
                .hasMessage("[INTERNAL_ERROR] No active or default Spark session found SQLSTATE: XX000");

        SparkSession spark = SparkSession.builder().master("local[1]").getOrCreate();
        // as a Spark job writes it (scala.Option from Java)
        Option<SparkSession> active = SparkSession.getActiveSession();
        assertThat(active.isDefined()).isTrue();
        SparkSession same = active.get();
        assertThat(same).isSameAs(spark);
        assertThat(SparkSession.getDefaultSession().getOrElse(() -> null)).isSameAs(spark);
        assertThat(SparkSession.active()).isSameAs(spark);
        spark.stop();
        assertThat(SparkSession.getActiveSession().isEmpty()).isTrue();
    }
}
