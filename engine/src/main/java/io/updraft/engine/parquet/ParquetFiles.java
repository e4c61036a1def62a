package io.updraft.engine.parquet;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.stats.ColumnRange;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.schema.MessageType;
import io.updraft.engine.store.ObjectStoreProvider;
import io.updraft.engine.store.ObjectStores;
import io.updraft.shuffle.store.ObjectStore;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Parquet file access for the rest of Updraft: footer inspection (schema, row groups) and the path
 * rules of the scan. Paths are local paths, {@code file:} URIs or {@code s3://bucket/key} (read with ranged
 * GETs through the process-wide S3 store, see {@link ObjectStoreInputFile}; the {@code updraft.s3.*}
 * settings say how to reach S3). Errors a user can fix (missing, unreadable or corrupt file) are USER errors
 * naming the path. Stateless and thread-safe.
 */
public final class ParquetFiles {
    private ParquetFiles() {
    }

    /** Reads the footer of {@code path} (S3 with the default settings: region us-east-1, default credentials). */
    public static ParquetFileInfo inspect(String path) {
        return inspect(path, Map.of());
    }

    /** Reads the footer of {@code path}; {@code settings} carry the {@code updraft.s3.*} options for s3:// paths. */
    public static ParquetFileInfo inspect(String path, Map<String, String> settings) {
        return inspect(path, settings, requests -> { });
    }

