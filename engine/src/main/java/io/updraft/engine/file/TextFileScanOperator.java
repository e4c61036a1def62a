package io.updraft.engine.file;

import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.FileFormat;
import io.updraft.core.plan.FileScan;
import io.updraft.core.plan.FileSplit;
import io.updraft.engine.ArrowRows;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.csv.CsvOptions;
import io.updraft.engine.csv.CsvRecordSource;
import io.updraft.engine.json.JsonOptions;
import io.updraft.engine.json.JsonRecordSource;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.vector.Batch;
import io.updraft.sql.types.StructField;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Leaf operator reading a CSV, JSON or text {@link FileScan}: its splits one after the other, each through the
 * format's {@link RecordSource}, {@code batchRows} rows per batch (a batch never spans splits); partition columns
 * get their split's values. Only the output's data columns are converted. Records rows and bytes read in the task
 * metrics. Read failures are USER errors naming the file. Not thread-safe.
 */
public final class TextFileScanOperator implements BatchOperator {
    private final FileScan scan;
    private final ExecutionContext context;
    private final int[] dataIndex;
    private final int[] partitionIndex;
    private final boolean[] required;
    private final CsvOptions csv;
    private final JsonOptions json;
    private final boolean wholeText;
    private int nextSplit;
    private RecordSource current;
    private FileSplit currentSplit;
    private Object[] currentPartitions;

    public TextFileScanOperator(FileScan scan, ExecutionContext context) {
        this.scan = scan;
        this.context = context;
        StructType out = scan.schema();
        this.dataIndex = new int[out.size()];
        this.partitionIndex = new int[out.size()];
        this.required = new boolean[scan.dataSchema().size()];
        for (int i = 0; i < out.size(); i++) {
            String name = out.get(i).name();
            partitionIndex[i] = scan.partitionIndex(name);
            dataIndex[i] = partitionIndex[i] >= 0 ? -1 : indexIgnoreCase(scan.dataSchema(), name);
            if (partitionIndex[i] < 0 && dataIndex[i] < 0) {
                throw new UpdraftException(io.updraft.core.error.ErrorType.INTERNAL, "column " + name
                        + " is neither in the data schema " + scan.dataSchema().simpleString() + " nor a partition");
            }
            if (dataIndex[i] >= 0) {
                required[dataIndex[i]] = true;
            }
        }
        Map<String, String> options = scan.format().options();
        switch (scan.format().name()) {
            case FileFormat.CSV -> {
                this.csv = CsvOptions.of(options);
                this.json = null;
                this.wholeText = false;
            }
            case FileFormat.JSON -> {
                this.csv = null;
                this.json = JsonOptions.of(options);
                this.wholeText = false;
            }
            case FileFormat.TEXT -> {
                this.csv = null;
                this.json = null;
                this.wholeText = ReaderOptions.bool(options, "wholetext", false);
            }
            default -> throw new UpdraftException(io.updraft.core.error.ErrorType.INTERNAL,
                    "not a text format: " + scan.format().name());
        }
    }

    private static int indexIgnoreCase(StructType schema, String name) {
        for (int i = 0; i < schema.size(); i++) {
            if (schema.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public StructType schema() {
        return scan.schema();
    }

    @Override
    public Batch next() {
        while (true) {
            context.checkCancelled();
            if (current == null) {
                if (nextSplit >= scan.splits().size()) {
                    return null;
                }
                open(scan.splits().get(nextSplit++));
            }
            Batch batch = readBatch();
            if (batch != null) {
                return batch;
            }
            closeCurrent();
        }
    }

    private void open(FileSplit split) {
        currentSplit = split;
        currentPartitions = PartitionValues.typed(split, scan.partitionSchema(), context.sessionZone());
        TextInputs.Opened input = TextInputs.open(split, context.config(), context.stores(),
                bytes -> context.metrics().addBytesRead(bytes),
                requests -> context.metrics().addObjectStoreRequests(requests));
        try {
            current = switch (scan.format().name()) {
                case FileFormat.CSV -> new CsvRecordSource(input, split.path(), split.start(), csv, scan.dataSchema(),
                        required, context.sessionZone());
                case FileFormat.JSON -> new JsonRecordSource(input, split.path(), split.start(), json,
                        scan.dataSchema(), required, context.sessionZone());
                default -> new TextRecordSource(input, split.start(), wholeText);
            };
        } catch (IOException | RuntimeException e) {
            try {
                input.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e instanceof IOException io ? TextInputs.unreadable(split.path(), io) : (RuntimeException) e;
        }
    }

    /** Up to batchRows rows of the current split, or null when it has none left. */
    private Batch readBatch() {
        int limit = context.batchRows();
        StructType out = scan.schema();
        List<List<Object>> columns = new ArrayList<>(out.size());
        for (int i = 0; i < out.size(); i++) {
            columns.add(new ArrayList<>(Math.min(limit, 1024)));
        }
        Object[] row = new Object[scan.dataSchema().size()];
        int rows = 0;
        try {
            while (rows < limit && current.next(row)) {
                for (int i = 0; i < out.size(); i++) {
                    columns.get(i).add(dataIndex[i] >= 0 ? row[dataIndex[i]] : currentPartitions[partitionIndex[i]]);
                }
                java.util.Arrays.fill(row, null);
                rows++;
            }
        } catch (IOException | UncheckedIOException e) {
            throw TextInputs.unreadable(currentSplit.path(), e instanceof UncheckedIOException u ? u.getCause() : e);
        } catch (UpdraftException e) {
            throw e;
        } catch (RuntimeException e) {
            throw TextInputs.unreadable(currentSplit.path(), e);
        }
        if (rows == 0) {
            return null;
        }
        context.metrics().addRowsRead(rows);
        List<FieldVector> vectors = new ArrayList<>(out.size());
        try {
            for (int i = 0; i < out.size(); i++) {
                StructField f = out.get(i);
                vectors.add(ArrowRows.vector(f.name(), f.dataType(), columns.get(i), context.allocator()));
            }
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
        return Batch.of(rows, vectors);
    }

    private void closeCurrent() {
        RecordSource open = current;
        current = null;
        if (open != null) {
            try {
                open.close();
            } catch (IOException e) {
                throw TextInputs.unreadable(currentSplit.path(), e);
            }
        }
    }

    @Override
    public void close() {
        closeCurrent();
    }
}
