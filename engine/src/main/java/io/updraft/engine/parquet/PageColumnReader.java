package io.updraft.engine.parquet;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Vectors;
import io.updraft.engine.vector.Decimals;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumSet;
import java.util.Set;

/**
 * Decodes one flat column chunk page by page, many values per call, straight into Arrow buffers: definition
 * levels and dictionary ids through {@link RleHybridDecoder}, plain fixed-width values copied in bulk where no
 * value is null, dictionaries decoded once into primitive arrays. parquet-java only reads, decompresses and
 * frames the pages ({@link PageReader}); it decodes no value. Serves the chunks {@link #supports} accepts (the
 * common encodings of the common types); the others go through {@link ColumnDecoder}, value at a time.
 */
final class PageColumnReader {
    /** Little-endian 8-byte reads from a heap page's array. */
    private static final VarHandle PAGE_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final Set<Encoding> DECODED = EnumSet.of(Encoding.PLAIN, Encoding.PLAIN_DICTIONARY,
            Encoding.RLE_DICTIONARY, Encoding.RLE, Encoding.BIT_PACKED);

    private enum Kind { FIXED4, FIXED8, DECIMAL32, DECIMAL64, BYTES }

    private final ParquetColumn column;
    private final PageReader pages;
    private final Kind kind;
    private final int maxDefinition;

    /** The chunk's dictionary, by kind: raw 4-byte values, raw 8-byte values, or bytes; null without one. */
    private int[] dictionary4;
    private long[] dictionary8;
    private byte[][] dictionaryBytes;
    /** The first (up to) 8 bytes of each dictionary value, little-endian: one store for short strings. */
    private long[] dictionaryWords;

    /** The current page: values left, its values buffer (little-endian) and read position, its decoders. */
    private int pageLeft;
    private ByteBuffer values;
    private int valuesPos;
    private RleHybridDecoder definitions;
    /** Definition levels of a page that encodes them BIT_PACKED (deprecated), decoded when it is opened. */
    private int[] packedLevels;
    private int packedLevelsPos;
    private RleHybridDecoder ids;

    private int[] levels = new int[0];
    private int[] idScratch = new int[0];

    /** Whether this reader decodes {@code chunk} of {@code column} (else {@link ColumnDecoder} does). */
    static boolean supports(ParquetColumn column, ColumnChunkMetaData chunk) {
        if (kind(column) == null || !DECODED.containsAll(chunk.getEncodings())) {
            return false;
        }
        // BIT_PACKED: the deprecated level encoding parquet-java's V1 writer names for absent levels
        return column.descriptor().getMaxRepetitionLevel() == 0 && column.descriptor().getMaxDefinitionLevel() <= 1;
    }

    private static Kind kind(ParquetColumn column) {
        return switch (column.conversion()) {
            case INT32, FLOAT -> Kind.FIXED4;
            case INT64, TIMESTAMP_MICROS, DOUBLE -> Kind.FIXED8;
            case DECIMAL_INT32 -> Kind.DECIMAL32;
            case DECIMAL_INT64 -> Kind.DECIMAL64;
            case STRING, BINARY -> Kind.BYTES;
            default -> null;
        };
    }

