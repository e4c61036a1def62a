package io.updraft.shuffle.store;

import io.updraft.shuffle.testing.LocalStackS3;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3AsyncClient;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** S3ObjectStore against LocalStack's real S3 API server. */
class S3ObjectStoreTest {
    private static LocalStackS3 localStack;
    private static S3AsyncClient client;

    @BeforeAll
    static void start() {
        localStack = new LocalStackS3();
        client = S3ObjectStore.buildClient(localStack.config());
        client.createBucket(b -> b.bucket("updraft-test")).join();
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
        if (localStack != null) {
            localStack.close();
        }
    }

    private static S3ObjectStore store(String prefix) {
        return new S3ObjectStore(client, S3Location.parse("s3://updraft-test/" + prefix), localStack.config());
    }

    @Test
    void putGetRangeListDelete() {
        S3ObjectStore store = store("basic");
        store.put("a/x", bytes("hello world")).join();
        store.put("a/y", bytes("second")).join();
        store.put("b/z", bytes("other")).join();

        assertThat(new String(store.get("a/x").join(), StandardCharsets.UTF_8)).isEqualTo("hello world");
        assertThat(new String(store.getRange("a/x", 6, 5).join(), StandardCharsets.UTF_8)).isEqualTo("world");
        assertThat(store.size("a/y").join()).isEqualTo(6);
        assertThat(store.list("a/").join()).extracting(ObjectInfo::key).containsExactly("a/x", "a/y");
        store.delete("a/x").join();
        assertThat(store.list("").join()).extracting(ObjectInfo::key).containsExactly("a/y", "b/z");
        assertThat(store.requestCounts().puts()).isEqualTo(3);
        assertThat(store.requestCounts().gets()).isEqualTo(2);
        assertThat(store.describe("a/x")).isEqualTo("s3://updraft-test/basic/a/x");
    }

    @Test
    void putIfAbsentSendsIfNoneMatchAndNeverOverwrites() {
        S3ObjectStore store = store("conditional");
        assertThat(store.putIfAbsent("commit", bytes("first")).join()).isTrue();
        assertThat(store.putIfAbsent("commit", bytes("second")).join()).isFalse();
        assertThat(new String(store.get("commit").join(), StandardCharsets.UTF_8)).isEqualTo("first");
    }

    @Test
    void largeObjectGoesMultipartAndReadsBackExactly() {
        S3ObjectStore store = store("multipart");
        byte[] data = new byte[20 * 1024 * 1024 + 123];
        new Random(42).nextBytes(data);
        store.put("big", data).join();

        assertThat(store.requestCounts().puts()).as("3 parts of 8 MiB").isEqualTo(3);
        assertThat(store.get("big").join()).isEqualTo(data);
        byte[] range = store.getRange("big", 9_000_000, 1000).join();
        assertThat(range).containsExactly(java.util.Arrays.copyOfRange(data, 9_000_000, 9_001_000));
    }

    @Test
    void missingObjectIsNamed() {
        S3ObjectStore store = store("missing");
        assertThatThrownBy(() -> store.get("nope").join())
                .cause().isInstanceOf(ObjectNotFoundException.class)
                .hasMessageContaining("s3://updraft-test/missing/nope");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
