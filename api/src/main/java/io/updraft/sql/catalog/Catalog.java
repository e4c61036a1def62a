package io.updraft.sql.catalog;

import java.util.List;

/**
 * The catalog of a session, as Spark's {@code spark.catalog()}: the session's temporary views and the process's
 * global temporary views ({@code global_temp}). Updraft has no persistent tables or databases: the current database
 * is {@code default} and holds no tables. Unlike Spark, {@code listTables} returns a list rather than a Dataset.
 * Obtained from {@code UpdraftSession.catalog()}; thread-safe.
 */
public interface Catalog {
    /** The current database: always {@code default}. */
    String currentDatabase();

    /** The current catalog: always {@code spark_catalog}. */
    String currentCatalog();

    /** The session's temporary views (Spark lists them with the current database's tables), sorted by name. */
    List<Table> listTables();

    /**
     * The tables of database {@code dbName} plus the session's temporary views, as Spark: for {@code global_temp}
     * the global temporary views first, then the temporary views; for {@code default} the temporary views. Any
     * other name is Spark's {@code [SCHEMA_NOT_FOUND]} error.
     */
    List<Table> listTables(String dbName);

    /** Whether {@code tableName} (a temporary view, or {@code global_temp.name}) exists. */
    boolean tableExists(String tableName);

    /**
     * Whether table {@code tableName} exists in database {@code dbName}: a global temporary view for
     * {@code global_temp}; always false for {@code default} (a session's temporary view belongs to no database).
     */
    boolean tableExists(String dbName, String tableName);

    /** Drops the session's temporary view {@code viewName}; true when it existed. */
    boolean dropTempView(String viewName);

    /** Drops the global temporary view {@code viewName} (unqualified); true when it existed. */
    boolean dropGlobalTempView(String viewName);

    /**
     * As Spark's {@code refreshByPath}: drops the cached metadata of the files under {@code path} (a local path,
     * {@code file:} or {@code s3://} URI) — here the footers in the process-wide
     * {@link io.updraft.coordinator.scan.FooterCache}, so the next read of them reads their footers again. Not needed
     * to see rewritten files (a cached footer is only served for the file version it was read from); a
     * DataFrame keeps the file listing it was created with, as in Spark: read the path again to list it anew.
     */
    default void refreshByPath(String path) {
        String lower = path.toLowerCase(java.util.Locale.ROOT);
        String prefix;
        if (lower.startsWith("s3://") || lower.startsWith("s3a://")) {
            prefix = "s3://" + path.substring(path.indexOf("://") + 3);
        } else if (lower.startsWith("file:")) {
            prefix = java.nio.file.Path.of(java.net.URI.create(path)).toAbsolutePath().normalize().toString();
        } else {
            prefix = java.nio.file.Path.of(path).toAbsolutePath().normalize().toString();
        }
        io.updraft.coordinator.scan.FooterCache.shared().invalidate(prefix);
    }
}
