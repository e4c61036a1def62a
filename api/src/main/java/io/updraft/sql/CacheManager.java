package io.updraft.sql;

import io.updraft.planner.logical.Aggregate;
import io.updraft.planner.logical.Coalesce;
import io.updraft.planner.logical.Deduplicate;
import io.updraft.planner.logical.Distinct;
import io.updraft.planner.logical.Except;
import io.updraft.planner.logical.FileRelation;
import io.updraft.planner.logical.Filter;
import io.updraft.planner.logical.Generate;
import io.updraft.planner.logical.Hint;
import io.updraft.planner.logical.Intersect;
import io.updraft.planner.logical.Join;
import io.updraft.planner.logical.Limit;
import io.updraft.planner.logical.LocalRelation;
import io.updraft.planner.logical.LogicalPlan;
import io.updraft.planner.logical.MapPartitions;
import io.updraft.planner.logical.Project;
import io.updraft.planner.logical.Repartition;
import io.updraft.planner.logical.Sort;
import io.updraft.planner.logical.SubqueryAlias;
import io.updraft.planner.logical.Union;
import io.updraft.sql.types.ArrayType;
import io.updraft.sql.types.DataType;
import io.updraft.sql.types.MapType;
import io.updraft.sql.types.StructType;
import io.updraft.storage.StorageLevel;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A session's persisted Datasets (Spark's {@code CacheManager}): a persisted plan is computed by the first action
 * that needs it and kept — as Arrow IPC in the driver for levels using memory (shipped inside the tasks that read
 * it, a {@link LocalRelation}), as Parquet files in the session's {@link ScratchSpace} for {@code DISK_ONLY} and
 * checkpoints, and on Lambda for every level (S3 objects, read back as a file relation; a schema the Parquet writer cannot hold — structs, maps, repeated column names — and an empty
 * result are kept in memory instead). Every later plan containing it (the same plan, compared as a value, as Spark
 * compares plans) reads the kept rows. Thread-safe.
 */
final class CacheManager {
    private static final AtomicLong CHECKPOINTS = new AtomicLong();

    private final UpdraftSession session;
    private final Map<LogicalPlan, Entry> entries = new LinkedHashMap<>();

    /** One persisted plan: its level and, once computed, where its rows are. */
    private static final class Entry {
        final StorageLevel level;
        /** A {@code checkpoint()}: written to the checkpoint directory when one is set. */
        final boolean checkpoint;
        LogicalPlan kept;
        String folder;
        /** Whether {@link #folder} is in the session's scratch space (deleted with the entry) or a checkpoint dir. */
        boolean scratch;
        boolean computing;

        Entry(StorageLevel level, boolean checkpoint) {
            this.level = level;
            this.checkpoint = checkpoint;
        }
    }

    CacheManager(UpdraftSession session) {
        this.session = session;
    }

    /** A plan equal to no other (a lazy checkpoint's own entry). */
    static LogicalPlan distinctPlan(LogicalPlan plan) {
        return new SubqueryAlias("__checkpoint_" + CHECKPOINTS.incrementAndGet(), plan);
    }

    synchronized void persist(LogicalPlan plan, StorageLevel level) {
        persist(plan, level, false);
    }

    /** {@code checkpoint}: a lazy {@code checkpoint(false)}, written to the checkpoint directory when one is set. */
    synchronized void persist(LogicalPlan plan, StorageLevel level, boolean checkpoint) {
        if (level == StorageLevel.NONE) {
            return;
        }
        if (entries.containsKey(plan)) {
            LoggerFactory.getLogger(CacheManager.class).warn("Asked to cache already cached data.");
            return;
        }
        entries.put(plan, new Entry(level, checkpoint));
    }

    synchronized StorageLevel level(LogicalPlan plan) {
        Entry e = entries.get(plan);
        return e == null ? StorageLevel.NONE : e.level;
    }

    synchronized void unpersist(LogicalPlan plan) {
        Entry e = entries.remove(plan);
        if (e != null && e.folder != null && e.scratch) {
            session.scratch().delete(e.folder);
        }
    }

    /** Forgets everything (the session stops). */
    synchronized void clear() {
        for (Entry e : entries.values()) {
            if (e.folder != null && e.scratch) {
                session.scratch().delete(e.folder);   // a checkpoint directory's files stay, as Spark's
            }
        }
        entries.clear();
    }

    /**
     * {@code plan} computed now and kept at {@code level}; the plan that reads it. {@code files}: a
     * {@code checkpoint()} (in the checkpoint directory when one is set), else a {@code localCheckpoint()}.
     */
    LogicalPlan checkpoint(LogicalPlan plan, StorageLevel level, boolean files) {
        LogicalPlan own = distinctPlan(plan);
        synchronized (this) {
            entries.put(own, new Entry(level, files));
        }
        return materialize(own);
    }

    /** {@code plan} with the persisted parts already computed read from where they are kept (for explain). */
    synchronized LogicalPlan substitute(LogicalPlan plan) {
        if (entries.isEmpty()) {
            return plan;
        }
        return rewrite(plan, false);
    }

