package io.updraft.engine.write;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileWrite;
import io.updraft.core.task.WrittenFile;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.csv.CsvOptions;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.shuffle.output.OutputFolder;
import io.updraft.shuffle.output.PendingFileStream;
import io.updraft.shuffle.store.S3StoreConfig;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;

import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;

/**
 * The root of a write task ({@link FileWrite}): drains its child and writes the rows as files of the format,
 * pending in the task's {@link OutputFolder} (a staging folder, or S3 multipart uploads left open), and reports
 * them through {@link ExecutionContext#setWrittenFiles}. Produces no batches. Without {@code partitionBy} the task
 * writes one file (a new one, counter + 1, each {@code maxRecordsPerFile} rows); with it one file per partition
 * folder (each kept open while the task runs, like Spark's concurrent writers) and the partition columns are
 * left out of the files. A task that got no rows writes nothing, except task 0 of an unpartitioned write, which
 * writes one empty file (so that the output keeps its schema, as Spark). On failure every file it started is
 * dropped.
 */
public final class FileWriteOperator implements BatchOperator {
    private final BatchOperator child;
    private final FileWrite write;
    private final ExecutionContext context;
    private final WriteOptions options;
    private final StructType dataSchema;
    private final int[] dataColumns;
    private final int[] partitionColumns;
    private final String extension;
    private final Map<String, OpenFile> open = new LinkedHashMap<>();
    private final Map<String, Integer> counters = new HashMap<>();
    private final List<WrittenFile> written = new ArrayList<>();
    private OutputFolder folder;
    private boolean done;

    public FileWriteOperator(BatchOperator child, FileWrite write, ExecutionContext context) {
        this.child = Objects.requireNonNull(child, "child is null");
        this.write = Objects.requireNonNull(write, "write is null");
        this.context = Objects.requireNonNull(context, "context is null");
        this.options = WriteOptions.of(write.format(), write.options());
        StructType schema = write.schema();
        List<StructField> data = new ArrayList<>();
        List<Integer> dataIndexes = new ArrayList<>();
        for (int c = 0; c < schema.size(); c++) {
            if (!isPartitionColumn(schema.get(c).name())) {
                data.add(new StructField(schema.get(c).name(), nullable(schema.get(c).dataType()), true));
                dataIndexes.add(c);
            }
        }
        if (data.isEmpty()) {
            throw UpdraftException.user("Cannot use all columns for partition columns.");
        }
        this.dataSchema = new StructType(data);
        this.dataColumns = dataIndexes.stream().mapToInt(Integer::intValue).toArray();
        this.partitionColumns = write.partitionBy().stream().mapToInt(schema::indexOf).toArray();
        this.extension = FileNames.extension(options);
    }

