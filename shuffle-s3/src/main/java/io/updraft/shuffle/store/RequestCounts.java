package io.updraft.shuffle.store;

import java.util.concurrent.atomic.AtomicLong;

/** Thread-safe counters of store requests, by kind (a multipart upload counts each part as a PUT). */
public final class RequestCounts {
    private final AtomicLong puts = new AtomicLong();
    private final AtomicLong gets = new AtomicLong();
    private final AtomicLong lists = new AtomicLong();
    private final AtomicLong deletes = new AtomicLong();
    private final AtomicLong heads = new AtomicLong();
    private final AtomicLong bytesWritten = new AtomicLong();
    private final AtomicLong bytesRead = new AtomicLong();

    void put(long bytes) {
        puts.incrementAndGet();
        bytesWritten.addAndGet(bytes);
    }

    void get(long bytes) {
        gets.incrementAndGet();
        bytesRead.addAndGet(bytes);
    }

    void list() {
        lists.incrementAndGet();
    }

    void delete() {
        deletes.incrementAndGet();
    }

    void head() {
        heads.incrementAndGet();
    }

    public long puts() {
        return puts.get();
    }

    public long gets() {
        return gets.get();
    }

    public long lists() {
        return lists.get();
    }

    public long deletes() {
        return deletes.get();
    }

    public long heads() {
        return heads.get();
    }

    public long bytesWritten() {
        return bytesWritten.get();
    }

    public long bytesRead() {
        return bytesRead.get();
    }

    @Override
    public String toString() {
        return "PUT=" + puts() + " GET=" + gets() + " LIST=" + lists() + " DELETE=" + deletes() + " HEAD=" + heads()
                + " written=" + bytesWritten() + "B read=" + bytesRead() + "B";
    }
}
