package io.updraft.sql.streaming;

/** Spark's {@code OutputMode}; over a static Dataset only an argument of {@code flatMapGroupsWithState}. */
public final class OutputMode {
    private static final OutputMode APPEND = new OutputMode("Append");
    private static final OutputMode UPDATE = new OutputMode("Update");
    private static final OutputMode COMPLETE = new OutputMode("Complete");

    private final String name;

    private OutputMode(String name) {
        this.name = name;
    }

    public static OutputMode Append() {
        return APPEND;
    }

    public static OutputMode Update() {
        return UPDATE;
    }

    public static OutputMode Complete() {
        return COMPLETE;
    }

    @Override
    public String toString() {
        return name;
    }
}
