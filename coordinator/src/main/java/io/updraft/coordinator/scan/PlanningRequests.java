package io.updraft.coordinator.scan;

import java.util.Locale;

/**
 * Object-store requests the coordinator made while planning — listing the input (LIST) and reading input
 * footers (HEAD for the size, GET for the footer bytes) — as opposed to the tasks' requests. Immutable.
 */
public record PlanningRequests(long lists, long heads, long gets) {
    public static final PlanningRequests NONE = new PlanningRequests(0, 0, 0);

    public PlanningRequests plus(PlanningRequests other) {
        return new PlanningRequests(lists + other.lists, heads + other.heads, gets + other.gets);
    }

    public boolean isEmpty() {
        return lists == 0 && heads == 0 && gets == 0;
    }

    /** E.g. "1 LIST, 8 HEAD, 8 GET". */
    public String describe() {
        return String.format(Locale.ROOT, "%d LIST, %d HEAD, %d GET", lists, heads, gets);
    }
}
