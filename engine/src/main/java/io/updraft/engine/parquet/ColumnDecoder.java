package io.updraft.engine.parquet;

import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Decodes values of one Parquet column chunk, through parquet-java's {@link ColumnReader}, straight
 * into an Arrow vector of the column's SQL type. One loop per conversion; the definition level is
 * checked only for optional columns.
 */
final class ColumnDecoder {
    /** Julian day number of 1970-01-01 (INT96 timestamps count days from the Julian epoch). */
    private static final long JULIAN_EPOCH_DAY = 2_440_588L;
    private static final long MICROS_PER_DAY = 86_400_000_000L;

    private final ParquetColumn column;
    private final int maxDefinition;

    /** The column chunk's dictionary, decoded to bytes (strings only); null without one or after a plain page. */
    private byte[][] dictionaryBytes;

    /** {@code dictionary}: the column chunk's dictionary, or null when it has none. */
    ColumnDecoder(ParquetColumn column, Dictionary dictionary) {
        this.column = column;
        this.maxDefinition = column.descriptor().getMaxDefinitionLevel();
        if (dictionary != null && (column.conversion() == ParquetColumn.Conversion.STRING
                || column.conversion() == ParquetColumn.Conversion.BINARY)) {
            byte[][] bytes = new byte[dictionary.getMaxId() + 1][];
            for (int id = 0; id < bytes.length; id++) {
                bytes[id] = dictionary.decodeToBinary(id).getBytes();
            }
            this.dictionaryBytes = bytes;
        }
    }

    /** Reads the next {@code n} values of {@code reader} into {@code out} (an empty vector of the column type). */
    void decode(ColumnReader reader, FieldVector out, int n) {
        if (out instanceof BaseFixedWidthVector fixed) {
            fixed.allocateNew(Math.max(n, 1));
        } else {
            ((BaseVariableWidthVector) out).allocateNew(Math.max(n * 16L, 64), Math.max(n, 1));
        }
        switch (column.conversion()) {
            case BOOLEAN -> booleans(reader, out, n);
            case INT32 -> ints(reader, out, n);
            case DECIMAL_INT32 -> decimalInts(reader, out, n);
            case UINT32 -> unsignedInts(reader, out, n);
            case INT64, TIMESTAMP_MICROS -> longs(reader, out, n, 1, 1);
            case TIMESTAMP_MILLIS -> longs(reader, out, n, 1000, 1);
            case TIMESTAMP_NANOS -> longs(reader, out, n, 1, 1000);
            case DECIMAL_INT64 -> decimalLongs(reader, out, n);
            case INT96_TIMESTAMP -> int96(reader, out, n);
            case FLOAT -> floats(reader, out, n);
            case DOUBLE -> doubles(reader, out, n);
            case STRING, BINARY -> strings(reader, (BaseVariableWidthVector) out, n);
            case INT8, INT16, UINT8 -> smallInts(reader, out, n, column.conversion());
            case DECIMAL_BINARY -> decimalBinaries(reader, (DecimalVector) out, n);
        }
        out.setValueCount(n);
    }

    private boolean defined(ColumnReader reader) {
        return maxDefinition == 0 || reader.getCurrentDefinitionLevel() == maxDefinition;
    }

