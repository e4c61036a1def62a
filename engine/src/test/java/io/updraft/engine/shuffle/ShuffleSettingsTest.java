package io.updraft.engine.shuffle;

import io.updraft.core.error.UpdraftException;
import io.updraft.shuffle.format.ShuffleCodec;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ShuffleSettingsTest {

    @Test
    void noCompressionForALocalRootAndZstdForS3ByDefault() {
        assertThat(ShuffleSettings.from(Map.of(ShuffleSettings.ROOT, "/tmp/shuffle")).codec())
                .isEqualTo(ShuffleCodec.NONE);
        assertThat(ShuffleSettings.from(Map.of(ShuffleSettings.ROOT, "file:/tmp/shuffle")).codec())
                .isEqualTo(ShuffleCodec.NONE);
        assertThat(ShuffleSettings.from(Map.of(ShuffleSettings.ROOT, "s3://bucket/prefix")).codec())
                .isEqualTo(ShuffleCodec.ZSTD);
    }

    @Test
    void anExplicitCodecWins() {
        assertThat(ShuffleSettings.from(Map.of(ShuffleSettings.ROOT, "/tmp/shuffle", ShuffleSettings.CODEC, "lz4"))
                .codec()).isEqualTo(ShuffleCodec.LZ4);
        assertThat(ShuffleSettings.from(Map.of(ShuffleSettings.ROOT, "s3://b/p", ShuffleSettings.CODEC, " None "))
                .codec()).isEqualTo(ShuffleCodec.NONE);
        assertThatThrownBy(() -> ShuffleSettings.from(Map.of(ShuffleSettings.ROOT, "/tmp/s",
                ShuffleSettings.CODEC, "snappy"))).isInstanceOf(UpdraftException.class)
                .hasMessageContaining("updraft.shuffle.codec").hasMessageContaining("lz4, zstd or none");
    }
}
