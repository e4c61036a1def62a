package io.updraft.sql.catalog;

import java.util.List;
import java.util.Objects;

/**
 * A table or view in the catalog, as Spark's {@code org.apache.spark.sql.catalog.Table}: a table of the session
 * catalog (SQL's CREATE TABLE; catalog {@code spark_catalog}, namespace {@code [default]}, {@code tableType}
 * {@code EXTERNAL} or {@code MANAGED}) or a temporary view ({@code tableType} {@code TEMPORARY}); a global temporary
 * view has the namespace {@code [global_temp]}, a session's temporary view none. {@code catalog} and {@code
 * description} are null, as Spark leaves them for temporary views. Immutable.
 */
public record Table(String name, String catalog, List<String> namespace, String description, String tableType,
                    boolean isTemporary) {
    public Table {
        Objects.requireNonNull(name, "name is null");
        namespace = List.copyOf(namespace);
        Objects.requireNonNull(tableType, "tableType is null");
    }

    /** The single-part namespace (Spark's {@code database}), or null when there is none or several. */
    public String database() {
        return namespace.size() == 1 ? namespace.get(0) : null;
    }

    /** Spark's text: {@code Table[name='v', database='global_temp', tableType='TEMPORARY', isTemporary='true']}. */
    @Override
    public String toString() {
        return "Table[name='" + name + "', "
                + (catalog == null ? "" : "catalog='" + catalog + "', ")
                + (database() == null ? "" : "database='" + database() + "', ")
                + (description == null ? "" : "description='" + description + "', ")
                + "tableType='" + tableType + "', isTemporary='" + isTemporary + "']";
    }
}
