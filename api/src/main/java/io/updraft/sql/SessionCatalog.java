package io.updraft.sql;

import io.updraft.planner.catalog.Catalog;
import io.updraft.planner.logical.LogicalPlan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The session's temporary views by case-insensitive name, plus the process's global temporary views as
 * {@code global_temp.name} ({@link GlobalTempViews}) — what SQL text and {@code session.table} can reference.
 * Thread-safe.
 */
final class SessionCatalog implements Catalog {
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

    boolean exists(String name) {
        return views.containsKey(key(name));
    }

    /** The local temporary view names as created, sorted case-insensitively. */
    List<String> localNames() {
        List<String> names = new ArrayList<>();
        for (View v : views.values()) {
            names.add(v.name());
        }
        names.sort(String.CASE_INSENSITIVE_ORDER);
        return names;
    }

    @Override
    public Optional<LogicalPlan> lookup(String name) {
        String global = GlobalTempViews.viewName(name);
        if (global != null) {
            return GlobalTempViews.lookup(global);
        }
        View v = views.get(key(name));
        return v == null ? Optional.empty() : Optional.of(v.plan());
    }

    @Override
    public List<String> names() {
        List<String> names = localNames();
        for (String global : GlobalTempViews.names()) {
            names.add(GlobalTempViews.DATABASE + "." + global);
        }
        return names;
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
