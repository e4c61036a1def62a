package io.updraft.engine.join;

import io.updraft.engine.TaskCancelledException;
import org.apache.arrow.memory.BufferAllocator;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The hash tables of broadcast join build sides, shared by the tasks of one stage that run in this process (as a
 * Spark executor shares a broadcast relation): the first task to need a table builds it as usual and publishes it
 * here ({@link Lease#publish}); tasks of the same stage that ask meanwhile wait for it, later ones take it at once.
 * A table is published only if it was built in memory and fits the budget; otherwise the entry says so and every
 * task builds its own, as without sharing. A shared table is read-only: only joins that track no build-side
 * matches share (see {@link HashJoinOperator}). Its Arrow memory moves to this object's allocator (a child of the
 * process's root), so it is not counted against any task's limit.
 *
 * <p>An entry lives until its job ends ({@link #jobEnded}), a task of another stage finds it unused, or the budget
 * needs its room; entries in use are closed when their last lease is. Setting {@value #ENABLED}{@code =false}
 * turns sharing off (the cost model does, to measure what one Lambda task does alone). Thread-safe.
 */
public final class BroadcastTables implements AutoCloseable {
    /** Setting: {@code false} gives every task its own build-side table (A/B runs, the cost model). */
    public static final String ENABLED = "updraft.sharedBroadcastTables";

    private final BufferAllocator parent;
    /** The tables' allocator while any is published (a child of {@code parent}); null when none is. */
    private BufferAllocator allocator;
    private final long budgetBytes;
    private final Map<Object, Entry> entries = new HashMap<>();
    private long publishedBytes;
    private long tick;
    private boolean closed;

    private static final class Entry {
        final Object key;
        final String jobId;
        final int stageId;
        final CompletableFuture<JoinHashTable> table = new CompletableFuture<>();
        long bytes;
        int leases;
        long lastUse;
        boolean retired;

        Entry(Object key, String jobId, int stageId) {
            this.key = key;
            this.jobId = jobId;
            this.stageId = stageId;
        }
    }

    /** Tables in an allocator of their own under {@code parent}, at most {@code budgetBytes} of them at a time. */
    public BroadcastTables(BufferAllocator parent, long budgetBytes) {
        Objects.requireNonNull(parent, "parent is null");
        if (budgetBytes < 0) {
            throw new IllegalArgumentException("budget must be >= 0, was " + budgetBytes);
        }
        this.parent = parent;
        this.budgetBytes = budgetBytes;
    }

    /** Whether the task's settings leave sharing on ({@value #ENABLED}, default true). */
    public static boolean enabled(Map<String, String> config) {
        return !"false".equalsIgnoreCase(config.getOrDefault(ENABLED, "true").trim());
    }

    /**
     * A lease on the table of {@code key} (the build side's plan and keys; equal keys mean equal tables) for a
     * task of {@code jobId}/{@code stageId}: {@link Lease#table()} is the shared table, or null when this task is
     * to build (then {@link Lease#builds()}: build, then {@link Lease#publish} or {@link Lease#close}) or the
     * table cannot be shared (build your own). Waits while another task builds it; interrupting the wait cancels
     * the task. Close the lease when the join is done.
     */
    Lease acquire(Object key, String jobId, int stageId) {
        Entry entry;
        boolean builds = false;
        synchronized (this) {
            if (closed) {
                return new Lease(null, false);
            }
            evictUnusedOtherStages(jobId, stageId);
            entry = entries.get(key);
            if (entry == null) {
                entry = new Entry(key, jobId, stageId);
                entries.put(key, entry);
                builds = true;
            }
            entry.leases++;
            entry.lastUse = ++tick;
        }
        Lease lease = new Lease(entry, builds);
        if (builds) {
            return lease;
        }
        try {
            lease.shared = entry.table.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            lease.close();
            throw new TaskCancelledException("Task of job " + jobId + " stage " + stageId
                    + " was cancelled while waiting for a broadcast table");
        } catch (ExecutionException e) {
            lease.shared = null; // the builder did not share it: build our own
        }
        return lease;
    }

    /**
     * A task of {@code jobId}/{@code stageId} starts: unused tables of other stages are closed, so a process that
     * runs one task at a time (a Lambda worker) holds no table its current task cannot use.
     */
    public synchronized void taskStarting(String jobId, int stageId) {
        evictUnusedOtherStages(jobId, stageId);
    }

    /** Closes the unused tables of a job that ended and retires those still in use. */
    public synchronized void jobEnded(String jobId) {
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (e.jobId.equals(jobId)) {
                if (e.leases == 0) {
                    it.remove();
                    closeTable(e);
                } else {
                    e.retired = true;
                }
            }
        }
        closeAllocatorIfEmpty();
    }

    /** Tables currently held or being built (tests). */
    synchronized int size() {
        return entries.size();
    }

    /** Arrow bytes of the published tables (tests). */
    synchronized long allocatedBytes() {
        return allocator == null ? 0 : allocator.getAllocatedMemory();
    }

    /** Holds the lock. */
    private void evictUnusedOtherStages(String jobId, int stageId) {
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (e.leases == 0 && (e.stageId != stageId || !e.jobId.equals(jobId))) {
                it.remove();
                closeTable(e);
            }
        }
        closeAllocatorIfEmpty();
    }

    /** The entry's published table, or null (still building, or not shared). */
    private static JoinHashTable tableOf(Entry e) {
        return e.table.isDone() && !e.table.isCompletedExceptionally() ? e.table.join() : null;
    }

    /** Closes the table of an entry just removed. Holds the lock. */
    private void closeTable(Entry e) {
        JoinHashTable t = tableOf(e);
        if (t != null) {
            publishedBytes -= e.bytes;
            t.close();
        }
    }

    /** Closes the tables' allocator once no table is published (throws if memory leaked). Holds the lock. */
    private void closeAllocatorIfEmpty() {
        if (allocator != null && publishedBytes == 0) {
            allocator.close();
            allocator = null;
        }
    }

    /** Makes room for {@code bytes} by closing unused tables, least recently used first. Holds the lock. */
    private boolean makeRoom(long bytes) {
        while (publishedBytes + bytes > budgetBytes) {
            Entry oldest = null;
            for (Entry e : entries.values()) {
                if (e.leases == 0 && tableOf(e) != null && (oldest == null || e.lastUse < oldest.lastUse)) {
                    oldest = e;
                }
            }
            if (oldest == null) {
                return false;
            }
            entries.remove(oldest.key);
            closeTable(oldest);
        }
        return true;
    }

    /** Closes every table (the process's tasks have ended) and the allocator (throws if memory leaked). */
    @Override
    public synchronized void close() {
        closed = true;
        for (Entry e : entries.values()) {
            closeTable(e);
            e.table.completeExceptionally(new IllegalStateException("broadcast tables closed"));
        }
        entries.clear();
        closeAllocatorIfEmpty();
    }

    /** One task's use of an entry. */
    final class Lease implements AutoCloseable {
        private final Entry entry;
        private boolean builds;
        private JoinHashTable shared;
        private boolean released;

        private Lease(Entry entry, boolean builds) {
            this.entry = entry;
            this.builds = builds;
        }

        /** The shared table, or null: build your own ({@link #builds()} says whether to publish it after). */
        JoinHashTable table() {
            return shared;
        }

        /** Whether this task builds the entry's table. */
        boolean builds() {
            return builds;
        }

        /**
         * Offers the table this task built (in memory, {@link JoinHashTable#build()} done): if it fits the
         * budget its memory moves to the shared allocator and it becomes the entry's table, returned (the task
         * uses it through this lease and no longer owns it); otherwise {@code built} is returned as it was, still
         * the task's, and other tasks build their own.
         */
        JoinHashTable publish(JoinHashTable built) {
            if (!builds) {
                throw new IllegalStateException("this lease does not build its table");
            }
            builds = false;
            long bytes = Math.max(1, built.heapAndArrowBytes());
            synchronized (BroadcastTables.this) {
                if (closed || entry.retired || !makeRoom(bytes)) {
                    entry.table.completeExceptionally(new IllegalStateException("not shared"));
                    return built;
                }
                if (allocator == null) {
                    allocator = parent.newChildAllocator("broadcast-tables", 0, Long.MAX_VALUE);
                }
                built.moveTo(allocator);
                publishedBytes += bytes;
                entry.bytes = bytes;
                shared = built;
                entry.table.complete(built);
                return built;
            }
        }

        /** Releases the lease; a builder that published nothing tells the waiting tasks to build their own. */
        @Override
        public void close() {
            if (released || entry == null) {
                return;
            }
            released = true;
            if (builds) {
                builds = false;
                entry.table.completeExceptionally(new IllegalStateException("the building task published nothing"));
            }
            synchronized (BroadcastTables.this) {
                entry.leases--;
                boolean unshared = entry.table.isCompletedExceptionally();
                if (entry.leases == 0 && (entry.retired || unshared) && entries.get(entry.key) == entry) {
                    entries.remove(entry.key);
                    closeTable(entry);
                    closeAllocatorIfEmpty();
                }
            }
        }
    }
}