    private void booleans(ColumnReader reader, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                Bits.set(validity, i);
                if (reader.getBoolean()) {
                    Bits.set(data, i);
                }
            }
            reader.consume();
        }
    }

    private void ints(ColumnReader reader, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        if (maxDefinition == 0) {
            for (int i = 0; i < n; i++) {
                data.setInt((long) i << 2, reader.getInteger());
                reader.consume();
            }
            Bits.setAll(validity, n);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                data.setInt((long) i << 2, reader.getInteger());
                Bits.set(validity, i);
            }
            reader.consume();
        }
    }

    /** INT32 values annotated INT(8), INT(16) or UINT(8), narrowed into tinyint or smallint vectors. */
    private void smallInts(ColumnReader reader, FieldVector out, int n, ParquetColumn.Conversion conversion) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                int v = reader.getInteger();
                switch (conversion) {
                    case INT8 -> data.setByte(i, (byte) v);
                    case UINT8 -> data.setShort((long) i << 1, (short) (v & 0xff));
                    default -> data.setShort((long) i << 1, (short) v);
                }
                Bits.set(validity, i);
            }
            reader.consume();
        }
    }

    private void unsignedInts(ColumnReader reader, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                data.setLong((long) i << 3, Integer.toUnsignedLong(reader.getInteger()));
                Bits.set(validity, i);
            }
            reader.consume();
        }
    }

    private void longs(ColumnReader reader, FieldVector out, int n, long multiplier, long divisor) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        if (maxDefinition == 0 && multiplier == 1 && divisor == 1) {
            for (int i = 0; i < n; i++) {
                data.setLong((long) i << 3, reader.getLong());
                reader.consume();
            }
            Bits.setAll(validity, n);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                long v = reader.getLong();
                if (multiplier != 1) {
                    v *= multiplier;
                } else if (divisor != 1) {
                    v = Math.floorDiv(v, divisor);
                }
                data.setLong((long) i << 3, v);
                Bits.set(validity, i);
            }
            reader.consume();
        }
    }

    private void decimalLongs(ColumnReader reader, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                Decimals.setLong(data, i, reader.getLong());
                Bits.set(validity, i);
            }
            reader.consume();
        }
    }

    /** Decimals stored as INT32 (precision <= 9): widened into the 16-byte decimal vector. */
    private void decimalInts(ColumnReader reader, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                Decimals.setLong(data, i, reader.getInteger());
                Bits.set(validity, i);
            }
            reader.consume();
        }
    }

    private void int96(ColumnReader reader, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                ByteBuffer bytes = reader.getBinary().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                long nanosOfDay = bytes.getLong(bytes.position());
                long julianDay = bytes.getInt(bytes.position() + 8);
                data.setLong((long) i << 3, (julianDay - JULIAN_EPOCH_DAY) * MICROS_PER_DAY
                        + Math.floorDiv(nanosOfDay, 1000));
                Bits.set(validity, i);
            }
            reader.consume();
        }
    }

    private void floats(ColumnReader reader, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                data.setFloat((long) i << 2, reader.getFloat());
                Bits.set(validity, i);
            }
            reader.consume();
        }
    }

    private void doubles(ColumnReader reader, FieldVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf data = out.getDataBuffer();
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                data.setDouble((long) i << 3, reader.getDouble());
                Bits.set(validity, i);
            }
            reader.consume();
        }
    }

    /**
     * Strings are written straight into the vector's buffers. Values of dictionary-encoded pages are copied
     * from the dictionary's bytes (decoded once per column chunk) by their id; a page that is not
     * dictionary-encoded (a writer's fallback to plain) is detected by parquet-java refusing the id, after
     * which the rest of the chunk goes through {@link ColumnReader#getBinary()}.
     */
    private void strings(ColumnReader reader, BaseVariableWidthVector out, int n) {
        ArrowBuf validity = out.getValidityBuffer();
        ArrowBuf offsets = out.getOffsetBuffer();
        ArrowBuf data = out.getDataBuffer();
        long end = 0;
        offsets.setInt(0, 0);
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                byte[] bytes = dictionaryValue(reader);
                if (bytes != null) {
                    int length = bytes.length;
                    while (data.capacity() < end + length) {
                        out.reallocDataBuffer();
                        data = out.getDataBuffer();
                    }
                    data.setBytes(end, bytes, 0, length);
                    end += length;
                } else {
                    ByteBuffer value = reader.getBinary().toByteBuffer();
                    int length = value.remaining();
                    while (data.capacity() < end + length) {
                        out.reallocDataBuffer();
                        data = out.getDataBuffer();
                    }
                    data.setBytes(end, value);
                    end += length;
                }
                Bits.set(validity, i);
            }
            if (end > Integer.MAX_VALUE) {
                throw new IllegalStateException("a batch of " + n + " strings of column " + column.name()
                        + " holds more than 2 GiB; lower the batch size");
            }
            offsets.setInt((long) (i + 1) << 2, (int) end);
            reader.consume();
        }
        out.setLastSet(n - 1);
    }

    /** The current value's bytes from the dictionary, or null when the current page is not dictionary-encoded. */
    private byte[] dictionaryValue(ColumnReader reader) {
        if (dictionaryBytes == null) {
            return null;
        }
        int id;
        try {
            id = reader.getCurrentValueDictionaryID();
        } catch (UnsupportedOperationException notDictionaryEncoded) {
            dictionaryBytes = null;
            return null;
        }
        return dictionaryBytes[id];
    }

    private void decimalBinaries(ColumnReader reader, DecimalVector out, int n) {
        for (int i = 0; i < n; i++) {
            if (defined(reader)) {
                Binary value = reader.getBinary();
                ByteBuffer bytes = value.toByteBuffer();
                int length = bytes.remaining();
                if (length <= 8) {
                    long v = 0;
                    int p = bytes.position();
                    for (int b = 0; b < length; b++) {
                        v = (v << 8) | (bytes.get(p + b) & 0xFF);
                    }
                    if (length > 0 && length < 8) {
                        int shift = 64 - 8 * length;
                        v = (v << shift) >> shift;
                    }
                    Decimals.setLong(out.getDataBuffer(), i, v);
                    Bits.set(out.getValidityBuffer(), i);
                } else {
                    out.setBigEndian(i, value.getBytes());
                }
            }
            reader.consume();
        }
    }
}