    /** {@code plan} with every persisted part computed (now, if it was not) and read from where it is kept. */
    synchronized LogicalPlan materialize(LogicalPlan plan) {
        if (entries.isEmpty()) {
            return plan;
        }
        return rewrite(plan, true);
    }

    private LogicalPlan rewrite(LogicalPlan node, boolean compute) {
        Entry e = entries.get(node);
        if (e != null && !e.computing && (e.kept != null || compute)) {
            if (e.kept == null) {
                e.computing = true;   // its own job runs the plan itself
                try {
                    keep(e, node);
                } finally {
                    e.computing = false;
                }
            }
            return e.kept;
        }
        return rewriteChildren(node, compute);
    }

    /**
     * Computes the persisted {@code node} (persisted parts below it first) and keeps its rows in {@code e}: as
     * Parquet files in the session's {@link ScratchSpace} for {@code DISK_ONLY} and, on Lambda, for every level (the
     * workers write them, one file per task, and later tasks read them: the rows never pass through the
     * coordinator); else in memory.
     */
    private void keep(Entry e, LogicalPlan node) {
        LogicalPlan inner = rewriteChildren(node, true);
        Dataset<Row> rows = new Dataset<>(session, inner, Encoders.row());
        StructType schema = rows.schema();
        boolean files = session.onLambda() || (e.level.useDisk() && !e.level.useMemory());
        if (files && parquetCanHold(schema)) {
            ScratchSpace checkpoints = e.checkpoint ? session.checkpointSpace() : null;
            ScratchSpace space = checkpoints != null ? checkpoints : session.scratch();
            String folder = space.newFolder(checkpoints != null ? "checkpoint" : "persisted");
            rows.write().mode(SaveMode.Overwrite).parquet(folder);
            if (!space.parquetFiles(folder).isEmpty()) {
                e.folder = folder;
                e.scratch = checkpoints == null;
                e.kept = session.read().parquet(folder).logicalPlan();
                return;
            }
            space.delete(folder);
        }
        List<Row> collected = session.execute(session.planner().plan(inner)).rows();
        e.kept = LocalRows.relation(collected, schema);
    }

    /** The folder a computed entry's files are in, null when it is not computed or kept in memory (tests). */
    synchronized String folder(LogicalPlan plan) {
        Entry e = entries.get(plan);
        return e == null ? null : e.folder;
    }

    private LogicalPlan rewriteChildren(LogicalPlan node, boolean compute) {
        return switch (node) {
            case FileRelation f -> f;
            case LocalRelation l -> l;
            case Project p -> new Project(rewrite(p.child(), compute), p.projectList());
            case Filter f -> new Filter(rewrite(f.child(), compute), f.condition());
            case Aggregate a -> new Aggregate(rewrite(a.child(), compute), a.groupingExpressions(),
                    a.aggregateExpressions());
            case Sort s -> new Sort(rewrite(s.child(), compute), s.order(), s.global());
            case Limit l -> new Limit(rewrite(l.child(), compute), l.limit(), l.offset());
            case SubqueryAlias s -> new SubqueryAlias(s.alias(), rewrite(s.child(), compute), s.columnNames());
            case Join j -> new Join(rewrite(j.left(), compute), rewrite(j.right(), compute), j.joinType(),
                    j.condition(), j.usingColumns(), j.natural());
            case Union u -> {
                List<LogicalPlan> children = new ArrayList<>();
                for (LogicalPlan c : u.children()) {
                    children.add(rewrite(c, compute));
                }
                yield new Union(children, u.byName(), u.allowMissingColumns());
            }
            case Intersect i -> new Intersect(rewrite(i.left(), compute), rewrite(i.right(), compute), i.all());
            case Except x -> new Except(rewrite(x.left(), compute), rewrite(x.right(), compute), x.all());
            case Distinct d -> new Distinct(rewrite(d.child(), compute));
            case Deduplicate d -> new Deduplicate(rewrite(d.child(), compute), d.columns());
            case Repartition r -> new Repartition(rewrite(r.child(), compute), r.numPartitions(),
                    r.partitionExpressions(), r.byRange());
            case Coalesce c -> new Coalesce(rewrite(c.child(), compute), c.numPartitions());
            case Hint h -> new Hint(rewrite(h.child(), compute), h.name());
            case MapPartitions m -> new MapPartitions(rewrite(m.child(), compute), m.schema(), m.function(),
                    m.description());
            case Generate g -> new Generate(rewrite(g.child(), compute), g.generator(), g.outer(), g.qualifier(),
                    g.names());
        };
    }

    /** Whether the Parquet writer can hold these columns (atomic types and arrays of them, distinct names). */
    static boolean parquetCanHold(StructType schema) {
        java.util.Set<String> names = new HashSet<>();
        for (var f : schema.fieldList()) {
            if (!names.add(f.name().toLowerCase(java.util.Locale.ROOT)) || !parquetCanHold(f.dataType())) {
                return false;
            }
        }
        return true;
    }

    private static boolean parquetCanHold(DataType type) {
        return switch (type) {
            case StructType s -> false;
            case MapType m -> false;
            case ArrayType a -> parquetCanHold(a.elementType());
            default -> true;
        };
    }
}
