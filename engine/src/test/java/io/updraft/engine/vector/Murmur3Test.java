package io.updraft.engine.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Shuffle partitioning must not change between JVMs or versions: pin published MurmurHash3_x86_32 values. */
class Murmur3Test {
    @Test
    void matchesReferenceVectors() {
        assertThat(Murmur3.hashBytes(new byte[0], 0)).isEqualTo(0);
        assertThat(Murmur3.hashBytes(new byte[0], 1)).isEqualTo(0x514E28B7);
        assertThat(Murmur3.hashBytes(new byte[0], 0xffffffff)).isEqualTo(0x81F16F39);
        assertThat(Murmur3.hashBytes(new byte[] {0, 0, 0, 0}, 0)).isEqualTo(0x2362F9DE);
        assertThat(Murmur3.hashBytes("Hello, world!".getBytes(StandardCharsets.UTF_8), 1234)).isEqualTo(0xFAF6CDB3);
        assertThat(Murmur3.hashBytes("The quick brown fox jumps over the lazy dog".getBytes(StandardCharsets.UTF_8),
                0x9747b28c)).isEqualTo(0x2FA826CD);
    }

    @Test
    void intsLongsAndArrowBuffersHashLikeTheirLittleEndianBytes() {
        assertThat(Murmur3.hashInt(0x04030201, 42)).isEqualTo(Murmur3.hashBytes(new byte[] {1, 2, 3, 4}, 42));
        assertThat(Murmur3.hashLong(0x0807060504030201L, 7))
                .isEqualTo(Murmur3.hashBytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 7));
        byte[] text = "shuffle keys, 23 bytes!".getBytes(StandardCharsets.UTF_8);
        try (BufferAllocator allocator = new RootAllocator(); ArrowBuf buf = allocator.buffer(64)) {
            buf.setBytes(5, text);
            assertThat(Murmur3.hashBytes(buf, 5, text.length, 99)).isEqualTo(Murmur3.hashBytes(text, 99));
        }
        assertThat(Murmur3.partition(-7, 4)).isEqualTo(1);
    }
}
