package io.updraft.shuffle.format;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.lz4.Lz4RawCompressor;
import io.airlift.compress.lz4.Lz4RawDecompressor;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.AbstractCompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorInputStream;
import org.apache.commons.compress.compressors.lz4.XXHash32;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Arrow IPC's {@code LZ4_FRAME} buffer compression with aircompressor's LZ4 block coder, straight between Arrow's
 * off-heap buffers (no heap copies, no per-buffer hash tables): the same wire as Arrow Java's commons-compress codec
 * and Arrow C++'s, so any Arrow reader decodes what it writes, and it decodes theirs.
 *
 * <p>Written: one standard LZ4 frame per buffer (after Arrow's 8-byte uncompressed length): magic, FLG = version 1
 * with independent blocks and no checksums, BD = 4 MiB blocks, the header checksum, each block compressed (or stored
 * raw, high bit of its size set, when LZ4 does not shrink it), the end mark. No content checksum (Arrow C++ writes
 * none either; commons-compress writes one).
 *
 * <p>Read: frames of independent blocks, with or without a content size, back to back, by the fast path; a content
 * checksum is skipped, not verified (the LZ4 decoder still rejects blocks that do not decode to the stated length).
 * Frames the fast path does not take — linked blocks (Arrow C++'s default), block checksums, a dictionary id — go to
 * commons-compress's frame reader, so every valid frame decodes. Not thread-safe (one per IPC writer or reader, as
 * Arrow creates them).
 */
public final class Lz4FrameCodec extends AbstractCompressionCodec {
    static final int MAGIC = 0x184D2204;
    static final int BLOCK_BYTES = 4 << 20;
    private static final int FLG = 0x60; // version 01, independent blocks, no block or content checksum, no size
    private static final int BD = 0x70; // 4 MiB maximum block size
    private static final int FLG_BLOCK_INDEPENDENCE = 0x20;
    private static final int FLG_BLOCK_CHECKSUM = 0x10;
    private static final int FLG_CONTENT_SIZE = 0x08;
    private static final int FLG_CONTENT_CHECKSUM = 0x04;
    private static final int FLG_DICTIONARY_ID = 0x01;
    private static final int RAW_BLOCK = 0x80000000;
    private static final byte HEADER_CHECKSUM = headerChecksum(new byte[] {(byte) FLG, (byte) BD}, 0, 2);
    private static final long PREFIX = CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH;

    private final int[] table = new int[Lz4RawCompressor.MAX_TABLE_SIZE];

    @Override
    public CompressionUtil.CodecType getCodecType() {
        return CompressionUtil.CodecType.LZ4_FRAME;
    }

    /** The largest frame {@link #doCompress} writes for {@code length} bytes (header, blocks, end mark). */
    static long maxFrameLength(long length) {
        long blocks = Math.max(1, (length + BLOCK_BYTES - 1) / BLOCK_BYTES);
        return 7 + blocks * (4L + Lz4RawCompressor.maxCompressedLength(BLOCK_BYTES)) + 4;
    }

    @Override
    protected ArrowBuf doCompress(BufferAllocator allocator, ArrowBuf uncompressed) {
        long length = uncompressed.writerIndex();
        ArrowBuf out = allocator.buffer(PREFIX + maxFrameLength(length));
        try {
            long in = uncompressed.memoryAddress();
            long base = out.memoryAddress();
            long pos = PREFIX;
            out.setInt(pos, MAGIC);
            out.setByte(pos + 4, FLG);
            out.setByte(pos + 5, BD);
            out.setByte(pos + 6, HEADER_CHECKSUM);
            pos += 7;
            for (long offset = 0; offset < length; offset += BLOCK_BYTES) {
                int n = (int) Math.min(BLOCK_BYTES, length - offset);
                int room = Lz4RawCompressor.maxCompressedLength(n);
                int written = Lz4RawCompressor.compress(null, in + offset, n, null, base + pos + 4, room, table);
                if (written >= n) {
                    out.setInt(pos, n | RAW_BLOCK);
                    out.setBytes(pos + 4, uncompressed, offset, n);
                    written = n;
                } else {
                    out.setInt(pos, written);
                }
                pos += 4 + written;
            }
            out.setInt(pos, 0); // end mark
            out.writerIndex(pos + 4);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    @Override
    protected ArrowBuf doDecompress(BufferAllocator allocator, ArrowBuf compressed) {
        long total = readUncompressedLength(compressed);
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("LZ4 frame of " + total + " bytes is larger than a buffer can be");
        }
        ArrowBuf out = allocator.buffer(total);
        try {
            long limit = compressed.writerIndex();
            long pos = PREFIX;
            long written = 0;
            while (pos < limit) {
                long next = decodeFrame(compressed, pos, limit, out, written, total);
                if (next < 0) { // a frame the fast path does not take: the whole buffer through commons-compress
                    written = decodeWithCommons(compressed, out, total);
                    break;
                }
                pos = next;
                written = out.writerIndex();
            }
            if (written != total) {
                throw new IllegalArgumentException("LZ4 frame decoded to " + written + " bytes, its header says "
                        + total);
            }
            out.writerIndex(total);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /**
     * Decodes the frame at {@code pos} into {@code out} from {@code written} on (setting its writer index past what it
     * wrote); returns where the next frame starts, or -1 when the frame has a feature left to commons-compress.
     */
    private static long decodeFrame(ArrowBuf in, long pos, long limit, ArrowBuf out, long written, long total) {
        require(pos + 7 <= limit && in.getInt(pos) == MAGIC, "not an LZ4 frame (bad magic number)");
        int flg = in.getByte(pos + 4) & 0xFF;
        require((flg >>> 6) == 1, "unsupported LZ4 frame version");
        if ((flg & FLG_BLOCK_INDEPENDENCE) == 0 || (flg & (FLG_BLOCK_CHECKSUM | FLG_DICTIONARY_ID)) != 0) {
            return -1;
        }
        int descriptor = 2 + ((flg & FLG_CONTENT_SIZE) != 0 ? 8 : 0);
        require(pos + 4 + descriptor + 1 <= limit, "truncated LZ4 frame header");
        byte[] header = new byte[descriptor];
        in.getBytes(pos + 4, header);
        require(headerChecksum(header, 0, descriptor) == in.getByte(pos + 4 + descriptor), "bad LZ4 header checksum");
        pos += 4 + descriptor + 1;
        long inBase = in.memoryAddress();
        long outBase = out.memoryAddress();
        while (true) {
            require(pos + 4 <= limit, "truncated LZ4 frame");
            int size = in.getInt(pos);
            pos += 4;
            if (size == 0) {
                break;
            }
            int n = size & ~RAW_BLOCK;
            require(pos + n <= limit, "truncated LZ4 block");
            if ((size & RAW_BLOCK) != 0) {
                require(written + n <= total, "LZ4 frame is longer than its header says");
                out.setBytes(written, in, pos, n);
                written += n;
            } else {
                require(n > 0 && written < total, "LZ4 frame is longer than its header says");
                try {
                    written += Lz4RawDecompressor.decompress(null, inBase + pos, inBase + pos + n, null,
                            outBase + written, outBase + total);
                } catch (MalformedInputException e) {
                    throw new IllegalArgumentException("malformed LZ4 block: " + e.getMessage(), e);
                }
            }
            pos += n;
        }
        if ((flg & FLG_CONTENT_CHECKSUM) != 0) {
            require(pos + 4 <= limit, "truncated LZ4 content checksum");
            pos += 4;
        }
        out.writerIndex(written);
        return pos;
    }

    private static long decodeWithCommons(ArrowBuf in, ArrowBuf out, long total) {
        byte[] frame = new byte[(int) (in.writerIndex() - PREFIX)];
        in.getBytes(PREFIX, frame);
        byte[] chunk = new byte[64 * 1024];
        long written = 0;
        try (InputStream lz4 = new FramedLZ4CompressorInputStream(new ByteArrayInputStream(frame), true)) {
            for (int n = lz4.read(chunk); n > 0; n = lz4.read(chunk)) {
                require(written + n <= total, "LZ4 frame is longer than its header says");
                out.setBytes(written, chunk, 0, n);
                written += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("malformed LZ4 frame: " + e.getMessage(), e);
        }
        return written;
    }

    private static byte headerChecksum(byte[] descriptor, int offset, int length) {
        XXHash32 hash = new XXHash32(0);
        hash.update(descriptor, offset, length);
        return (byte) (hash.getValue() >>> 8);
    }

    private static void require(boolean ok, String why) {
        if (!ok) {
            throw new IllegalArgumentException(why);
        }
    }
}
