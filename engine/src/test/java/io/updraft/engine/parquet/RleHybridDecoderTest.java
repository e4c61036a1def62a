package io.updraft.engine.parquet;

import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Our RLE / bit-packing hybrid decoder against parquet-java's encoder, for every bit width. */
class RleHybridDecoderTest {
    @Test
    void decodesWhatParquetJavaEncodesAtEveryBitWidth() throws IOException {
        Random random = new Random(42);
        for (int width = 1; width <= 32; width++) {
            int n = 10_000;
            int[] values = new int[n];
            long bound = 1L << width;
            for (int i = 0; i < n; i++) {
                // runs (repeated values) and noise (bit-packed groups), values up to the width's maximum
                values[i] = i % 1000 < 300 ? (int) (bound - 1) : (int) (random.nextLong() & (bound - 1));
            }
            RunLengthBitPackingHybridEncoder encoder = new RunLengthBitPackingHybridEncoder(width, 64, 1 << 20,
                    new HeapByteBufferAllocator());
            for (int v : values) {
                encoder.writeInt(v);
            }
            byte[] bytes = encoder.toBytes().toByteArray();
            // at an offset inside a larger buffer, as in a page: a heap buffer, a heap slice (its array offset is
            // not 0) and a direct buffer (no array) take the decoder's two read paths
            ByteBuffer heap = ByteBuffer.allocate(bytes.length + 7);
            heap.position(3);
            heap.put(bytes);
            ByteBuffer slice = ByteBuffer.allocate(bytes.length + 12).position(5).slice();
            slice.position(3);
            slice.put(bytes);
            ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 7);
            direct.position(3);
            direct.put(bytes);
            for (ByteBuffer page : new ByteBuffer[] {heap, slice, direct}) {
                RleHybridDecoder decoder = new RleHybridDecoder(page, 3, 3 + bytes.length, width);
                int[] out = new int[n];
                int done = 0;
                for (int chunk : new int[] {1, 7, 64, 1000, 3333}) {
                    int k = Math.min(chunk, n - done);
                    decoder.read(out, done, k);
                    done += k;
                }
                decoder.read(out, done, n - done);
                assertThat(out).as("bit width %d, %s", width, page).isEqualTo(values);
            }
            encoder.close();
        }
    }

    @Test
    void truncatedRunsAreCorruptPages() {
        // a bit-packed run header promising 8 groups of 3 bits, then a single byte
        ByteBuffer page = ByteBuffer.wrap(new byte[] {(byte) ((8 << 1) | 1), 0x55});
        RleHybridDecoder decoder = new RleHybridDecoder(page, 0, 2, 3);
        int[] out = new int[64];
        assertThatThrownBy(() -> decoder.read(out, 0, 64)).isInstanceOf(IllegalStateException.class);
        ByteBuffer repeated = ByteBuffer.wrap(new byte[] {(byte) (5 << 1)});
        assertThatThrownBy(() -> new RleHybridDecoder(repeated, 0, 1, 9).read(out, 0, 5))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("ends before");
    }
}
