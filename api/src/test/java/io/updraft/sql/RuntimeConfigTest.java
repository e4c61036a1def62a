package io.updraft.sql;

import org.junit.jupiter.api.Test;

import java.time.ZoneId;
import java.util.Map;
import java.util.NoSuchElementException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RuntimeConfigTest {

    @Test
    void knownKeysHaveDefaults() {
        RuntimeConfig conf = new RuntimeConfig(Map.of());
        assertThat(conf.get(RuntimeConfig.TIME_ZONE)).isEqualTo(ZoneId.systemDefault().getId()); // Spark's default
        assertThat(conf.timeZone()).isEqualTo(ZoneId.systemDefault());
        assertThat(conf.maxPartitionBytes()).isEqualTo(128L * 1024 * 1024);
        assertThat(conf.showProgress()).isTrue();
        assertThat(conf.getAll()).isEmpty();
    }

    @Test
    void setGetAndUnset() {
        RuntimeConfig conf = new RuntimeConfig(Map.of("my.key", "1"));
        conf.set("spark.sql.shuffle.partitions", 8);
        conf.set(RuntimeConfig.SHOW_PROGRESS, false);
        conf.set(RuntimeConfig.TIME_ZONE, "Europe/Paris");

        assertThat(conf.get("spark.sql.shuffle.partitions")).isEqualTo("8");
        assertThat(conf.showProgress()).isFalse();
        assertThat(conf.timeZone()).isEqualTo(ZoneId.of("Europe/Paris"));
        assertThat(conf.get("missing", "fallback")).isEqualTo("fallback");
        assertThat(conf.getOption("missing")).isEmpty();
        conf.unset("my.key");
        assertThat(conf.contains("my.key")).isFalse();
        assertThatThrownBy(() -> conf.get("my.key")).isInstanceOf(NoSuchElementException.class)
                .hasMessage("[SQL_CONF_NOT_FOUND] The SQL config \"my.key\" cannot be found. SQLSTATE: 42K0I");
    }

    @Test
    void byteSizesAcceptSparkUnits() {
        assertThat(RuntimeConfig.parseBytes("k", "1048576")).isEqualTo(1048576);
        assertThat(RuntimeConfig.parseBytes("k", "64m")).isEqualTo(64L << 20);
        assertThat(RuntimeConfig.parseBytes("k", "64MB")).isEqualTo(64L << 20);
        assertThat(RuntimeConfig.parseBytes("k", "1g")).isEqualTo(1L << 30);
        assertThat(RuntimeConfig.parseBytes("k", "512k")).isEqualTo(512L << 10);
        assertThat(RuntimeConfig.parseBytes("k", "100b")).isEqualTo(100);
    }

    @Test
    void badValuesAreRejectedWhenSetNamingKeyAndValue() {
        RuntimeConfig conf = new RuntimeConfig(Map.of());
        assertThatThrownBy(() -> conf.set(RuntimeConfig.TIME_ZONE, "Mars/Olympus"))
                .hasMessageContaining("'Mars/Olympus'").hasMessageContaining(RuntimeConfig.TIME_ZONE);
        assertThatThrownBy(() -> conf.set(RuntimeConfig.MAX_PARTITION_BYTES, "lots"))
                .hasMessageContaining(RuntimeConfig.MAX_PARTITION_BYTES).hasMessageContaining("'lots'");
        assertThatThrownBy(() -> conf.set(RuntimeConfig.MAX_PARTITION_BYTES, "0"))
                .hasMessageContaining("at least 1 byte");
        assertThatThrownBy(() -> conf.set(RuntimeConfig.SHOW_PROGRESS, "yes"))
                .hasMessageContaining("should be boolean");
        assertThat(conf.get(RuntimeConfig.TIME_ZONE)).isEqualTo(ZoneId.systemDefault().getId()); // Spark's default
    }

    @Test
    void plannerSettingsAreValidatedAndParsed() {
        RuntimeConfig conf = new RuntimeConfig(Map.of());
        assertThat(conf.shufflePartitions()).isEmpty();
        assertThat(conf.autoBroadcastJoinThreshold()).isEmpty();
        assertThat(conf.pivotMaxValues()).isEqualTo(10_000);
        conf.set(RuntimeConfig.SHUFFLE_PARTITIONS, 3);
        conf.set(RuntimeConfig.AUTO_BROADCAST_JOIN_THRESHOLD, "-1");
        conf.set(RuntimeConfig.PIVOT_MAX_VALUES, 2);
        assertThat(conf.shufflePartitions()).contains(3);
        assertThat(conf.autoBroadcastJoinThreshold()).contains(-1L);
        assertThat(conf.pivotMaxValues()).isEqualTo(2);
        conf.set(RuntimeConfig.AUTO_BROADCAST_JOIN_THRESHOLD, "1m");
        assertThat(conf.autoBroadcastJoinThreshold()).contains(1L << 20);
        assertThatThrownBy(() -> conf.set(RuntimeConfig.SHUFFLE_PARTITIONS, 0))
                .hasMessage("The value of spark.sql.shuffle.partitions should be positive, but was 0");
        assertThatThrownBy(() -> conf.set(RuntimeConfig.SHUFFLE_PARTITIONS, "many"))
                .hasMessageContaining("[INVALID_CONF_VALUE.TYPE_MISMATCH]").hasMessageContaining("It should be a/an 'int' value.");
        assertThatThrownBy(() -> conf.set(RuntimeConfig.AUTO_BROADCAST_JOIN_THRESHOLD, "big"))
                .hasMessageContaining(RuntimeConfig.AUTO_BROADCAST_JOIN_THRESHOLD);
    }
}
