package io.updraft.sql;

import io.updraft.planner.catalog.Catalog;
import io.updraft.planner.logical.LogicalPlan;

import java.util.List;
import java.util.Optional;

/**
 * The session's temporary views by case-insensitive name, plus the process's global temporary views as
 * {@code global_temp.name} ({@link GlobalTempViews}) — what SQL text and {@code session.table} can reference.
 * Thread-safe.
 */
final class SessionCatalog implements Catalog {
    private final TempViews views = new TempViews();
    private final java.util.function.BiFunction<String, String, LogicalPlan> files;

    /** {@code files} reads SQL's {@code format.`path`} relations. */
    SessionCatalog(java.util.function.BiFunction<String, String, LogicalPlan> files) {
        this.files = files;
    }

    @Override
    public Optional<LogicalPlan> files(String format, String path) {
        return Optional.of(files.apply(format, path));
    }

    /** Registers or replaces a view. */
    void createOrReplace(String name, LogicalPlan plan) {
        views.createOrReplace(name, plan);
    }

    /** Registers a view; false when the name is taken. */
    boolean createIfAbsent(String name, LogicalPlan plan) {
        return views.createIfAbsent(name, plan);
    }

    boolean drop(String name) {
        return views.drop(name);
    }

    /** The local temporary view names as created, sorted case-insensitively. */
    List<String> localNames() {
        return views.names();
    }

    @Override
    public Optional<LogicalPlan> lookup(String name) {
        String global = GlobalTempViews.viewName(name);
        if (global != null) {
            return GlobalTempViews.lookup(global);
        }
        return views.lookup(name);
    }

    @Override
    public List<String> names() {
        List<String> names = localNames();
        for (String global : GlobalTempViews.names()) {
            names.add(GlobalTempViews.DATABASE + "." + global);
        }
        return names;
    }
}
