package io.updraft.engine.parquet;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.expr.Expr;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.vector.Batch;
import io.updraft.engine.vector.Vectors;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.VersionParser;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one {@link FileSplit}: resolves the requested columns (by name, case-insensitive), skips row
 * groups the pruning filter rules out, and decodes only the requested column chunks, {@code batchRows}
 * rows at a time (a batch never spans row groups). With no requested columns it only counts rows and
 * never reads a page. Not thread-safe.
 */
final class ParquetSplitReader implements AutoCloseable {
    private final String path;
    private final ExecutionContext context;
    private final StructType requested;
    private final ParquetFileReader reader;
    private final List<ParquetColumn> outputColumns;
    private final List<ParquetColumn> distinctColumns;
    private final int[] outputToDistinct;
    private final List<Integer> rowGroups;
    private final RowGroupPruner pruner;
    private final VersionParser.ParsedVersion writerVersion;
    private final boolean pageDecoding;
    private int nextRowGroup;
    /** Per distinct column of the current row group: a page reader, or a value-at-a-time reader and decoder. */
    private PageColumnReader[] pageReaders;
    private ColumnReader[] columnReaders;
    private ColumnDecoder[] decoders;
    private NestedColumnReader[] nestedReaders;
    private long remainingInRowGroup;
    private int currentRowGroup = -1;

