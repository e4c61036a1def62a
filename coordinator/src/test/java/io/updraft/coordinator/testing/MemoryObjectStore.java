package io.updraft.coordinator.testing;

import io.updraft.shuffle.store.ObjectInfo;
import io.updraft.shuffle.store.ObjectNotFoundException;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.shuffle.store.RequestCounts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;

/** An in-memory {@link ObjectStore} that remembers every put and delete key. Thread-safe. */
public final class MemoryObjectStore implements ObjectStore {
    private final Map<String, byte[]> objects = new ConcurrentSkipListMap<>();
    public final List<String> putKeys = Collections.synchronizedList(new ArrayList<>());
    public final List<String> deletedKeys = Collections.synchronizedList(new ArrayList<>());

    @Override
    public CompletableFuture<Void> put(String key, byte[] data) {
        putKeys.add(key);
        objects.put(key, data.clone());
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Boolean> putIfAbsent(String key, byte[] data) {
        putKeys.add(key);
        return CompletableFuture.completedFuture(objects.putIfAbsent(key, data.clone()) == null);
    }

    @Override
    public CompletableFuture<byte[]> get(String key) {
        byte[] data = objects.get(key);
        return data == null ? CompletableFuture.failedFuture(new ObjectNotFoundException(describe(key)))
                : CompletableFuture.completedFuture(data.clone());
    }

    @Override
    public CompletableFuture<byte[]> getRange(String key, long offset, long length) {
        return get(key).thenApply(b -> java.util.Arrays.copyOfRange(b, (int) offset,
                (int) Math.min(b.length, offset + length)));
    }

    @Override
    public CompletableFuture<Long> size(String key) {
        return get(key).thenApply(b -> (long) b.length);
    }

    @Override
    public CompletableFuture<List<ObjectInfo>> list(String prefix) {
        List<ObjectInfo> out = new ArrayList<>();
        objects.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.add(new ObjectInfo(k, v.length));
            }
        });
        return CompletableFuture.completedFuture(out);
    }

    @Override
    public CompletableFuture<Void> delete(String key) {
        deletedKeys.add(key);
        objects.remove(key);
        return CompletableFuture.completedFuture(null);
    }

    public boolean contains(String key) {
        return objects.containsKey(key);
    }

    public List<String> keys() {
        return new ArrayList<>(objects.keySet());
    }

    @Override
    public RequestCounts requestCounts() {
        return new RequestCounts();
    }

    @Override
    public String describe(String key) {
        return "mem://store/" + key;
    }

    @Override
    public void close() {
    }
}
