package io.updraft.sql.streaming;

/** Spark's {@code GroupStateTimeout}; a static Dataset takes only {@link #NoTimeout()}. */
public final class GroupStateTimeout {
    private static final GroupStateTimeout NO_TIMEOUT = new GroupStateTimeout("NoTimeout");
    private static final GroupStateTimeout PROCESSING_TIME = new GroupStateTimeout("ProcessingTimeTimeout");
    private static final GroupStateTimeout EVENT_TIME = new GroupStateTimeout("EventTimeTimeout");

    private final String name;

    private GroupStateTimeout(String name) {
        this.name = name;
    }

    public static GroupStateTimeout NoTimeout() {
        return NO_TIMEOUT;
    }

    public static GroupStateTimeout ProcessingTimeTimeout() {
        return PROCESSING_TIME;
    }

    public static GroupStateTimeout EventTimeTimeout() {
        return EVENT_TIME;
    }

    @Override
    public String toString() {
        return name;
    }
}
