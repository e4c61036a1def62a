package io.updraft.engine.write;

import io.updraft.core.error.UpdraftException;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

import java.util.Locale;

/**
 * Spark's output file names: {@code part-<task, 5 digits>-<write UUID>-c<file counter, 3 digits><extension>}
 * ({@code .c<counter>} in a partitioned write, as Spark's writer for dynamic partitions names them),
 * the extension by format and codec as Spark's writers give it ({@code .snappy.parquet}, {@code .gz.parquet},
 * {@code .zstd.parquet}, {@code .lz4raw.parquet}, {@code .parquet} uncompressed; {@code .csv}, {@code .json},
 * {@code .txt}, with {@code .gz} or {@code .zst} after them when compressed).
 */
final class FileNames {
    private FileNames() {
    }

    /** A partitioned write separates the counter with "." ({@code DynamicPartitionDataWriter}), else with "-". */
    static String name(int task, String writeId, int counter, String extension, boolean partitioned) {
        return String.format(Locale.ROOT, "part-%05d-%s%sc%03d%s", task, writeId, partitioned ? "." : "-", counter,
                extension);
    }

    /** The Parquet codec of a {@code compression} value (Spark's names). */
    static CompressionCodecName parquetCodec(String compression) {
        return switch (compression) {
            case "none", "uncompressed" -> CompressionCodecName.UNCOMPRESSED;
            case "snappy" -> CompressionCodecName.SNAPPY;
            case "gzip" -> CompressionCodecName.GZIP;
            case "zstd" -> CompressionCodecName.ZSTD;
            case "lz4_raw", "lz4raw" -> CompressionCodecName.LZ4_RAW;
            default -> throw UpdraftException.user("Codec [" + compression + "] is not available. Available codecs "
                    + "are uncompressed, snappy, gzip, zstd, lz4_raw, none.");
        };
    }

    static String extension(WriteOptions options) {
        return switch (options.format()) {
            case "parquet" -> switch (parquetCodec(options.compression())) {
                case UNCOMPRESSED -> "";
                case SNAPPY -> ".snappy";
                case GZIP -> ".gz";
                case ZSTD -> ".zstd";
                case LZ4_RAW -> ".lz4raw";
                default -> "";
            } + ".parquet";
            case "csv" -> ".csv" + textCodecExtension(options.compression());
            case "json" -> ".json" + textCodecExtension(options.compression());
            default -> ".txt" + textCodecExtension(options.compression());
        };
    }

    static String textCodecExtension(String compression) {
        return switch (compression) {
            case "none", "uncompressed" -> "";
            case "gzip" -> ".gz";
            case "zstd" -> ".zst";
            default -> throw UpdraftException.user("Codec [" + compression + "] is not available. Known codecs are "
                    + "none, uncompressed, gzip, zstd.");
        };
    }
}
