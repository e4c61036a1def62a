package io.updraft.sql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@code Dataset.toLocalIterator()}: the Dataset's job writes its rows once, each task its own Parquet files of at
 * most {@link #CHUNK_ROWS} rows (bounded memory in the tasks), into a temporary folder; the iterator then reads one
 * file at a time, in task order (file names sort as {@code part-<task>-...-c<counter>}), so the driver holds one
 * chunk, never the whole result — Spark's one-partition-at-a-time, with files for the partitions. The folder is
 * deleted when the last row has been read. A schema the Parquet writer cannot hold (structs, maps, repeated names)
 * is collected first and iterated (documented in the README). Not thread-safe.
 */
final class LocalIterator<T> implements Iterator<T> {
    /** Rows per file, so per chunk held by the driver. */
    static final int CHUNK_ROWS = 10_000;

    private final UpdraftSession session;
    private final Function<Row, T> reader;
    private final Path folder;
    private final List<Path> files;
    private int nextFile;
    private int chunksRead;
    private Iterator<Row> chunk = java.util.Collections.emptyIterator();

    private LocalIterator(UpdraftSession session, Function<Row, T> reader, Path folder, List<Path> files) {
        this.session = session;
        this.reader = reader;
        this.folder = folder;
        this.files = files;
    }

    static <T> Iterator<T> of(Dataset<T> ds) {
        if (!CacheManager.parquetCanHold(ds.schema())) {
            return ds.collectAsList().iterator();
        }
        Path folder = CacheManager.folder();
        ds.toDF().write().mode(SaveMode.Overwrite).option("maxRecordsPerFile", Integer.toString(CHUNK_ROWS))
                .parquet(folder.toString());
        List<Path> files;
        try (Stream<Path> list = Files.list(folder)) {
            files = new ArrayList<>(list.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder, e);
        }
        return new LocalIterator<>(ds.sparkSession(), ds.encoder().reader(ds.schema()), folder, files);
    }

    @Override
    public boolean hasNext() {
        while (!chunk.hasNext()) {
            if (nextFile == files.size()) {
                CacheManager.delete(folder);
                return false;
            }
            chunk = session.read().parquet(files.get(nextFile++).toString()).collectRows().iterator();
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
}
