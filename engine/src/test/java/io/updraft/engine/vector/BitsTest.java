package io.updraft.engine.vector;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BitsTest {
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    @Test
    void wordsNeverTouchBytesPastTheEnd() {
        // 70 bits need 9 bytes: one whole word and one partial byte
        try (ArrowBuf a = allocator.buffer(9); ArrowBuf b = allocator.buffer(9); ArrowBuf out = allocator.buffer(9)) {
            a.setZero(0, 9);
            b.setZero(0, 9);
            out.setZero(0, 9);
            for (int i = 0; i < 70; i += 3) {
                Bits.set(a, i);
            }
            Bits.setAll(b, 70);
            Bits.clear(b, 69);
            Bits.and(a, b, out, 70);
            assertThat(Bits.count(out, 70)).isEqualTo(23);
            assertThat(Bits.get(out, 66)).isTrue();
            assertThat(Bits.get(out, 69)).isFalse();
            assertThat(Bits.allSet(b, 69)).isTrue();
            assertThat(Bits.allSet(b, 70)).isFalse();
        }
    }
}
