package io.updraft.function.state;

/** Where a query (or a scheduled run) is; the last three are final. */
public enum QueryStatus {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    public boolean isFinal() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }
}
