package io.updraft.coordinator.job;

import io.updraft.shuffle.format.ShuffleKeys;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ShuffleObjectNamesTest {
    @Test
    void readsTheMapAttemptBackFromAnS3OrFileUri() {
        String key = ShuffleKeys.mapOutput("job-3-0a1b2c3d", 4, 17, 2);
        assertThat(ShuffleObjectNames.parse("s3://bucket/prefix/" + key))
                .isEqualTo(new ShuffleObjectNames.MapAttempt("job-3-0a1b2c3d", 4, 17, 2));
        assertThat(ShuffleObjectNames.parse("file:///tmp/shuffle-root/" + key + " "))
                .isEqualTo(new ShuffleObjectNames.MapAttempt("job-3-0a1b2c3d", 4, 17, 2));
    }

    @Test
    void anythingElseIsNotAMapAttempt() {
        assertThat(ShuffleObjectNames.parse("s3://bucket/data/lineitem.parquet")).isNull();
        assertThat(ShuffleObjectNames.parse(null)).isNull();
        assertThat(ShuffleObjectNames.parse("x/s99999999999/t1-a1.arrow")).isNull();
    }
}