    private boolean isPartitionColumn(String name) {
        for (String p : write.partitionBy()) {
            if (p.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    /** Spark writes files with a nullable schema: columns and array elements. */
    private static DataType nullable(DataType type) {
        return type instanceof ArrayType a ? new ArrayType(nullable(a.elementType()), true) : type;
    }

    @Override
    public StructType schema() {
        return child.schema();
    }

    @Override
    public Batch next() {
        if (!done) {
            done = true;
            try {
                writeAll();
            } catch (RuntimeException | Error e) {
                abortAll();
                throw e;
            }
            context.setWrittenFiles(List.copyOf(written));
        }
        return null;
    }

    private void writeAll() {
        folder = OutputFolder.of(context.stores().store(write.path(), context.config()),
                S3StoreConfig.fromSettings(context.config()).partSize());
        long rowsWritten = 0;
        while (true) {
            Batch next = child.next();
            if (next == null) {
                break;
            }
            try (Batch batch = next) {
                context.checkCancelled();
                if (batch.rowCount() == 0) {
                    continue;
                }
                if (partitionColumns.length == 0) {
                    writeRows("", batch, null, 0, batch.rowCount());
                } else {
                    writePartitioned(batch);
                }
                rowsWritten += batch.rowCount();
            }
        }
        if (written.isEmpty() && open.isEmpty() && partitionColumns.length == 0 && context.taskId() == 0) {
            file("");   // an empty output keeps its schema
        }
        context.checkCancelled();
        for (OpenFile f : open.values()) {
            finish(f);
        }
        open.clear();
        context.metrics().addRowsOutput(rowsWritten);
    }

    private void writePartitioned(Batch batch) {
        StructType schema = write.schema();
        Map<String, int[]> rowsByDir = new LinkedHashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        String[] dirs = new String[batch.rowCount()];
        StringBuilder dir = new StringBuilder();
        for (int r = 0; r < batch.rowCount(); r++) {
            dir.setLength(0);
            for (int p = 0; p < partitionColumns.length; p++) {
                int c = partitionColumns[p];
                if (p > 0) {
                    dir.append('/');
                }
                DataType type = schema.get(c).dataType();
                dir.append(PartitionPaths.segment(schema.get(c).name(),
                        CellValues.internal(batch.vector(c), type, r), type, context.sessionZone()));
            }
            dirs[r] = dir.toString();
            counts.merge(dirs[r], 1, Integer::sum);
        }
        Map<String, Integer> filled = new HashMap<>();
        for (int r = 0; r < dirs.length; r++) {
            int[] rows = rowsByDir.computeIfAbsent(dirs[r], d -> new int[counts.get(d)]);
            int at = filled.merge(dirs[r], 1, Integer::sum) - 1;
            rows[at] = r;
        }
        for (Map.Entry<String, int[]> e : rowsByDir.entrySet()) {
            writeRows(e.getKey(), batch, e.getValue(), 0, e.getValue().length);
        }
    }

    /** Writes rows to the partition's open file, rolling over to a new file at maxRecordsPerFile. */
    private void writeRows(String dir, Batch batch, int[] rows, int from, int count) {
        while (count > 0) {
            OpenFile f = open.get(dir);
            if (f == null) {
                f = file(dir);
            }
            long room = options.maxRecordsPerFile() > 0 ? options.maxRecordsPerFile() - f.rows : count;
            int n = (int) Math.min(count, room);
            f.writer.write(batch, rows, from, n);
            f.rows += n;
            from += n;
            count -= n;
            if (options.maxRecordsPerFile() > 0 && f.rows >= options.maxRecordsPerFile()) {
                finish(f);
                open.remove(dir);
            }
        }
    }

    private OpenFile file(String dir) {
        int counter = counters.merge(dir, 1, Integer::sum) - 1;
        String name = FileNames.name(context.taskId(), write.writeId(), counter, extension,
                !write.partitionBy().isEmpty());
        String key = dir.isEmpty() ? name : dir + "/" + name;
        PendingFileStream stream = folder.create(key, dir, write.writeId(), context.taskId(), context.attempt());
        try {
            OpenFile f = new OpenFile(stream, formatWriter(stream, key));
            open.put(dir, f);
            return f;
        } catch (RuntimeException e) {
            stream.abort();
            throw e;
        }
    }

    private FormatWriter formatWriter(PendingFileStream stream, String key) {
        OutputStream shielded = new FilterOutputStream(stream) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();   // the pending stream is ended by finish(), not by the format writer
            }
        };
        String where = folder.store().describe(key);
        if (write.format().equals("parquet")) {
            return new ParquetFormatWriter(shielded, dataSchema, dataColumns,
                    FileNames.parquetCodec(options.compression()), options.timestamps(), where);
        }
        OutputStream out = compressed(shielded);
        return switch (write.format()) {
            case "csv" -> new CsvFormatWriter(writer(out), dataSchema, dataColumns, CsvOptions.of(options.all()),
                    context.sessionZone());
            case "json" -> new JsonFormatWriter(writer(out), dataSchema, dataColumns, options.all(),
                    context.sessionZone());
            default -> new TextFormatWriter(out, dataSchema, dataColumns,
                    options.all().getOrDefault("lineSep", "\n"));
        };
    }

    private OutputStream compressed(OutputStream out) {
        try {
            return switch (options.compression()) {
                case "gzip" -> new GZIPOutputStream(out, 64 * 1024);
                case "zstd" -> new com.github.luben.zstd.ZstdOutputStream(out);
                default -> out;
            };
        } catch (IOException e) {
            throw new UpdraftException(ErrorType.TRANSIENT, "Cannot start compressed output: " + e.getMessage(), e);
        }
    }

    private static Writer writer(OutputStream out) {
        return new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
    }

    private void finish(OpenFile f) {
        f.writer.finish();
        written.add(f.stream.finish(f.rows));
    }

    /** Drops every file this attempt started or finished (best effort: the job's abort removes anything left). */
    private void abortAll() {
        for (OpenFile f : open.values()) {
            f.stream.abort();
        }
        open.clear();
        if (folder != null) {
            for (WrittenFile f : written) {
                folder.discard(f).exceptionally(e -> null);
            }
        }
        written.clear();
    }

    @Override
    public void close() {
        try {
            abortAllIfUnfinished();
        } finally {
            child.close();
        }
    }

    private void abortAllIfUnfinished() {
        if (!open.isEmpty()) {
            abortAll();
        }
    }

    private static final class OpenFile {
        final PendingFileStream stream;
        final FormatWriter writer;
        long rows;

        OpenFile(PendingFileStream stream, FormatWriter writer) {
            this.stream = stream;
            this.writer = writer;
        }
    }
}
