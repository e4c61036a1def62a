package io.updraft.sql;

import io.updraft.core.rows.ToJsonFunction;
import io.updraft.core.typed.UserCode;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.MapPartitions;
import io.updraft.storage.StorageLevel;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The actions of {@link Dataset} (Spark's signatures): {@code count}, {@code collect}, {@code head}, {@code take},
 * {@code show}, {@code toLocalIterator}, {@code write}; {@code toJSON}; {@code inputFiles}; and persistence
 * ({@code cache}, {@code persist}, {@code unpersist}, {@code checkpoint}, {@code localCheckpoint}, see
 * {@link CacheManager}). Every action runs the plan with the session's persisted parts read from where they were
 * materialized. Immutable.
 */
abstract class DatasetActions<T> extends DatasetCore<T> {
    DatasetActions(UpdraftSession session, LogicalPlan plan, Encoder<T> encoder) {
        super(session, plan, encoder);
    }

    /** The plan an action runs: persisted parts materialized (once) and read from there. */
    final LogicalPlan executedPlan() {
        return session.cacheManager().materialize(plan);
    }

    /** The number of rows; workers return counts, no rows move. */
    public long count() {
        List<Row> rows = session.execute(session.planner().planCount(executedPlan())).rows();
        if (rows.size() != 1) {
            throw new IllegalStateException("count job returned " + rows.size() + " rows, expected 1");
        }
        return ((Number) rows.get(0).get(0)).longValue();
    }

    public boolean isEmpty() {
        return limit(1).collectRows().isEmpty();
    }

    /** All rows (for a DataFrame: {@code Row[]}). */
    public T[] collect() {
        return toArray(collectAsList());
    }

    public List<T> collectAsList() {
        List<Row> rows = collectRows();
        List<T> out = new ArrayList<>(rows.size());
        java.util.function.Function<Row, T> reader = encoder.reader(schema);
        for (Row r : rows) {
            out.add(reader.apply(r));
        }
        return out;
    }

    List<Row> collectRows() {
        return session.execute(session.planner().plan(executedPlan())).rows();
    }

    /**
     * The objects one after another, holding one chunk of rows at a time (see {@link LocalIterator}): the Dataset is
     * written once, task by task, to Parquet files of at most {@link LocalIterator#CHUNK_ROWS} rows, which are then
     * read one file at a time, in task order, and deleted at the end.
     */
    public Iterator<T> toLocalIterator() {
        return LocalIterator.of(self());
    }

    /** Writes this Dataset's rows to files, as Spark's {@code Dataset.write()}. */
    public DataFrameWriter<T> write() {
        return new DataFrameWriter<>(self());
    }

    /** Runs this Dataset's job with its last stage turned into a file write by {@code toWrite}. */
    void writeFiles(java.util.function.UnaryOperator<io.updraft.core.plan.JobPlan> toWrite) {
        session.execute(toWrite.apply(session.planner().plan(executedPlan())));
    }

    /** The first {@code n} rows. */
    public T[] head(int n) {
        return toArray(takeAsList(n));
    }

    /** The first row; {@link NoSuchElementException} when there is none. */
    public T head() {
        List<T> rows = takeAsList(1);
        if (rows.isEmpty()) {
            throw new NoSuchElementException("next on empty iterator");
        }
        return rows.get(0);
    }

    public T first() {
        return head();
    }

    public T[] take(int n) {
        return head(n);
    }

    public List<T> takeAsList(int n) {
        return limit(n).collectAsList();
    }

    @SuppressWarnings("unchecked")
    final T[] toArray(List<T> list) {
        T[] array = (T[]) Array.newInstance(encoder.clsTag(), list.size());
        return list.toArray(array);
    }

    /** Shows the first 20 rows, cells cut to 20 characters. */
    public void show() {
        show(ShowString.DEFAULT_ROWS);
    }

    public void show(int numRows) {
        show(numRows, true);
    }

    public void show(boolean truncate) {
        show(ShowString.DEFAULT_ROWS, truncate);
    }

    public void show(int numRows, boolean truncate) {
        show(numRows, truncate ? ShowString.DEFAULT_TRUNCATE : 0);
    }

    public void show(int numRows, int truncate) {
        show(numRows, truncate, false);
    }

    public void show(int numRows, int truncate, boolean vertical) {
        System.out.println(showString(numRows, truncate, vertical));
    }

    /** The text {@code show(numRows, truncate)} prints (without the final line break println adds). */
    public String showString(int numRows, int truncate) {
        return showString(numRows, truncate, false);
    }

    public String showString(int numRows, int truncate, boolean vertical) {
        int n = Math.max(numRows, 0);
        List<Row> rows = toDF().limit(n == Integer.MAX_VALUE ? n : n + 1).collectRows();
        return ShowString.format(schema, rows, n, truncate, vertical, session.timeZone());
    }

    /**
     * Each row as its JSON text (Spark's {@code toJSON}: one string column {@code value}; fields in column order,
     * nulls left out, timestamps in the session time zone), made in the workers.
     */
    public Dataset<String> toJSON() {
        LogicalPlan json = new MapPartitions(plan, ToJsonFunction.SCHEMA, UserCode.serialize(
                new ToJsonFunction(session.timeZone().getId())), "SerializeFromObject (toJSON)");
        return new Dataset<>(session, json, Encoders.STRING());
    }

    /**
     * The files this Dataset reads, as Spark's best-effort {@code inputFiles}: every file of every file relation in
     * its plan, each once, as URIs ({@code file:/...} for local files).
     */
    public String[] inputFiles() {
        Set<String> files = new LinkedHashSet<>();
        collectFiles(plan, files);
        return files.toArray(new String[0]);
    }

    private static void collectFiles(LogicalPlan node, Set<String> files) {
        if (node instanceof FileRelation f) {
            for (String file : f.source().files()) {
                files.add(file.contains(":") ? file : java.nio.file.Path.of(file).toUri().toString()
                        .replaceFirst("^file:///", "file:/"));
            }
        }
        for (LogicalPlan child : node.children()) {
            collectFiles(child, files);
        }
    }

    // ---- persistence

    /** Persists with Spark's default level for Datasets, {@code MEMORY_AND_DISK}. */
    public Dataset<T> cache() {
        return persist();
    }

    public Dataset<T> persist() {
        return persist(StorageLevel.MEMORY_AND_DISK);
    }

    /**
     * Marks this Dataset to be kept at {@code newLevel} when an action first computes it; later actions (of it or
     * of Datasets built on it) read the kept rows instead of computing it again. Lazy, as Spark.
     */
    public Dataset<T> persist(StorageLevel newLevel) {
        session.cacheManager().persist(plan, newLevel);
        return self();
    }

    /** The level this Dataset is persisted at, {@code NONE} when it is not. */
    public StorageLevel storageLevel() {
        return session.cacheManager().level(plan);
    }

    /** Forgets the kept rows (and deletes their files). */
    public Dataset<T> unpersist() {
        return unpersist(false);
    }

    public Dataset<T> unpersist(boolean blocking) {
        session.cacheManager().unpersist(plan);
        return self();
    }

    /** An eager checkpoint: {@link #checkpoint(boolean) checkpoint(true)}. */
    public Dataset<T> checkpoint() {
        return checkpoint(true);
    }

    /**
     * A Dataset over this one's rows written to files (Parquet under the checkpoint directory,
     * {@code <dir>/<uuid>/checkpoint-<n>/}, kept after the session stops; without one in the session's scratch
     * space, deleted when it stops: see the api README), its plan cut there; {@code eager}: written now, else at
     * the first action.
     */
    public Dataset<T> checkpoint(boolean eager) {
        return checkpointed(eager, StorageLevel.DISK_ONLY);
    }

    public Dataset<T> localCheckpoint() {
        return localCheckpoint(true);
    }

    /** As {@link #checkpoint(boolean)}, the rows kept in the driver's memory. */
    public Dataset<T> localCheckpoint(boolean eager) {
        return checkpointed(eager, StorageLevel.MEMORY_ONLY);
    }

    private Dataset<T> checkpointed(boolean eager, StorageLevel level) {
        boolean files = level == StorageLevel.DISK_ONLY;
        if (eager) {
            return new Dataset<>(session, session.cacheManager().checkpoint(plan, level, files), encoder);
        }
        LogicalPlan fresh = CacheManager.distinctPlan(plan);
        session.cacheManager().persist(fresh, level, files);
        return new Dataset<>(session, fresh, encoder);
    }

    @SuppressWarnings("unchecked")
    final Dataset<T> self() {
        return (Dataset<T>) this;
    }
}