    PageColumnReader(ParquetColumn column, PageReader pages) {
        this.column = column;
        this.pages = pages;
        this.kind = kind(column);
        this.maxDefinition = column.descriptor().getMaxDefinitionLevel();
        DictionaryPage page = pages.readDictionaryPage();
        if (page != null) {
            try {
                decodeDictionary(page.getEncoding().initDictionary(column.descriptor(), page));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private void decodeDictionary(Dictionary d) {
        int size = d.getMaxId() + 1;
        switch (kind) {
            case FIXED4, DECIMAL32 -> {
                dictionary4 = new int[size];
                boolean isFloat = column.conversion() == ParquetColumn.Conversion.FLOAT;
                for (int id = 0; id < size; id++) {
                    dictionary4[id] = isFloat ? Float.floatToRawIntBits(d.decodeToFloat(id)) : d.decodeToInt(id);
                }
            }
            case FIXED8, DECIMAL64 -> {
                dictionary8 = new long[size];
                boolean isDouble = column.conversion() == ParquetColumn.Conversion.DOUBLE;
                for (int id = 0; id < size; id++) {
                    dictionary8[id] = isDouble ? Double.doubleToRawLongBits(d.decodeToDouble(id)) : d.decodeToLong(id);
                }
            }
            case BYTES -> {
                dictionaryBytes = new byte[size][];
                dictionaryWords = new long[size];
                for (int id = 0; id < size; id++) {
                    byte[] value = d.decodeToBinary(id).getBytes();
                    dictionaryBytes[id] = value;
                    for (int b = Math.min(value.length, 8) - 1; b >= 0; b--) {
                        dictionaryWords[id] = dictionaryWords[id] << 8 | (value[b] & 0xFF);
                    }
                }
            }
        }
    }

    /** Reads the next {@code n} values into {@code out}, an empty vector of the column's type. */
    void read(FieldVector out, int n) {
        if (out instanceof BaseFixedWidthVector fixed) {
            // every value slot is written below (null slots with zeros), so the data buffer is not zeroed first
            Vectors.allocateForOverwrite(fixed, Math.max(n, 1));
        } else {
            ((BaseVariableWidthVector) out).allocateNew(Math.max(n * 16L, 64), Math.max(n, 1));
            out.getOffsetBuffer().setInt(0, 0);
        }
        if (levels.length < n) {
            levels = new int[n];
            idScratch = new int[n];
        }
        ArrowBuf validity = out.getValidityBuffer();
        long bytesEnd = 0;
        int done = 0;
        while (done < n) {
            if (pageLeft == 0) {
                nextPage();
            }
            int k = Math.min(n - done, pageLeft);
            int present = k;
            if (definitions != null || packedLevels != null) {
                if (definitions != null) {
                    definitions.read(levels, 0, k);
                } else {
                    System.arraycopy(packedLevels, packedLevelsPos, levels, 0, k);
                    packedLevelsPos += k;
                }
                present = 0;
                for (int i = 0; i < k; i++) {
                    if (levels[i] == maxDefinition) {
                        present++;
                        Bits.set(validity, done + i);
                    }
                }
            }
            boolean dense = present == k;
            if (ids != null) {
                ids.read(idScratch, 0, present);
            }
            switch (kind) {
                case FIXED4 -> fixed4(out.getDataBuffer(), done, k, present, dense);
                case FIXED8 -> fixed8(out.getDataBuffer(), done, k, present, dense);
                case DECIMAL32, DECIMAL64 -> decimals(out.getDataBuffer(), done, k, dense);
                case BYTES -> bytesEnd = bytes((BaseVariableWidthVector) out, done, k, dense, bytesEnd);
            }
            pageLeft -= k;
            done += k;
        }
        if (maxDefinition == 0) {
            Bits.setAll(validity, n);
        }
        if (out instanceof BaseVariableWidthVector variable) {
            variable.setLastSet(n - 1);
        }
        out.setValueCount(n);
    }

    private void fixed4(ArrowBuf data, int at, int k, int present, boolean dense) {
        if (ids == null && dense) {
            data.setBytes((long) at << 2, slice(values, valuesPos, present << 2));
            valuesPos += present << 2;
            return;
        }
        int next = 0;
        for (int i = 0; i < k; i++) {
            if (dense || levels[i] == maxDefinition) {
                int v;
                if (ids != null) {
                    v = dictionary4[idScratch[next++]];
                } else {
                    v = values.getInt(valuesPos);
                    valuesPos += 4;
                }
                data.setInt((long) (at + i) << 2, v);
            } else {
                data.setInt((long) (at + i) << 2, 0);
            }
        }
    }

    private void fixed8(ArrowBuf data, int at, int k, int present, boolean dense) {
        if (ids == null && dense) {
            data.setBytes((long) at << 3, slice(values, valuesPos, present << 3));
            valuesPos += present << 3;
            return;
        }
        int next = 0;
        for (int i = 0; i < k; i++) {
            if (dense || levels[i] == maxDefinition) {
                long v;
                if (ids != null) {
                    v = dictionary8[idScratch[next++]];
                } else {
                    v = values.getLong(valuesPos);
                    valuesPos += 8;
                }
                data.setLong((long) (at + i) << 3, v);
            } else {
                data.setLong((long) (at + i) << 3, 0);
            }
        }
    }

    /** Decimals stored as INT32 or INT64, widened into the 16-byte decimal vector. */
    private void decimals(ArrowBuf data, int at, int k, boolean dense) {
        boolean ints = kind == Kind.DECIMAL32;
        if (dense) {
            // one loop per source: the low word is the value, the high word its sign extension
            long o = (long) at << 4;
            if (ids != null) {
                int[] id = idScratch;
                if (ints) {
                    int[] d = dictionary4;
                    for (int i = 0; i < k; i++, o += 16) {
                        long v = d[id[i]];
                        data.setLong(o, v);
                        data.setLong(o + 8, v >> 63);
                    }
                } else {
                    long[] d = dictionary8;
                    for (int i = 0; i < k; i++, o += 16) {
                        long v = d[id[i]];
                        data.setLong(o, v);
                        data.setLong(o + 8, v >> 63);
                    }
                }
            } else if (ints) {
                ByteBuffer in = values;
                int p = valuesPos;
                for (int i = 0; i < k; i++, o += 16, p += 4) {
                    long v = in.getInt(p);
                    data.setLong(o, v);
                    data.setLong(o + 8, v >> 63);
                }
                valuesPos = p;
            } else {
                ByteBuffer in = values;
                int p = valuesPos;
                for (int i = 0; i < k; i++, o += 16, p += 8) {
                    long v = in.getLong(p);
                    data.setLong(o, v);
                    data.setLong(o + 8, v >> 63);
                }
                valuesPos = p;
            }
            return;
        }
        int next = 0;
        for (int i = 0; i < k; i++) {
            if (dense || levels[i] == maxDefinition) {
                long v;
                if (ids != null) {
                    v = ints ? dictionary4[idScratch[next++]] : dictionary8[idScratch[next++]];
                } else if (ints) {
                    v = values.getInt(valuesPos);
                    valuesPos += 4;
                } else {
                    v = values.getLong(valuesPos);
                    valuesPos += 8;
                }
                Decimals.setLong(data, at + i, v);
            } else {
                Decimals.setLong(data, at + i, 0);
            }
        }
    }

    /** Strings and binaries: plain values are a 4-byte length and the bytes. Returns the data end. */
    private long bytes(BaseVariableWidthVector out, int at, int k, boolean dense, long end) {
        ArrowBuf offsets = out.getOffsetBuffer();
        ArrowBuf data = out.getDataBuffer();
        int next = 0;
        for (int i = 0; i < k; i++) {
            if (dense || levels[i] == maxDefinition) {
                int length;
                // a short value is one 8-byte store where the data buffer has the room (the bytes past the value
                // are overwritten by the next one or lie beyond the vector's data)
                if (ids != null) {
                    int id = idScratch[next++];
                    byte[] value = dictionaryBytes[id];
                    length = value.length;
                    while (data.capacity() < end + length) {
                        out.reallocDataBuffer();
                        data = out.getDataBuffer();
                    }
                    if (length <= 8 && end + 8 <= data.capacity()) {
                        data.setLong(end, dictionaryWords[id]);
                    } else {
                        data.setBytes(end, value, 0, length);
                    }
                } else {
                    length = values.getInt(valuesPos);
                    if (length < 0 || valuesPos + 4L + length > values.limit()) {
                        throw new IllegalStateException("a value of " + length + " bytes runs past its page");
                    }
                    while (data.capacity() < end + length) {
                        out.reallocDataBuffer();
                        data = out.getDataBuffer();
                    }
                    int from = valuesPos + 4;
                    if (values.hasArray()) {
                        byte[] page = values.array();
                        int offset = values.arrayOffset() + from;
                        if (length <= 8 && offset + 8 <= page.length && end + 8 <= data.capacity()) {
                            data.setLong(end, (long) PAGE_LONGS.get(page, offset));
                        } else {
                            data.setBytes(end, page, offset, length);
                        }
                    } else {
                        data.setBytes(end, values, from, length);
                    }
                    valuesPos += 4 + length;
                }
                end += length;
                if (end > Integer.MAX_VALUE) {
                    throw new IllegalStateException("a batch of strings of column " + column.name()
                            + " holds more than 2 GiB; lower the batch size");
                }
            }
            offsets.setInt((long) (at + i + 1) << 2, (int) end);
        }
        return end;
    }

    private static ByteBuffer slice(ByteBuffer buf, int from, int length) {
        if (from + length > buf.limit()) {
            throw new IllegalStateException("a page holds fewer values than its header says");
        }
        return buf.duplicate().limit(from + length).position(from);
    }

    private void nextPage() {
        DataPage page = pages.readPage();
        if (page == null) {
            throw new IllegalStateException("column chunk " + column.name() + " has fewer values than its row group");
        }
        try {
            if (page instanceof DataPageV1 v1) {
                ByteBuffer buf = v1.getBytes().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                int pos = buf.position();
                definitions = null;
                packedLevels = null;
                if (maxDefinition > 0 && v1.getDlEncoding() == Encoding.BIT_PACKED) {
                    pos = readBitPackedLevels(buf, pos, v1.getValueCount());
                } else if (maxDefinition > 0) {
                    if (v1.getDlEncoding() != Encoding.RLE) {
                        throw new IllegalStateException("definition levels encoded " + v1.getDlEncoding());
                    }
                    int length = buf.getInt(pos);
                    if (length < 0 || pos + 4L + length > buf.limit()) {
                        throw new IllegalStateException("definition levels of " + length + " bytes");
                    }
                    definitions = new RleHybridDecoder(buf, pos + 4, pos + 4 + length, 1);
                    pos += 4 + length;
                }
                startValues(v1.getValueEncoding(), buf, pos, v1.getValueCount());
            } else if (page instanceof DataPageV2 v2) {
                definitions = null;
                packedLevels = null;
                if (maxDefinition > 0) {
                    ByteBuffer levelBytes = v2.getDefinitionLevels().toByteBuffer();
                    definitions = new RleHybridDecoder(levelBytes, levelBytes.position(), levelBytes.limit(), 1);
                }
                ByteBuffer buf = v2.getData().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                startValues(v2.getDataEncoding(), buf, buf.position(), v2.getValueCount());
            } else {
                throw new IllegalStateException("a data page of kind " + page.getClass().getSimpleName());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** BIT_PACKED levels (one bit each here): most significant bit first, no length prefix. Returns the end. */
    private int readBitPackedLevels(ByteBuffer buf, int pos, int count) {
        int bytes = (count + 7) >>> 3;
        if (pos + bytes > buf.limit()) {
            throw new IllegalStateException("bit-packed definition levels run past their page");
        }
        packedLevels = new int[count];
        for (int i = 0; i < count; i++) {
            packedLevels[i] = (buf.get(pos + (i >>> 3)) >>> (7 - (i & 7))) & 1;
        }
        packedLevelsPos = 0;
        return pos + bytes;
    }

    private void startValues(Encoding encoding, ByteBuffer buf, int pos, int valueCount) {
        if (valueCount <= 0) {
            throw new IllegalStateException("a data page of " + valueCount + " values");
        }
        values = buf;
        pageLeft = valueCount;
        if (encoding == Encoding.PLAIN) {
            ids = null;
            valuesPos = pos;
        } else if (encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY) {
            if (dictionary4 == null && dictionary8 == null && dictionaryBytes == null) {
                throw new IllegalStateException("a dictionary-encoded page without a dictionary page");
            }
            if (pos >= buf.limit()) {
                throw new IllegalStateException("a dictionary-encoded page without its bit width");
            }
            int bitWidth = buf.get(pos) & 0xFF;
            ids = new RleHybridDecoder(buf, pos + 1, buf.limit(), bitWidth);
        } else {
            throw new IllegalStateException("values encoded " + encoding);
        }
    }
}