    /**
     * As {@link #inspect(String, Map)}, and tells {@code requests} of every object-store request it makes
     * (for an s3:// path: one HEAD for the size, then one ranged GET per read; none for local files).
     */
    public static ParquetFileInfo inspect(String path, Map<String, String> settings, LongConsumer requests) {
        InputFile input = inputFile(path, settings, ObjectStores.shared(), bytes -> { }, requests);
        try (ParquetFileReader reader = open(path, input)) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            List<StructField> fields = new ArrayList<>();
            List<String> unsupported = new ArrayList<>();
            List<ParquetColumn> columns = new ArrayList<>();
            for (int i = 0; i < schema.getFieldCount(); i++) {
                ParquetColumn.Mapping mapping = ParquetColumn.map(schema, i);
                if (mapping.column() != null) {
                    fields.add(new StructField(mapping.column().name(), mapping.column().type(), true));
                    columns.add(mapping.column());
                } else {
                    unsupported.add(mapping.unsupportedReason());
                }
            }
            List<ParquetFileInfo.RowGroupInfo> groups = new ArrayList<>();
            long rows = 0;
            List<BlockMetaData> blocks = reader.getFooter().getBlocks();
            for (int i = 0; i < blocks.size(); i++) {
                BlockMetaData b = blocks.get(i);
                long count = rowCount(b, i);
                groups.add(new ParquetFileInfo.RowGroupInfo(i, count, b.getCompressedSize(), b.getTotalByteSize()));
                rows += count;
            }
            return new ParquetFileInfo(path, input.getLength(), new StructType(fields), rows, groups, unsupported,
                    ranges(columns, blocks));
        } catch (IOException e) {
            throw unreadable(path, e);
        }
    }

    /**
     * Min and max of each top-level numeric, date, timestamp or decimal column over all row groups, where every
     * row group's chunk has statistics with a non-null min and max (NaN bounds of doubles disqualify a column).
     */
    static Map<String, ColumnRange> ranges(List<ParquetColumn> columns, List<BlockMetaData> blocks) {
        Map<String, ColumnRange> out = new HashMap<>();
        if (blocks.isEmpty()) {
            return out;
        }
        for (ParquetColumn column : columns) {
            ColumnRange range = null;
            for (BlockMetaData block : blocks) {
                ColumnRange chunkRange = chunkRange(column, block);
                if (chunkRange == null) {
                    range = null;
                    break;
                }
                range = range == null ? chunkRange : range.union(chunkRange);
            }
            if (range != null) {
                out.put(column.name(), range);
            }
        }
        return out;
    }

    private static ColumnRange chunkRange(ParquetColumn column, BlockMetaData block) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
            String[] path = chunk.getPath().toArray();
            if (path.length != 1 || !path[0].equals(column.name())) {
                continue;
            }
            Statistics<?> stats = chunk.getStatistics();
            if (stats == null || !stats.hasNonNullValue()) {
                return null;
            }
            Object min = RowGroupPruner.StatisticsValues.convert(stats.genericGetMin(), column);
            Object max = RowGroupPruner.StatisticsValues.convert(stats.genericGetMax(), column);
            if (!(min instanceof Number lo) || !(max instanceof Number hi)) {
                return null;
            }
            double a = lo.doubleValue();
            double b = hi.doubleValue();
            return Double.isNaN(a) || Double.isNaN(b) || a > b ? null : new ColumnRange(a, b);
        }
        return null;
    }

    /** The readable columns of {@code path} as a schema. */
    public static StructType inspectSchema(String path) {
        return inspect(path).schema();
    }

    /**
     * The input a path names (a Parquet file, or any file the line-based readers open): an object of the S3 store
     * for s3:// paths, else a local file. Missing
     * files are USER errors.
     */
    public static InputFile inputFile(String path, Map<String, String> settings, ObjectStoreProvider stores,
                               LongConsumer bytesRead, LongConsumer requests) {
        if (ObjectStores.isS3(path)) {
            String[] rootAndKey = ObjectStores.splitS3(path);
            ObjectStore store = stores.store(rootAndKey[0], settings);
            long length = ObjectStoreInputFile.sizeOf(store, rootAndKey[1], path, requests);
            return new ObjectStoreInputFile(store, rootAndKey[1], path, length, bytesRead, requests);
        }
        return new LocalInputFile(resolve(path), bytesRead);
    }

    /** The local file a path names; USER error for files that do not exist. */
    static Path resolve(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        Path file;
        try {
            file = lower.startsWith("file:") ? Paths.get(URI.create(path)) : Path.of(path);
        } catch (IllegalArgumentException e) {
            throw UpdraftException.user("Invalid path " + path + ": " + e.getMessage(), e);
        }
        if (!Files.exists(file)) {
            throw UpdraftException.user("Path does not exist: " + path);
        }
        if (Files.isDirectory(file)) {
            throw UpdraftException.user("Path is a directory, expected a Parquet file: " + path);
        }
        return file;
    }

    /** The row count of row group {@code index}; a negative count (a corrupt footer) is an IOException. */
    static long rowCount(BlockMetaData block, int index) throws IOException {
        if (block.getRowCount() < 0) {
            throw new IOException("row group " + index + " claims " + block.getRowCount() + " rows");
        }
        return block.getRowCount();
    }

    /** Opens the file and reads its footer; corrupt or truncated files are USER errors. */
    static ParquetFileReader open(String path, InputFile input) {
        try {
            return ParquetFileReader.open(input, readOptions());
        } catch (IOException | RuntimeException e) {
            if (e instanceof UpdraftException u) {
                throw u;
            }
            throw unreadable(path, e);
        }
    }

    /**
     * Options of every reader: no filters (pruning is ours), and a plain configuration — {@code builder()} without
     * one makes a Hadoop {@code Configuration}, which parses core-default.xml from the class path for every file
     * opened (14 % of Q6's CPU samples at SF 1).
     */
    static ParquetReadOptions readOptions() {
        return ParquetReadOptions.builder(new PlainParquetConfiguration())
                .useStatsFilter(false)
                .useDictionaryFilter(false)
                .useRecordFilter(false)
                .useColumnIndexFilter(false)
                .useBloomFilter(false)
                .build();
    }

    static UpdraftException unreadable(String path, Throwable e) {
        return unreadable(path, -1, e);
    }

    /** As {@link #unreadable(String, Throwable)}, naming the row group being read (when at least 0). */
    static UpdraftException unreadable(String path, int rowGroup, Throwable e) {
        String reason = e.getMessage() == null ? e.getClass().getSimpleName()
                : e instanceof IOException || e instanceof org.apache.parquet.ParquetRuntimeException ? e.getMessage()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
        return UpdraftException.user("Could not read Parquet file " + path + ": "
                + (rowGroup >= 0 ? "row group " + rowGroup + ": " : "") + reason, e);
    }
}
