package io.updraft.planner.stats;

/** Estimated output of a plan: rows and bytes (rows × estimated row width). */
public record Statistics(double rows, double bytes) {
    public Statistics {
        rows = Math.max(0, rows);
        bytes = Math.max(0, bytes);
    }
}
