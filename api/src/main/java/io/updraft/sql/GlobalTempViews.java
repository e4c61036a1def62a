package io.updraft.sql;

import io.updraft.planner.logical.LogicalPlan;

import java.util.List;
import java.util.Optional;

/**
 * The global temporary views ({@code Dataset.createGlobalTempView}), queried as {@code global_temp.name}: one
 * registry per JVM, shared by every session of the process, as Spark shares them between the SparkSessions of one
 * SparkContext. A view lives until it is dropped or the JVM exits (Spark drops them when its SparkContext stops;
 * sessions here have no common context). Names are case-insensitive. Thread-safe.
 */
final class GlobalTempViews {
    /** The database name global temporary views are qualified with (Spark's {@code spark.sql.globalTempDatabase}). */
    static final String DATABASE = "global_temp";

    private static final TempViews VIEWS = new TempViews();

    private GlobalTempViews() {
    }

    static void createOrReplace(String name, LogicalPlan plan) {
        VIEWS.createOrReplace(name, plan);
    }

    /** Registers a view; false when the name is taken. */
    static boolean createIfAbsent(String name, LogicalPlan plan) {
        return VIEWS.createIfAbsent(name, plan);
    }

    static boolean drop(String name) {
        return VIEWS.drop(name);
    }

    static Optional<LogicalPlan> lookup(String name) {
        return VIEWS.lookup(name);
    }

    /** The view names as created, sorted case-insensitively. */
    static List<String> names() {
        return VIEWS.names();
    }

    /** The view name of {@code global_temp.name} (case-insensitive prefix), or null for any other name. */
    static String viewName(String qualifiedName) {
        String prefix = DATABASE + ".";
        if (qualifiedName.length() > prefix.length()
                && qualifiedName.regionMatches(true, 0, prefix, 0, prefix.length())) {
            return qualifiedName.substring(prefix.length());
        }
        return null;
    }
}
