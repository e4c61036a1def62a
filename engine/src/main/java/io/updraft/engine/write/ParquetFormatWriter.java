package io.updraft.engine.write;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.value.DateTimes;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Bits;
import io.updraft.engine.vector.Decimals;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.BinaryType;
import io.updraft.sql.types.BooleanType;
import io.updraft.sql.types.ByteType;
import io.updraft.sql.types.FloatType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.ShortType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.DecimalType;
import io.updraft.sql.types.DoubleType;
import io.updraft.sql.types.LongType;
import io.updraft.sql.types.StringType;
import io.updraft.sql.types.StructType;
import io.updraft.sql.types.TimestampType;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;

/**
 * One Parquet file through parquet-java's {@link ParquetWriter}, fed row by row straight from the Arrow vectors
 * (a {@link WriteSupport} whose record is a row number of the current batch). Schema as Spark writes it
 * ({@link ParquetSchemas}), Spark's schema JSON in the footer's key-value metadata, codec as asked (Spark's
 * default snappy). No Hadoop file system is touched: the file goes to the task's pending stream.
 */
final class ParquetFormatWriter implements FormatWriter {
    /** Julian day number of 1970-01-01 (INT96 timestamps count days from the Julian epoch). */
    private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;
    /** Spark stores its version in the footer; a Spark reader takes dates and INT96 values as proleptic Gregorian. */
    private static final String SPARK_VERSION_METADATA = "org.apache.spark.version";
    private static final String SPARK_VERSION = "4.0.0";

    private final ParquetWriter<Integer> writer;
    private final RowWriteSupport support;

