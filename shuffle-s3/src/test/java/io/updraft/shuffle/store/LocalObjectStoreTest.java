package io.updraft.shuffle.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LocalObjectStoreTest {
    @TempDir
    Path dir;

    @Test
    void putGetRangeListDelete() {
        try (LocalObjectStore store = new LocalObjectStore(dir)) {
            store.put("a/x", bytes("hello world")).join();
            store.put("a/y", bytes("second")).join();
            store.put("b/z", bytes("other")).join();

            assertThat(new String(store.get("a/x").join(), StandardCharsets.UTF_8)).isEqualTo("hello world");
            assertThat(new String(store.getRange("a/x", 6, 5).join(), StandardCharsets.UTF_8)).isEqualTo("world");
            assertThat(store.size("a/y").join()).isEqualTo(6);
            assertThat(store.list("a/").join()).extracting(ObjectInfo::key).containsExactly("a/x", "a/y");

            store.delete("a/x").join();
            store.delete("a/x").join();
            assertThat(store.list("a/").join()).extracting(ObjectInfo::key).containsExactly("a/y");
            assertThat(store.requestCounts().puts()).isEqualTo(3);
            assertThat(store.requestCounts().gets()).isEqualTo(2);
        }
    }

    @Test
    void putIfAbsentNeverOverwrites() {
        try (LocalObjectStore store = new LocalObjectStore(dir)) {
            assertThat(store.putIfAbsent("commit", bytes("first")).join()).isTrue();
            assertThat(store.putIfAbsent("commit", bytes("second")).join()).isFalse();
            assertThat(new String(store.get("commit").join(), StandardCharsets.UTF_8)).isEqualTo("first");
            assertThat(store.list("").join()).extracting(ObjectInfo::key).containsExactly("commit");
        }
    }

    @Test
    void missingObjectNamesIt() {
        try (LocalObjectStore store = new LocalObjectStore(dir)) {
            assertThatThrownBy(() -> store.get("nope/x").join())
                    .isInstanceOf(CompletionException.class)
                    .cause().isInstanceOf(ObjectNotFoundException.class)
                    .hasMessageContaining("nope/x");
        }
    }

    @Test
    void rejectsKeysEscapingTheRoot() {
        try (LocalObjectStore store = new LocalObjectStore(dir)) {
            assertThatThrownBy(() -> store.put("../evil", bytes("x")).join())
                    .cause().isInstanceOf(IllegalArgumentException.class).hasMessageContaining("../evil");
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
