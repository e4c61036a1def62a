package io.updraft;

import io.updraft.sql.SparkSession;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link SparkContext}: what a Dataset job calls on {@code spark.sparkContext()}, with Spark 4.2's answers. */
class SparkContextTest {

    @Test
    void describesTheSession() {
        try (SparkSession spark = SparkSession.builder().appName("ctx").master("local[3]").create()) {
            SparkContext sc = spark.sparkContext();
            assertThat(sc.appName()).isEqualTo("ctx");
            assertThat(sc.master()).isEqualTo("local[3]");
            assertThat(sc.defaultParallelism()).isEqualTo(3);
            assertThat(sc.version()).isEqualTo(spark.version());
        }
    }

    @Test
    void setLogLevelTakesSparksLevelsInAnyCaseAndRefusesOthersWithSparksMessage() {
        try (SparkSession spark = SparkSession.builder().master("local[1]").create()) {
            for (String level : new String[] {"ALL", "debug", "Error", "FATAL", "info", "OFF", "trace", "warn"}) {
                spark.sparkContext().setLogLevel(level);
                assertThat(spark.conf().get("spark.log.level")).isEqualTo(level);
            }
            assertThatThrownBy(() -> spark.sparkContext().setLogLevel("loud"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("requirement failed: Supplied level loud did not match one of: "
                            + "ALL,DEBUG,ERROR,WARN,INFO,OFF,FATAL,TRACE");
        }
    }

    @Test
    void warnAndAboveSilenceTheProgressLinesInfoShowsThem() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SparkSession spark = SparkSession.builder().master("local[1]")
                .progressOutput(new PrintStream(out, true, StandardCharsets.UTF_8)).create()) {
            spark.sparkContext().setLogLevel("WARN");
            spark.range(3).count();
            assertThat(out.size()).isZero();
            SparkSession child = spark.newSession();
            child.range(3).count();
            assertThat(out.size()).as("a new session keeps the level").isZero();
            spark.sparkContext().setLogLevel("info");
            spark.range(3).count();
            assertThat(out.toString(StandardCharsets.UTF_8)).contains("[Stage 1/");
        }
    }
}
