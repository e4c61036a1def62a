package io.updraft.sql;

import io.updraft.core.error.AnalysisException;
import io.updraft.sql.catalog.Catalog;
import io.updraft.sql.catalog.Table;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** {@link Catalog} over a session's {@link SessionCatalog} and the process's {@link GlobalTempViews}. */
final class SessionCatalogView implements Catalog {
    private static final String DEFAULT_DATABASE = "default";
    private static final String TEMPORARY = "TEMPORARY";

    private final UpdraftSession session;

    SessionCatalogView(UpdraftSession session) {
        this.session = Objects.requireNonNull(session, "session is null");
    }

    @Override
    public String currentDatabase() {
        return DEFAULT_DATABASE;
    }

    @Override
    public String currentCatalog() {
        return "spark_catalog";
    }

    @Override
    public List<Table> listTables() {
        return listTables(DEFAULT_DATABASE);
    }

    @Override
    public List<Table> listTables(String dbName) {
        String db = database(dbName);
        List<Table> tables = new ArrayList<>();
        if (db.equals(DEFAULT_DATABASE)) {
            for (CatalogTable t : session.sessionCatalog().tables()) {
                tables.add(new Table(t.name(), "spark_catalog", List.of(DEFAULT_DATABASE), null,
                        t.managed() ? "MANAGED" : "EXTERNAL", false));
            }
        }
        if (db.equals(GlobalTempViews.DATABASE)) {
            for (String name : GlobalTempViews.names()) {
                tables.add(new Table(name, null, List.of(GlobalTempViews.DATABASE), null, TEMPORARY, true));
            }
        }
        for (String name : session.sessionCatalog().localNames()) {
            tables.add(new Table(name, null, List.of(), null, TEMPORARY, true));
        }
        return tables;
    }

    @Override
    public boolean tableExists(String tableName) {
        Objects.requireNonNull(tableName, "tableName is null");
        return session.sessionCatalog().lookup(tableName).isPresent();
    }

    @Override
    public boolean tableExists(String dbName, String tableName) {
        Objects.requireNonNull(tableName, "tableName is null");
        String db = database(dbName);
        // As Spark: a session's temporary view belongs to no database; `default` holds the session's tables.
        if (db.equals(DEFAULT_DATABASE)) {
            return session.sessionCatalog().table(tableName).isPresent();
        }
        return GlobalTempViews.lookup(tableName).isPresent();
    }

    @Override
    public boolean dropTempView(String viewName) {
        return session.sessionCatalog().drop(Objects.requireNonNull(viewName, "viewName is null"));
    }

    @Override
    public boolean dropGlobalTempView(String viewName) {
        return GlobalTempViews.drop(Objects.requireNonNull(viewName, "viewName is null"));
    }

    /** The database name lower-cased, or Spark's SCHEMA_NOT_FOUND for one that does not exist. */
    private static String database(String dbName) {
        String db = Objects.requireNonNull(dbName, "dbName is null").toLowerCase(Locale.ROOT);
        if (!db.equals(DEFAULT_DATABASE) && !db.equals(GlobalTempViews.DATABASE)) {
            throw new AnalysisException("SCHEMA_NOT_FOUND", "42704", "The schema `" + dbName.replace("`", "``")
                    + "` cannot be found. Verify the spelling and correctness of the schema and catalog.\n"
                    + "If you did not qualify the name with a catalog, verify the current_schema() output, or "
                    + "qualify the name with the correct catalog.\nTo tolerate the error on drop use DROP SCHEMA IF "
                    + "EXISTS.");
        }
        return db;
    }
}