    ParquetSplitReader(FileSplit split, StructType requested, Expr pruningFilter, ExecutionContext context) {
        this.path = split.path();
        this.context = context;
        this.requested = requested;
        this.pageDecoding = !"false".equalsIgnoreCase(
                context.config().getOrDefault(ParquetScanOperator.PAGE_DECODING, "true").trim());
        this.reader = ParquetFiles.open(path, ParquetFiles.inputFile(path, context.config(), context.stores(),
                bytes -> context.metrics().addBytesRead(bytes),
                requests -> context.metrics().addObjectStoreRequests(requests)));
        try {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            this.outputColumns = resolveColumns(schema);
            Map<Integer, Integer> distinct = new LinkedHashMap<>();
            this.outputToDistinct = new int[outputColumns.size()];
            this.distinctColumns = new ArrayList<>();
            for (int i = 0; i < outputColumns.size(); i++) {
                ParquetColumn c = outputColumns.get(i);
                Integer index = distinct.get(c.fieldIndex());
                if (index == null) {
                    index = distinctColumns.size();
                    distinct.put(c.fieldIndex(), index);
                    distinctColumns.add(c);
                }
                outputToDistinct[i] = index;
            }
            this.rowGroups = rowGroups(split, reader.getFooter().getBlocks().size());
            this.pruner = new RowGroupPruner(pruningFilter, outputColumns);
            List<ColumnDescriptor> descriptors = new ArrayList<>();
            for (ParquetColumn c : distinctColumns) {
                if (c.nested()) {
                    // only the leaves of the (possibly clipped) group: pruned fields' chunks are never read
                    for (String[] leaf : new MessageType("requested", c.group()).getPaths()) {
                        descriptors.add(schema.getColumnDescription(leaf));
                    }
                } else {
                    descriptors.add(c.descriptor());
                }
            }
            reader.setRequestedSchema(descriptors);
            this.writerVersion = parseVersion(reader.getFooter().getFileMetaData().getCreatedBy());
        } catch (RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    private List<ParquetColumn> resolveColumns(MessageType schema) {
        List<ParquetColumn> result = new ArrayList<>();
        for (StructField field : requested.fieldList()) {
            int index = -1;
            for (int i = 0; i < schema.getFieldCount(); i++) {
                if (schema.getFieldName(i).equalsIgnoreCase(field.name())) {
                    index = i;
                    break;
                }
            }
            if (index < 0) {
                List<String> names = new ArrayList<>();
                for (int i = 0; i < schema.getFieldCount(); i++) {
                    names.add(schema.getFieldName(i));
                }
                throw UpdraftException.user("Column '" + field.name() + "' does not exist in Parquet file " + path
                        + "; its columns are: " + String.join(", ", names));
            }
            ParquetColumn.Mapping mapping = ParquetColumn.map(schema, index);
            if (mapping.column() == null) {
                throw UpdraftException.user("Column " + mapping.unsupportedReason() + " in Parquet file " + path
                        + " has a type Updraft cannot read yet");
            }
            ParquetColumn column = mapping.column();
            if (column.nested() && !column.type().equals(field.dataType())) {
                column = clipped(column, field.dataType());
            }
            if (!column.type().equals(field.dataType())) {
                throw UpdraftException.user("Column '" + field.name() + "' has type "
                        + mapping.column().type().simpleString() + " in Parquet file " + path
                        + " but the query expects " + field.dataType().simpleString());
            }
            result.add(column);
        }
        return result;
    }

    /**
     * A nested column read as {@code requested} when that is a pruned form of its type (the planner's nested schema
     * pruning: structs keeping some of their fields, in file order); otherwise the column unchanged (then the type
     * check fails).
     */
    private static ParquetColumn clipped(ParquetColumn column, DataType requested) {
        Type clipped = NestedParquetTypes.clip(column.group(), requested);
        if (clipped == null || !NestedParquetTypes.type(clipped).equals(requested)) {
            return column;
        }
        return new ParquetColumn(column.name(), column.fieldIndex(), null, requested, ParquetColumn.Conversion.NESTED,
                clipped);
    }

    private List<Integer> rowGroups(FileSplit split, int available) {
        if (split.rowGroups().isEmpty()) {
            List<Integer> all = new ArrayList<>(available);
            for (int i = 0; i < available; i++) {
                all.add(i);
            }
            return all;
        }
        for (int g : split.rowGroups()) {
            if (g < 0 || g >= available) {
                throw UpdraftException.user("Parquet file " + path + " has " + available + " row groups; row group "
                        + g + " does not exist (the file changed since it was planned?)");
            }
        }
        return split.rowGroups();
    }

    private static VersionParser.ParsedVersion parseVersion(String createdBy) {
        try {
            return createdBy == null ? null : VersionParser.parse(createdBy);
        } catch (VersionParser.VersionParseException | RuntimeException e) {
            return null;
        }
    }

    /** The next batch, or null when the split is exhausted. */
    Batch next() {
        try {
            while (remainingInRowGroup == 0) {
                if (!openNextRowGroup()) {
                    return null;
                }
            }
            int n = (int) Math.min(context.batchRows(), remainingInRowGroup);
            remainingInRowGroup -= n;
            if (outputColumns.isEmpty()) {
                return Batch.rowsOnly(n);
            }
            return decode(n);
        } catch (UpdraftException e) {
            throw e;   // already a USER error naming the file, or a cancellation
        } catch (IOException | RuntimeException | NoClassDefFoundError e) {
            // parquet-java raises whatever its decoders, decompressors and page-header checks run into on corrupt
            // bytes: ParquetReaderFuzzTest found InvalidParquetMetadataException (negative page size),
            // UnsupportedOperationException (dictionary encoding without a dictionary page), NullPointerException
            // (data page header without its V1 header), NegativeArraySizeException (page sizes), and
            // NoClassDefFoundError (a codec whose library the worker lacks: Hadoop's LZ4). All name the file.
            throw ParquetFiles.unreadable(path, currentRowGroup, e);
        }
    }

    private boolean openNextRowGroup() throws IOException {
        List<BlockMetaData> blocks = reader.getFooter().getBlocks();
        while (nextRowGroup < rowGroups.size()) {
            int index = rowGroups.get(nextRowGroup++);
            currentRowGroup = index;
            BlockMetaData block = blocks.get(index);
            if (!pruner.mightMatch(block)) {
                context.metrics().addRowGroupSkipped();
                continue;
            }
            ParquetFiles.rowCount(block, index);
            context.metrics().addRowGroupRead();
            context.metrics().addRowsRead(block.getRowCount());
            if (block.getRowCount() == 0) {
                continue;
            }
            if (!distinctColumns.isEmpty()) {
                PageReadStore pages = reader.readRowGroup(index);
                if (pages == null) {
                    throw new IOException("row group " + index + " is missing");
                }
                pageReaders = new PageColumnReader[distinctColumns.size()];
                columnReaders = new ColumnReader[distinctColumns.size()];
                decoders = new ColumnDecoder[distinctColumns.size()];
                nestedReaders = new NestedColumnReader[distinctColumns.size()];
                for (int c = 0; c < distinctColumns.size(); c++) {
                    ParquetColumn column = distinctColumns.get(c);
                    if (column.nested()) {
                        nestedReaders[c] = new NestedColumnReader(column, pages);
                        continue;
                    }
                    if (pageDecoding && PageColumnReader.supports(column, chunk(block, column))) {
                        pageReaders[c] = new PageColumnReader(column, pages.getPageReader(column.descriptor()));
                        continue;
                    }
                    DictionaryCapture dictionary = new DictionaryCapture();
                    columnReaders[c] = new ColumnReaderImpl(column.descriptor(),
                            pages.getPageReader(column.descriptor()), dictionary, writerVersion);
                    decoders[c] = new ColumnDecoder(column, dictionary.dictionary);
                }
            }
            remainingInRowGroup = block.getRowCount();
            return true;
        }
        return false;
    }

    private static ColumnChunkMetaData chunk(BlockMetaData block, ParquetColumn column) throws IOException {
        ColumnPath path = ColumnPath.get(column.descriptor().getPath());
        for (ColumnChunkMetaData chunk : block.getColumns()) {
            if (chunk.getPath().equals(path)) {
                return chunk;
            }
        }
        throw new IOException("column chunk " + path + " is missing from its row group");
    }

    private Batch decode(int n) {
        FieldVector[] decoded = new FieldVector[distinctColumns.size()];
        List<FieldVector> out = new ArrayList<>(outputColumns.size());
        try {
            for (int c = 0; c < decoded.length; c++) {
                ParquetColumn column = distinctColumns.get(c);
                if (column.nested()) {
                    decoded[c] = nestedReaders[c].read(n, context.allocator());
                    continue;
                }
                decoded[c] = ArrowTypes.newVector(column.name(), column.type(), context.allocator());
                if (pageReaders[c] != null) {
                    pageReaders[c].read(decoded[c], n);
                } else {
                    decoders[c].decode(columnReaders[c], decoded[c], n);
                }
            }
            boolean[] used = new boolean[decoded.length];
            for (int i = 0; i < outputColumns.size(); i++) {
                int d = outputToDistinct[i];
                out.add(used[d] ? Vectors.share(decoded[d], context.allocator()) : decoded[d]);
                used[d] = true;
            }
            return Batch.of(n, out);
        } catch (RuntimeException | Error e) {
            Arrays.stream(decoded).filter(v -> v != null).forEach(FieldVector::close);
            out.stream().filter(v -> !Arrays.asList(decoded).contains(v)).forEach(FieldVector::close);
            throw e;
        }
    }

    private void closeQuietly() {
        try {
            reader.close();
        } catch (IOException | RuntimeException ignored) {
            // the original failure is what matters
        }
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            throw ParquetFiles.unreadable(path, e);
        }
    }

    /**
     * Never converts a value (values are read through the {@link ColumnReader} getters); only keeps the
     * column chunk's dictionary, which parquet-java hands to a converter that supports dictionaries.
     */
    private static final class DictionaryCapture extends PrimitiveConverter {
        private Dictionary dictionary;

        @Override
        public boolean hasDictionarySupport() {
            return true;
        }

        @Override
        public void setDictionary(Dictionary dictionary) {
            this.dictionary = dictionary;
        }
    }
}
