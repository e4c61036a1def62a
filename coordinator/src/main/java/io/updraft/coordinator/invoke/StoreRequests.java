package io.updraft.coordinator.invoke;

/** Object-store requests counted by a component (billing: PUT/COPY/POST/LIST vs GET/HEAD). Immutable. */
public record StoreRequests(long puts, long gets) {
    public static final StoreRequests NONE = new StoreRequests(0, 0);

    public StoreRequests minus(StoreRequests earlier) {
        return new StoreRequests(puts - earlier.puts, gets - earlier.gets);
    }
}
