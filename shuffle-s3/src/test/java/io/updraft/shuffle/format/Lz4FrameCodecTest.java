package io.updraft.shuffle.format;

import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.compression.Lz4CompressionCodec;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorInputStream;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorOutputStream;
import org.apache.commons.compress.compressors.lz4.XXHash32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The aircompressor LZ4 frame codec against commons-compress's (Arrow Java's own): the same wire both ways. */
class Lz4FrameCodecTest {
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void closeAllocator() {
        allocator.close(); // fails the test if anything leaked
    }

    /**
     * Sizes: one byte, a short buffer, a typical 8192-row column. (commons-compress's LZ4 encoder takes minutes on
     * megabytes of column-like bytes, so larger buffers are written by ours only, below.)
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 100, 65_536})
    void eachCodecDecodesWhatTheOtherWrites(int size) {
        byte[] data = columnLike(size, 1);
        byte[] ours = compress(new Lz4FrameCodec(), data);
        byte[] theirs = compress(new Lz4CompressionCodec(), data);
        assertThat(decompress(new Lz4FrameCodec(), theirs)).isEqualTo(data);
        assertThat(decompress(new Lz4CompressionCodec(), ours)).isEqualTo(data);
        assertThat(decompress(new Lz4FrameCodec(), ours)).isEqualTo(data);
        if (size >= 65_536) {
            assertThat(ours.length).as("compressed").isLessThan(size / 2);
        }
    }

    /** A whole 4 MiB block, and buffers of more than one block, decode with either codec. */
    @ParameterizedTest
    @ValueSource(ints = {4 << 20, (4 << 20) + 12_345, 9 << 20})
    void buffersOfSeveralBlocksDecodeWithEitherCodec(int size) {
        byte[] data = columnLike(size, 5);
        byte[] ours = compress(new Lz4FrameCodec(), data);
        assertThat(ours.length).as("compressed").isLessThan(size / 2);
        assertThat(decompress(new Lz4FrameCodec(), ours)).isEqualTo(data);
        assertThat(decompress(new Lz4CompressionCodec(), ours)).isEqualTo(data);
    }

    @Test
    void theFrameIsAStandardLz4FrameAfterArrowsLengthPrefix() throws IOException {
        byte[] data = columnLike(200_000, 2);
        byte[] ours = compress(new Lz4FrameCodec(), data);
        assertThat(Arrays.copyOfRange(ours, 8, 12)).containsExactly(0x04, 0x22, 0x4D, 0x18); // magic, little-endian
        try (var in = new FramedLZ4CompressorInputStream(new ByteArrayInputStream(ours, 8, ours.length - 8))) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
    }

    @Test
    void incompressibleBlocksAreStoredRawAndStillDecode() {
        byte[] random = new byte[300_000];
        new Random(7).nextBytes(random);
        assertThat(decompress(new Lz4CompressionCodec(), compress(new Lz4FrameCodec(), random))).isEqualTo(random);
        // Arrow then keeps the buffer uncompressed (length -1) because LZ4 did not shrink it
        assertThat(longAt(compress(new Lz4FrameCodec(), random), 0)).isEqualTo(-1L);
        // a frame whose block is marked raw (high bit of its size) decodes on the fast path
        byte[] frame = rawBlockFrame(random);
        assertThat(decompress(new Lz4FrameCodec(), frame)).isEqualTo(random);
    }