    ParquetFormatWriter(OutputStream out, StructType schema, int[] columns, CompressionCodecName codec,
                        ParquetSchemas.TimestampOutput timestamps, String path) {
        MessageType message = ParquetSchemas.of(schema, timestamps);
        this.support = new RowWriteSupport(schema, message, Map.of(
                SparkSchemaJson.PARQUET_ROW_METADATA, SparkSchemaJson.of(schema),
                SPARK_VERSION_METADATA, SPARK_VERSION), timestamps, columns);
        try {
            this.writer = new Builder(new StreamOutputFile(out, path), support)
                    .withConf(new PlainParquetConfiguration())
                    .withCompressionCodec(codec)
                    .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                    .build();
        } catch (IOException e) {
            throw UpdraftException.user("Cannot write Parquet file " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void write(Batch batch, int[] rows, int from, int count) {
        support.batch = batch;
        try {
            for (int i = from; i < from + count; i++) {
                writer.write(rows == null ? i : rows[i]);
            }
        } catch (IOException e) {
            throw new UpdraftException(ErrorType.TRANSIENT, "Cannot write Parquet output: " + e.getMessage(), e);
        } finally {
            support.batch = null;
        }
    }

    @Override
    public void finish() {
        try {
            writer.close();
        } catch (IOException e) {
            throw new UpdraftException(ErrorType.TRANSIENT, "Cannot write Parquet output: " + e.getMessage(), e);
        }
    }

    private static final class Builder extends ParquetWriter.Builder<Integer, Builder> {
        private final WriteSupport<Integer> support;

        Builder(OutputFile file, WriteSupport<Integer> support) {
            super(file);
            this.support = support;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Integer> getWriteSupport(Configuration conf) {
            return support;
        }

        @Override
        protected WriteSupport<Integer> getWriteSupport(ParquetConfiguration conf) {
            return support;
        }
    }

    /** Writes row {@code r} of the current batch's data columns. */
    private static final class RowWriteSupport extends WriteSupport<Integer> {
        private final StructType schema;
        private final MessageType message;
        private final Map<String, String> metadata;
        private final ParquetSchemas.TimestampOutput timestamps;
        private final int[] columns;
        private final byte[] int96 = new byte[12];
        private RecordConsumer consumer;
        Batch batch;

        RowWriteSupport(StructType schema, MessageType message, Map<String, String> metadata,
                        ParquetSchemas.TimestampOutput timestamps, int[] columns) {
            this.columns = columns;
            this.schema = schema;
            this.timestamps = timestamps;
            this.message = message;
            this.metadata = metadata;
        }

        @Override
        public WriteContext init(Configuration configuration) {
            return new WriteContext(message, metadata);
        }

        @Override
        public WriteContext init(ParquetConfiguration configuration) {
            return new WriteContext(message, metadata);
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            this.consumer = recordConsumer;
        }

        @Override
        public void write(Integer row) {
            int r = row;
            consumer.startMessage();
            for (int c = 0; c < schema.size(); c++) {
                FieldVector v = batch.vector(columns[c]);
                if (v.isNull(r)) {
                    continue;
                }
                String name = schema.get(c).name();
                consumer.startField(name, c);
                value(v, schema.get(c).dataType(), r);
                consumer.endField(name, c);
            }
            consumer.endMessage();
        }

        private void value(FieldVector v, DataType type, int r) {
            switch (type) {
                case BooleanType b -> consumer.addBoolean(Bits.get(v.getDataBuffer(), r));
                case DoubleType d -> consumer.addDouble(v.getDataBuffer().getDouble((long) r << 3));
                case StringType s -> consumer.addBinary(Binary.fromConstantByteArray(((VarCharVector) v).get(r)));
                case TimestampType t -> timestamp(v.getDataBuffer().getLong((long) r << 3));
                case DecimalType d -> decimal(v, d, r);
                case MapType m -> map((MapVector) v, m, r);
                case ArrayType a -> list((ListVector) v, a.elementType(), r);
                case StructType s -> struct((StructVector) v, s, r);
                case LongType l -> consumer.addLong(v.getDataBuffer().getLong((long) r << 3));
                case ByteType b -> consumer.addInteger(v.getDataBuffer().getByte(r));
                case ShortType s -> consumer.addInteger(v.getDataBuffer().getShort((long) r << 1));
                case FloatType f -> consumer.addFloat(v.getDataBuffer().getFloat((long) r << 2));
                case BinaryType b -> consumer.addBinary(Binary.fromConstantByteArray(((VarBinaryVector) v).get(r)));
                default -> consumer.addInteger(v.getDataBuffer().getInt((long) r << 2));   // int, date
            }
        }

        private void struct(StructVector v, StructType type, int r) {
            consumer.startGroup();
            for (int c = 0; c < type.size(); c++) {
                FieldVector child = (FieldVector) v.getChildByOrdinal(c);
                if (child.isNull(r)) {
                    continue;
                }
                String name = type.get(c).name();
                consumer.startField(name, c);
                value(child, type.get(c).dataType(), r);
                consumer.endField(name, c);
            }
            consumer.endGroup();
        }

        private void map(MapVector v, MapType type, int r) {
            int start = v.getElementStartIndex(r);
            int end = v.getElementEndIndex(r);
            StructVector entries = (StructVector) v.getDataVector();
            FieldVector keys = (FieldVector) entries.getChildByOrdinal(0);
            FieldVector values = (FieldVector) entries.getChildByOrdinal(1);
            consumer.startGroup();
            if (end > start) {
                consumer.startField("key_value", 0);
                for (int e = start; e < end; e++) {
                    consumer.startGroup();
                    consumer.startField("key", 0);
                    value(keys, type.keyType(), e);
                    consumer.endField("key", 0);
                    if (!values.isNull(e)) {
                        consumer.startField("value", 1);
                        value(values, type.valueType(), e);
                        consumer.endField("value", 1);
                    }
                    consumer.endGroup();
                }
                consumer.endField("key_value", 0);
            }
            consumer.endGroup();
        }

        private void timestamp(long micros) {
            switch (timestamps) {
                case INT96 -> {
                    long days = Math.floorDiv(micros, DateTimes.MICROS_PER_DAY);
                    long nanosOfDay = Math.floorMod(micros, DateTimes.MICROS_PER_DAY) * 1000;
                    ByteBuffer.wrap(int96).order(ByteOrder.LITTLE_ENDIAN).putLong(nanosOfDay)
                            .putInt((int) (days + JULIAN_DAY_OF_EPOCH));
                    consumer.addBinary(Binary.fromReusedByteArray(int96));
                }
                case TIMESTAMP_MICROS -> consumer.addLong(micros);
                case TIMESTAMP_MILLIS -> consumer.addLong(Math.floorDiv(micros, 1000));
            }
        }

        private void decimal(FieldVector v, DecimalType d, int r) {
            if (d.precision() <= 18) {
                long unscaled = Decimals.low(v.getDataBuffer(), r);
                if (d.precision() <= 9) {
                    consumer.addInteger((int) unscaled);
                } else {
                    consumer.addLong(unscaled);
                }
                return;
            }
            BigInteger unscaled = Decimals.unscaled(v.getDataBuffer(), r);
            byte[] minimal = unscaled.toByteArray();
            byte[] fixed = new byte[ParquetSchemas.minBytes(d.precision())];
            byte pad = (byte) (unscaled.signum() < 0 ? -1 : 0);
            int offset = fixed.length - minimal.length;
            for (int i = 0; i < fixed.length; i++) {
                fixed[i] = i < offset ? pad : minimal[i - offset];
            }
            consumer.addBinary(Binary.fromConstantByteArray(fixed));
        }

        private void list(ListVector v, DataType elementType, int r) {
            int start = v.getElementStartIndex(r);
            int end = v.getElementEndIndex(r);
            FieldVector elements = v.getDataVector();
            consumer.startGroup();
            if (end > start) {
                consumer.startField("list", 0);
                for (int e = start; e < end; e++) {
                    consumer.startGroup();
                    if (!elements.isNull(e)) {
                        consumer.startField("element", 0);
                        value(elements, elementType, e);
                        consumer.endField("element", 0);
                    }
                    consumer.endGroup();
                }
                consumer.endField("list", 0);
            }
            consumer.endGroup();
        }
    }

    /** parquet-java's output file over the task's pending stream. */
    private record StreamOutputFile(OutputStream out, String path) implements OutputFile {
        @Override
        public PositionOutputStream create(long blockSizeHint) {
            return createOrOverwrite(blockSizeHint);
        }

        @Override
        public PositionOutputStream createOrOverwrite(long blockSizeHint) {
            return new PositionOutputStream() {
                private long position;

                @Override
                public long getPos() {
                    return position;
                }

                @Override
                public void write(int b) throws IOException {
                    out.write(b);
                    position++;
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                    position += len;
                }

                @Override
                public void flush() throws IOException {
                    out.flush();
                }

                @Override
                public void close() {
                    // the pending stream is ended by the task (finish), not by parquet-java
                }
            };
        }

        @Override
        public boolean supportsBlockSize() {
            return false;
        }

        @Override
        public long defaultBlockSize() {
            return 0;
        }

        @Override
        public String getPath() {
            return path;
        }
    }
}
