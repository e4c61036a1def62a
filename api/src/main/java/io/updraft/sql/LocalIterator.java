package io.updraft.sql;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * {@code Dataset.toLocalIterator()}: the Dataset's job writes its rows once, each task its own Parquet files of at
 * most {@link #CHUNK_ROWS} rows ({@value #CHUNK_ROWS_KEY}; bounded memory in the tasks), into a folder of the
 * session's {@link ScratchSpace} (a local folder, or an S3 prefix on Lambda); the iterator then reads one file at a
 * time when the rows before it are used up, in task order (file names sort as {@code part-<task>-...-c<counter>}),
 * so the driver holds one chunk, never the whole result — Spark's one-partition-at-a-time, with files for the
 * partitions. The folder is deleted when the last row has been read (or when the session stops). A schema the
 * Parquet writer cannot hold (structs, maps, repeated names) is collected first and iterated (documented in the
 * README). Not thread-safe.
 */
final class LocalIterator<T> implements Iterator<T> {
    /** Rows per file, so per chunk held by the driver, unless {@value #CHUNK_ROWS_KEY} says otherwise. */
    static final int CHUNK_ROWS = 10_000;
    /** The session setting for the rows per chunk. */
    static final String CHUNK_ROWS_KEY = "updraft.toLocalIterator.chunkRows";

    private final UpdraftSession session;
    private final Function<Row, T> reader;
    private final String folder;
    private final List<String> files;
    private int nextFile;
    private int chunksRead;
    private int heldRows;
    private int maxHeldRows;
    private Iterator<Row> chunk = java.util.Collections.emptyIterator();

    private LocalIterator(UpdraftSession session, Function<Row, T> reader, String folder, List<String> files) {
        this.session = session;
        this.reader = reader;
        this.folder = folder;
        this.files = files;
    }

    static <T> Iterator<T> of(Dataset<T> ds) {
        if (!CacheManager.parquetCanHold(ds.schema())) {
            return ds.collectAsList().iterator();
        }
        UpdraftSession session = ds.sparkSession();
        int chunkRows = chunkRows(session);
        ScratchSpace scratch = session.scratch();
        String folder = scratch.newFolder("iterator");
        ds.toDF().write().mode(SaveMode.Overwrite).option("maxRecordsPerFile", Integer.toString(chunkRows))
                .parquet(folder);
        return new LocalIterator<>(session, ds.encoder().reader(ds.schema()), folder, scratch.parquetFiles(folder));
    }

    private static int chunkRows(UpdraftSession session) {
        String value = session.conf().get(CHUNK_ROWS_KEY, Integer.toString(CHUNK_ROWS));
        try {
            int rows = Integer.parseInt(value.strip());
            if (rows > 0) {
                return rows;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(CHUNK_ROWS_KEY + " must be a positive number of rows, was '" + value + "'");
    }

    @Override
    public boolean hasNext() {
        while (!chunk.hasNext()) {
            chunk = java.util.Collections.emptyIterator();   // the previous chunk's rows are let go first
            heldRows = 0;
            if (nextFile == files.size()) {
                if (folder != null) {
                    session.scratch().delete(folder);
                }
                return false;
            }
            List<Row> rows = session.read().parquet(files.get(nextFile++)).collectRows();
            heldRows = rows.size();
            maxHeldRows = Math.max(maxHeldRows, heldRows);
            chunk = rows.iterator();
            chunksRead++;
        }
        return true;
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return reader.apply(chunk.next());
    }

    /** Files read so far (a test's proof that the chunks are read one at a time). */
    int chunksRead() {
        return chunksRead;
    }

    /** Files written. */
    int chunks() {
        return files.size();
    }

    /** The most rows the iterator has held at once (one chunk's). */
    int maxHeldRows() {
        return maxHeldRows;
    }

    /** The folder of the chunks (deleted after the last row). */
    String folder() {
        return folder;
    }
}
