package io.updraft.function.state;

import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Query state in the results bucket, shared by every coordinator instance: {@code state/queries/<id>.json},
 * created once and changed only by read-modify-write with {@code If-Match}, so concurrent changes (a cancel
 * while the run records progress) never get lost: the loser reads again and re-applies its change.
 */
public final class QueryStates {
    public static final String PREFIX = "state/queries/";
    private static final int MAX_TRIES = 20;

    private final ConditionalStore store;

    public QueryStates(ConditionalStore store) {
        this.store = store;
    }

    public static String key(String queryId) {
        return PREFIX + queryId + ".json";
    }

    /** Stores a new query's state; false if the id exists already. */
    public boolean create(QueryState state) {
        return store.create(key(state.queryId()), Json.bytes(state));
    }

    public Optional<QueryState> read(String queryId) {
        return store.get(key(queryId)).map(v -> Json.read(v.bytes(), QueryState.class));
    }

    /**
     * Applies {@code change} to the stored state until the conditional replace wins. {@code change} returning the
     * same instance means "nothing to change" (no write). Returns the state now stored, or empty if there is none.
     */
    public Optional<QueryState> update(String queryId, UnaryOperator<QueryState> change) {
        for (int i = 0; i < MAX_TRIES; i++) {
            Optional<ConditionalStore.Versioned> current = store.get(key(queryId));
            if (current.isEmpty()) {
                return Optional.empty();
            }
            QueryState before = Json.read(current.get().bytes(), QueryState.class);
            QueryState after = change.apply(before);
            if (after == before) {
                return Optional.of(before);
            }
            if (store.replace(key(queryId), Json.bytes(after), current.get().etag())) {
                return Optional.of(after);
            }
        }
        throw new IllegalStateException("Query " + queryId + ": state kept changing under " + MAX_TRIES
                + " conditional writes");
    }
}
