package io.updraft.engine.shuffle;

import io.updraft.core.error.ErrorType;
import io.updraft.core.error.ShuffleOutputLostException;
import io.updraft.core.error.UpdraftException;
import io.updraft.core.plan.ShuffleBlock;
import io.updraft.engine.ArrowTypes;
import io.updraft.engine.ExecutionContext;
import io.updraft.engine.operator.BatchOperator;
import io.updraft.engine.store.ObjectStores;
import io.updraft.engine.vector.Batch;
import io.updraft.shuffle.format.PartitionStream;
import io.updraft.shuffle.read.BlockRef;
import io.updraft.shuffle.read.RangeFetcher;
import io.updraft.shuffle.store.ObjectNotFoundException;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.StructType;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Leaf reading shuffle blocks from the store of setting {@code updraft.shuffle.root} through a
 * {@link RangeFetcher}: adjacent blocks of one object become one ranged GET, several GETs are in flight, slow
 * ones are hedged. Blocks are fetched in waves of about {@code updraft.shuffle.fetchBytes}, the next wave
 * while the current one is decoded, and decoded block by block in the order given, one IPC batch per
 * {@link #next()} call ({@link PartitionStream}): however large a block is, one decoded batch at a time is held
 * here (the fetched bytes are on the heap). Running out of Arrow memory is reported as such, never as corruption. A missing
 * object fails the task with a {@code ShuffleOutputLostException} ("Shuffle output lost: &lt;uri&gt;"; the
 * coordinator re-runs its producer); an undecodable one with "Corrupt shuffle object &lt;uri&gt;: ...".
 */
public final class ShuffleReadOperator implements BatchOperator {
    private final StructType schema;
    private final List<ShuffleBlock> blocks;
    private final ExecutionContext context;
    private final List<List<BlockRef>> waves = new ArrayList<>();
    private ObjectStore store;
    private RangeFetcher fetcher;
    private int nextWave;
    private CompletableFuture<Map<BlockRef, byte[]>> prefetch;
    private List<BlockRef> currentWave;
    private Map<BlockRef, byte[]> currentBytes;
    private int nextBlock;
    private PartitionStream stream;
    private String streamName;
    private int hedgesCounted;

    public ShuffleReadOperator(StructType schema, List<ShuffleBlock> blocks, ExecutionContext context) {
        this.schema = Objects.requireNonNull(schema, "schema is null");
        this.blocks = List.copyOf(blocks);
        this.context = Objects.requireNonNull(context, "context is null");
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Batch next() {
        context.checkCancelled();
        while (true) {
            if (store == null) {
                open();
            }
            if (stream != null) {
                Batch batch = nextBatch();
                if (batch != null) {
                    return batch;
                }
                continue;
            }
            if (currentWave != null && nextBlock < currentWave.size()) {
                BlockRef block = currentWave.get(nextBlock++);
                openBlock(block, currentBytes.get(block));
                continue;
            }
            currentWave = null;
            currentBytes = null;
            if (nextWave >= waves.size()) {
                return null;
            }
            currentWave = waves.get(nextWave++);
            currentBytes = await(prefetch, currentWave);
            nextBlock = 0;
            prefetch = nextWave < waves.size() ? startFetch(waves.get(nextWave)) : null;
        }
    }

    private void open() {
        ShuffleSettings settings = ShuffleSettings.from(context.config());
        store = context.stores().store(settings.root(), context.config());
        fetcher = new RangeFetcher(store, settings.maxInFlight(), settings.hedge(), ObjectStores.scheduler());
        List<BlockRef> wave = new ArrayList<>();
        long waveBytes = 0;
        for (ShuffleBlock b : blocks) {
            if (b.length() == 0) {
                continue;
            }
            if (!wave.isEmpty() && waveBytes + b.length() > settings.fetchBytes()) {
                waves.add(wave);
                wave = new ArrayList<>();
                waveBytes = 0;
            }
            wave.add(new BlockRef(b.key(), b.offset(), b.length()));
            waveBytes += b.length();
        }
        if (!wave.isEmpty()) {
            waves.add(wave);
        }
        prefetch = waves.isEmpty() ? null : startFetch(waves.get(0));
    }

    private CompletableFuture<Map<BlockRef, byte[]>> startFetch(List<BlockRef> wave) {
        context.metrics().addObjectStoreRequests(rangeCount(wave));
        return fetcher.fetch(wave);
    }

    /** GETs a wave costs: one per run of adjacent blocks of one object. */
    static int rangeCount(List<BlockRef> wave) {
        List<BlockRef> sorted = new ArrayList<>(wave);
        sorted.sort(Comparator.comparing(BlockRef::key).thenComparingLong(BlockRef::offset));
        int ranges = 0;
        BlockRef previous = null;
        for (BlockRef b : sorted) {
            if (previous == null || !previous.key().equals(b.key())
                    || previous.offset() + previous.length() != b.offset()) {
                ranges++;
            }
            previous = b;
        }
        return ranges;
    }

    private Map<BlockRef, byte[]> await(CompletableFuture<Map<BlockRef, byte[]>> future, List<BlockRef> wave) {
        try {
            Map<BlockRef, byte[]> bytes = future.join();
            int hedges = fetcher.hedgedRequests();
            context.metrics().addObjectStoreRequests(hedges - hedgesCounted);
            hedgesCounted = hedges;
            return bytes;
        } catch (CompletionException e) {
            Throwable cause = e;
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            throw failure(cause, wave);
        }
    }

    private RuntimeException failure(Throwable cause, List<BlockRef> wave) {
        if (cause instanceof ObjectNotFoundException missing) {
            String location = missing.location();
            String uri = location.startsWith("s3://") || location.contains(":/") ? location
                    : Path.of(location).toUri().toString();
            return new ShuffleOutputLostException(uri, cause);
        }
        if (cause instanceof UpdraftException u) {
            return u;
        }
        StringBuilder objects = new StringBuilder();
        wave.stream().map(BlockRef::key).distinct().limit(5).forEach(k -> objects.append(objects.isEmpty() ? "" : ", ")
                .append(store.describe(k)));
        return new UpdraftException(ErrorType.INTERNAL, "Corrupt shuffle object (one of " + objects + "): could not "
                + "read its blocks: " + cause, cause);
    }

    /** Starts decoding one block; its batches come one at a time from {@link #nextBatch()}. */
    private void openBlock(BlockRef block, byte[] bytes) {
        String name = store.describe(block.key());
        if (bytes == null || bytes.length != block.length()) {
            throw new UpdraftException(ErrorType.INTERNAL, "Corrupt shuffle object " + name + ": block at "
                    + block.offset() + " should have " + block.length() + " bytes, got "
                    + (bytes == null ? 0 : bytes.length));
        }
        context.metrics().addShuffleBytesRead(bytes.length);
        stream = new PartitionStream(bytes, context.allocator(), name);
        streamName = name;
    }

    /**
     * The next non-empty batch of the open block, its vectors moved out of the stream's root; null (and the stream
     * closed) at the block's end. Only this one batch is decoded: a block of any size streams.
     */
    private Batch nextBatch() {
        VectorSchemaRoot root;
        while ((root = stream.next()) != null) {
            checkSchema(root, streamName);
            int n = root.getRowCount();
            if (n == 0) {
                continue;
            }
            List<FieldVector> vectors = new ArrayList<>(root.getFieldVectors().size());
            try {
                for (FieldVector v : root.getFieldVectors()) {
                    var pair = v.getTransferPair(context.allocator());
                    pair.transfer();
                    vectors.add((FieldVector) pair.getTo());
                }
            } catch (RuntimeException e) {
                vectors.forEach(FieldVector::close);
                throw e;
            }
            context.metrics().addRowsRead(n);
            return Batch.of(n, vectors);
        }
        closeStream();
        return null;
    }

    private void closeStream() {
        PartitionStream s = stream;
        stream = null;
        streamName = null;
        if (s != null) {
            s.close();
        }
    }

    private void checkSchema(VectorSchemaRoot root, String name) {
        List<Field> fields = root.getSchema().getFields();
        boolean matches = fields.size() == schema.size();
        for (int i = 0; matches && i < fields.size(); i++) {
            DataType actual = ArrowTypes.toDataType(fields.get(i));
            matches = actual.equals(schema.get(i).dataType());
        }
        if (!matches) {
            throw new UpdraftException(ErrorType.INTERNAL, "Corrupt shuffle object " + name + ": it holds "
                    + root.getSchema() + " but the plan expects " + schema.simpleString());
        }
    }

    @Override
    public void close() {
        closeStream();
        if (prefetch != null) {
            prefetch.cancel(false);
            prefetch = null;
        }
        currentBytes = null;
    }
}
