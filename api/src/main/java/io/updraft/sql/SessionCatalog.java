package io.updraft.sql;

import io.updraft.planner.catalog.Catalog;
import io.updraft.planner.logical.LogicalPlan;

import java.util.List;
import java.util.Optional;

/**
 * The session's temporary views by case-insensitive name, plus the process's global temporary views as
 * {@code global_temp.name} ({@link GlobalTempViews}), plus the session's tables over files ({@link CatalogTable},
 * in Spark's {@code default} database, also named {@code default.t} and {@code spark_catalog.default.t}; a
 * temporary view of the same name hides a table, as in Spark) — what SQL text and {@code session.table} can
 * reference. A table is read anew (its files listed) each time it is looked up. Thread-safe.
 */
final class SessionCatalog implements Catalog {
    private final TempViews views = new TempViews();
    private final java.util.function.BiFunction<String, String, LogicalPlan> files;
    private final java.util.function.Function<CatalogTable, LogicalPlan> tableReader;
    private final java.util.Map<String, CatalogTable> tables = new java.util.concurrent.ConcurrentHashMap<>();

    /** {@code files} reads SQL's {@code format.`path`} relations, {@code tableReader} a table's files. */
    SessionCatalog(java.util.function.BiFunction<String, String, LogicalPlan> files,
                   java.util.function.Function<CatalogTable, LogicalPlan> tableReader) {
        this.files = files;
        this.tableReader = tableReader;
    }

    /**
     * The table name {@code name} stands for: {@code t}, {@code default.t} or {@code spark_catalog.default.t}
     * lower-cased; null when it names another database (or {@code global_temp}).
     */
    static String tableName(String name) {
        String[] parts = name.split("\\.");
        int n = parts.length;
        if (n > 3 || n == 3 && !parts[0].equalsIgnoreCase("spark_catalog")
                || n >= 2 && !parts[n - 2].equalsIgnoreCase("default")) {
            return null;
        }
        return parts[n - 1].toLowerCase(java.util.Locale.ROOT);
    }

    /** The table {@code name} (see {@link #tableName}), if the catalog has it. */
    Optional<CatalogTable> table(String name) {
        String key = tableName(name);
        return key == null ? Optional.empty() : Optional.ofNullable(tables.get(key));
    }

    /** Registers a table; false when the name is taken. */
    boolean createTable(CatalogTable table) {
        return tables.putIfAbsent(table.name(), table) == null;
    }

    /** Removes a table; the removed one, or null. */
    CatalogTable dropTable(String name) {
        String key = tableName(name);
        return key == null ? null : tables.remove(key);
    }

    /** The tables, sorted by name. */
    List<CatalogTable> tables() {
        List<CatalogTable> out = new java.util.ArrayList<>(tables.values());
        out.sort(java.util.Comparator.comparing(CatalogTable::name));
        return out;
    }

    /** Whether {@code name} is a temporary view (local, or {@code global_temp.v}). */
    boolean isView(String name) {
        String global = GlobalTempViews.viewName(name);
        return global != null ? GlobalTempViews.lookup(global).isPresent() : views.lookup(name).isPresent();
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
        Optional<LogicalPlan> view = name.indexOf('.') < 0 ? views.lookup(name) : Optional.empty();
        if (view.isPresent()) {
            return view;
        }
        return table(name).map(tableReader);
    }

    @Override
    public List<String> names() {
        List<String> names = localNames();
        for (String global : GlobalTempViews.names()) {
            names.add(GlobalTempViews.DATABASE + "." + global);
        }
        for (CatalogTable t : tables()) {
            names.add("spark_catalog.default." + t.name());
        }
        return names;
    }
}
