package io.updraft.coordinator.lambda;

import io.updraft.coordinator.invoke.StoreRequests;
import io.updraft.coordinator.invoke.WorkerInvocationException;
import io.updraft.coordinator.invoke.WorkerInvocationException.Kind;
import io.updraft.core.conf.PayloadReference;
import io.updraft.core.conf.SettingKeys;
import io.updraft.shuffle.store.ObjectStore;
import io.updraft.shuffle.store.RequestCounts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Payloads over {@code maxPayloadBytes} as objects under the payload root: a large spec is stored as
 * {@code payloads/spec-<uuid>.json} and sent as a {@link PayloadReference}; a result the worker stored is read
 * and deleted. Deletes are best effort: a failed one is logged and the object is left to the bucket's lifecycle
 * rule. Thread-safe.
 */
final class PayloadOffload {
    private static final Logger LOG = LoggerFactory.getLogger(PayloadOffload.class);

    private final ObjectStore store;
    private final String root;
    private final Map<String, String> storeSettings;
    private final int maxPayloadBytes;

    /** The bytes to send and the key of the stored spec (null when the spec travels inline). */
    record Outgoing(byte[] bytes, String storedKey) {
    }

    /**
     * @param store         the store under {@code root} (null: no payload may exceed the limit); not closed here
     * @param storeSettings the {@code updraft.s3.*} settings a worker needs to read a spec reference
     */
    PayloadOffload(ObjectStore store, String root, Map<String, String> storeSettings, int maxPayloadBytes) {
        this.store = store;
        this.root = root;
        this.storeSettings = Map.copyOf(storeSettings);
        this.maxPayloadBytes = maxPayloadBytes;
    }

    /** The spec itself, or a reference to it once stored; REJECTED when it is too large and no root is set. */
    CompletableFuture<Outgoing> outgoing(String spec) {
        byte[] bytes = spec.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxPayloadBytes) {
            return CompletableFuture.completedFuture(new Outgoing(bytes, null));
        }
        if (store == null) {
            throw new WorkerInvocationException(Kind.REJECTED, "a task spec of " + bytes.length + " bytes exceeds "
                    + SettingKeys.LAMBDA_MAX_PAYLOAD_BYTES + " (" + maxPayloadBytes + ") and no payload root is set ("
                    + SettingKeys.LAMBDA_PAYLOAD_ROOT + ")");
        }
        String key = "payloads/spec-" + UUID.randomUUID() + ".json";
        PayloadReference ref = new PayloadReference(root, key, bytes.length, storeSettings);
        return store.put(key, bytes).thenApply(v -> new Outgoing(ref.toJson().getBytes(StandardCharsets.UTF_8), key));
    }

    /** The result a worker stored (the object is deleted after reading). */
    CompletableFuture<String> read(PayloadReference ref) {
        if (store == null || !ref.root().equals(root)) {
            return CompletableFuture.failedFuture(new WorkerInvocationException(Kind.CRASH, "the worker stored its"
                    + " result under " + ref.root() + ", not the payload root " + root));
        }
        return store.get(ref.key()).handle((bytes, e) -> {
            delete(ref.key());
            if (e != null) {
                Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
                throw new WorkerInvocationException(Kind.SERVER_ERROR, "cannot read the result object "
                        + store.describe(ref.key()) + ": " + cause, cause);
            }
            return new String(bytes, StandardCharsets.UTF_8);
        });
    }

    /** A reference in a late answer (its invocation already failed): the object is deleted unread. */
    void discard(PayloadReference ref) {
        if (store != null && ref.root().equals(root)) {
            delete(ref.key());
        }
    }

    /** Deletes a payload object, best effort. */
    void delete(String key) {
        CompletableFuture<Void> delete;
        try {
            delete = store.delete(key);
        } catch (RuntimeException e) {
            delete = CompletableFuture.failedFuture(e);
        }
        delete.whenComplete((v, e) -> {
            if (e != null) {
                LOG.warn("Could not delete the payload object {}; it is left behind for the lifecycle rule",
                        store.describe(key), e);
            }
        });
    }

    /** The payload store's requests so far (LIST counted as PUT, HEAD as GET). */
    StoreRequests requests() {
        if (store == null) {
            return StoreRequests.NONE;
        }
        RequestCounts c = store.requestCounts();
        return new StoreRequests(c.puts() + c.lists(), c.gets() + c.heads());
    }
}
