package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.planner.logical.LogicalPlan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Temporary views by case-insensitive name, keeping each name as created: the registry behind a session's
 * {@link SessionCatalog} and the process's {@link GlobalTempViews}. Thread-safe.
 */
final class TempViews {
    private record View(String name, LogicalPlan plan) {
    }

    private final Map<String, View> views = new ConcurrentHashMap<>();

    /** Registers or replaces a view. */
    void createOrReplace(String name, LogicalPlan plan) {
        views.put(key(name), new View(name, plan));
    }

    /** Registers a view; false when the name is taken. */
    boolean createIfAbsent(String name, LogicalPlan plan) {
        return views.putIfAbsent(key(name), new View(name, plan)) == null;
    }

    boolean drop(String name) {
        return views.remove(key(name)) != null;
    }

    Optional<LogicalPlan> lookup(String name) {
        View v = views.get(key(name));
        return v == null ? Optional.empty() : Optional.of(v.plan());
    }

    /** The view names as created, sorted case-insensitively. */
    List<String> names() {
        List<String> names = new ArrayList<>();
        for (View v : views.values()) {
            names.add(v.name());
        }
        names.sort(String.CASE_INSENSITIVE_ORDER);
        return names;
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    /** Spark's error for creating a temporary view under a taken name. */
    /** Fails with {@link #alreadyExists} unless the view was created. */
    static void requireCreated(boolean created, String viewName) {
        if (!created) {
            throw alreadyExists(viewName);
        }
    }

    static AnalysisException alreadyExists(String viewName) {
        return new AnalysisException("TEMP_TABLE_OR_VIEW_ALREADY_EXISTS", "42P07", "Cannot create the temporary "
                + "view `" + viewName.replace("`", "``") + "` because it already exists.\nChoose a different name, "
                + "drop or replace the existing view,  or add the IF NOT EXISTS clause to tolerate pre-existing views.");
    }
}