    @Test
    void framesWithLinkedBlocksChecksumsOrContentSizeDecode() throws IOException {
        byte[] data = columnLike(150_000, 3);
        // linked blocks with block and content checksums: the fast path hands these to commons-compress
        var linked = new FramedLZ4CompressorOutputStream.Parameters(FramedLZ4CompressorOutputStream.BlockSize.K64,
                true, true, true);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (var out = new FramedLZ4CompressorOutputStream(bytes, linked)) {
            out.write(data);
        }
        assertThat(decompress(new Lz4FrameCodec(), withLengthPrefix(data.length, bytes.toByteArray())))
                .isEqualTo(data);
        // a content size in the frame descriptor (FLG bit 3, 8 bytes, covered by the header checksum)
        byte[] frame = compress(new Lz4FrameCodec(), data);
        byte[] sized = new byte[frame.length + 8];
        System.arraycopy(frame, 0, sized, 0, 14);
        sized[12] |= 0x08;
        for (int b = 0; b < 8; b++) {
            sized[14 + b] = (byte) ((long) data.length >>> (8 * b));
        }
        var hash = new XXHash32(0);
        hash.update(sized, 12, 10);
        sized[22] = (byte) (hash.getValue() >>> 8);
        System.arraycopy(frame, 15, sized, 23, frame.length - 15);
        assertThat(decompress(new Lz4FrameCodec(), sized)).isEqualTo(data);
        assertThat(decompress(new Lz4CompressionCodec(), sized)).isEqualTo(data);
        // two frames back to back (the frame format allows it) decode to both contents
        byte[] half = Arrays.copyOf(data, data.length / 2);
        byte[] halfFrame = compress(new Lz4FrameCodec(), half);
        byte[] body = Arrays.copyOfRange(halfFrame, 8, halfFrame.length);
        byte[] two = new byte[body.length * 2];
        System.arraycopy(body, 0, two, 0, body.length);
        System.arraycopy(body, 0, two, body.length, body.length);
        byte[] expected = new byte[half.length * 2];
        System.arraycopy(half, 0, expected, 0, half.length);
        System.arraycopy(half, 0, expected, half.length, half.length);
        assertThat(decompress(new Lz4FrameCodec(), withLengthPrefix(expected.length, two))).isEqualTo(expected);
    }

    @Test
    void corruptFramesFailAndReleaseTheirBuffer() {
        byte[] data = columnLike(100_000, 4);
        byte[] frame = compress(new Lz4FrameCodec(), data);
        byte[] badMagic = frame.clone();
        badMagic[8] ^= 1;
        assertThatThrownBy(() -> decompress(new Lz4FrameCodec(), badMagic)).hasMessageContaining("magic");
        byte[] truncated = Arrays.copyOf(frame, frame.length - 20);
        assertThatThrownBy(() -> decompress(new Lz4FrameCodec(), truncated)).isInstanceOf(RuntimeException.class);
        byte[] wrongLength = frame.clone();
        wrongLength[0] ^= 1; // Arrow's uncompressed length prefix no longer matches the frame
        assertThatThrownBy(() -> decompress(new Lz4FrameCodec(), wrongLength)).isInstanceOf(RuntimeException.class);
    }

    /** Whole IPC streams: written with one factory's LZ4, read with the other's. */
    @Test
    void ipcStreamsCrossBetweenTheCodecs() throws IOException {
        byte[] ours = ipcStream(CompressionFactory.INSTANCE);
        byte[] theirs = ipcStream(CommonsCompressionFactory.INSTANCE);
        assertThat(readKeys(ours, CommonsCompressionFactory.INSTANCE)).isEqualTo(readKeys(theirs,
                CompressionFactory.INSTANCE));
        assertThat(readKeys(ours, CompressionFactory.INSTANCE)).isEqualTo(12_000L * 11_999 / 2);
    }

    private byte[] ipcStream(CompressionCodec.Factory factory) throws IOException {
        Schema schema = new Schema(List.of(Field.nullable("k", new ArrowType.Int(64, true)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
             ArrowStreamWriter writer = new ArrowStreamWriter(root, null, Channels.newChannel(bytes),
                     IpcOption.DEFAULT, factory, CompressionUtil.CodecType.LZ4_FRAME)) {
            writer.start();
            for (int batch = 0; batch < 3; batch++) {
                BigIntVector k = (BigIntVector) root.getVector(0);
                VarCharVector s = (VarCharVector) root.getVector(1);
                k.allocateNew(4_000);
                s.allocateNew(4_000);
                for (int i = 0; i < 4_000; i++) {
                    k.set(i, batch * 4_000L + i);
                    s.setSafe(i, ("order-" + (i % 97)).getBytes(StandardCharsets.UTF_8));
                }
                root.setRowCount(4_000);
                writer.writeBatch();
            }
            writer.end();
        }
        return bytes.toByteArray();
    }

    private long readKeys(byte[] stream, CompressionCodec.Factory factory) throws IOException {
        long sum = 0;
        try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(stream), allocator, factory)) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                BigIntVector k = (BigIntVector) root.getVector(0);
                VarCharVector s = (VarCharVector) root.getVector(1);
                for (int i = 0; i < root.getRowCount(); i++) {
                    sum += k.get(i);
                    assertThat(new String(s.get(i), StandardCharsets.UTF_8)).isEqualTo("order-" + (i % 97));
                }
            }
        }
        return sum;
    }

    /** Bytes that compress like an Arrow column: small little-endian longs with some noise. */
    private static byte[] columnLike(int size, long seed) {
        Random random = new Random(seed);
        byte[] data = new byte[size];
        for (int i = 0; i + 8 <= size; i += 8) {
            long v = random.nextInt(5000);
            for (int b = 0; b < 8; b++) {
                data[i + b] = (byte) (v >>> (8 * b));
            }
        }
        for (int i = size - size % 8; i < size; i++) {
            data[i] = (byte) i;
        }
        return data;
    }

    private byte[] compress(CompressionCodec codec, byte[] data) {
        ArrowBuf in = allocator.buffer(data.length);
        in.setBytes(0, data);
        in.writerIndex(data.length);
        try (ArrowBuf out = codec.compress(allocator, in)) { // compress closes its input
            byte[] bytes = new byte[(int) out.writerIndex()];
            out.getBytes(0, bytes);
            return bytes;
        }
    }

    private byte[] decompress(CompressionCodec codec, byte[] compressed) {
        ArrowBuf in = allocator.buffer(compressed.length);
        in.setBytes(0, compressed);
        in.writerIndex(compressed.length);
        try (ArrowBuf out = codec.decompress(allocator, in)) { // decompress closes its input when it succeeds
            byte[] bytes = new byte[(int) out.writerIndex()];
            out.getBytes(0, bytes);
            return bytes;
        } catch (RuntimeException e) {
            in.close(); // Arrow's codecs leave the input to the caller when they fail
            throw e;
        }
    }

    private static byte[] withLengthPrefix(long length, byte[] frame) {
        byte[] out = new byte[8 + frame.length];
        for (int b = 0; b < 8; b++) {
            out[b] = (byte) (length >>> (8 * b));
        }
        System.arraycopy(frame, 0, out, 8, frame.length);
        return out;
    }

    /** A frame of one block stored raw (no LZ4 sequences), as any writer may emit for incompressible data. */
    private static byte[] rawBlockFrame(byte[] data) {
        byte[] frame = new byte[7 + 4 + data.length + 4];
        frame[0] = 0x04;
        frame[1] = 0x22;
        frame[2] = 0x4D;
        frame[3] = 0x18;
        frame[4] = 0x60;
        frame[5] = 0x70;
        var hash = new XXHash32(0);
        hash.update(frame, 4, 2);
        frame[6] = (byte) (hash.getValue() >>> 8);
        int size = data.length | 0x80000000;
        for (int b = 0; b < 4; b++) {
            frame[7 + b] = (byte) (size >>> (8 * b));
        }
        System.arraycopy(data, 0, frame, 11, data.length);
        return withLengthPrefix(data.length, frame);
    }

    private static long longAt(byte[] bytes, int offset) {
        long v = 0;
        for (int b = 7; b >= 0; b--) {
            v = (v << 8) | (bytes[offset + b] & 0xFF);
        }
        return v;
    }
}
