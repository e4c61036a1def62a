package io.updraft.planner.sql;

import io.updraft.planner.logical.LogicalPlan;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One parsed SQL statement: a query, or one of the commands (over files, on the session's tables and settings)
 * that Calcite's grammar lacks and {@link CommandStatements} recognizes. The session runs commands; a query becomes
 * a DataFrame. Immutable.
 */
public sealed interface SqlStatement {
    /** A query: its unresolved plan. */
    record Query(LogicalPlan plan) implements SqlStatement {
        public Query {
            Objects.requireNonNull(plan, "plan is null");
        }
    }

    /**
     * {@code CREATE [OR REPLACE] [GLOBAL] TEMPORARY VIEW name [(schema)] USING format [OPTIONS (key 'value', ...)]}:
     * {@code schema} is the column list as DDL text, or null; option keys as written (the reader lower-cases them).
     */
    record CreateTempViewUsing(String name, boolean replace, boolean global, String format, String schema,
                               Map<String, String> options) implements SqlStatement {
        public CreateTempViewUsing {
            Objects.requireNonNull(name, "name is null");
            Objects.requireNonNull(format, "format is null");
            options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
        }
    }

    /** {@code CREATE [OR REPLACE] [GLOBAL] TEMPORARY VIEW name AS query}. */
    record CreateTempViewAs(String name, boolean replace, boolean global, LogicalPlan query) implements SqlStatement {
        public CreateTempViewAs {
            Objects.requireNonNull(name, "name is null");
            Objects.requireNonNull(query, "query is null");
        }
    }

    /** {@code DROP VIEW [IF EXISTS] name}. */
    record DropView(String name, boolean ifExists) implements SqlStatement {
        public DropView {
            Objects.requireNonNull(name, "name is null");
        }
    }

    /**
     * {@code INSERT OVERWRITE [LOCAL] DIRECTORY path USING format [OPTIONS (...)] query}: option keys as written,
     * the {@code path} option already taken out as the path.
     */
    record InsertOverwriteDirectory(String path, String format, Map<String, String> options, LogicalPlan query)
            implements SqlStatement {
        public InsertOverwriteDirectory {
            Objects.requireNonNull(path, "path is null");
            Objects.requireNonNull(format, "format is null");
            Objects.requireNonNull(query, "query is null");
            options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
        }
    }

    /**
     * {@code CREATE TABLE [IF NOT EXISTS] name [(col type, ...)] [USING format] [OPTIONS (...)] [PARTITIONED BY (col,
     * ...)] [LOCATION 'path'] [[AS] query]}: a table of the session catalog over the files at {@code location}.
     * {@code format} is null when no USING was given (the session's {@code spark.sql.sources.default}), {@code
     * schema} the column list as DDL text or null, {@code location} null when none was given (the session's
     * warehouse), {@code query} null for a table over files that are there (or will be). Option keys as written.
     */
    record CreateTable(String name, boolean ifNotExists, String format, String schema, Map<String, String> options,
                       List<String> partitionColumns, String location, LogicalPlan query) implements SqlStatement {
        public CreateTable {
            Objects.requireNonNull(name, "name is null");
            options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
            partitionColumns = List.copyOf(partitionColumns);
        }
    }

    /** {@code INSERT INTO [TABLE] name query} (or {@code INSERT OVERWRITE [TABLE] name query}): columns by position. */
    record InsertInto(String table, boolean overwrite, LogicalPlan query) implements SqlStatement {
        public InsertInto {
            Objects.requireNonNull(table, "table is null");
            Objects.requireNonNull(query, "query is null");
        }
    }

    /** {@code DROP TABLE [IF EXISTS] name}: the table leaves the catalog, its files stay (an external table). */
    record DropTable(String name, boolean ifExists) implements SqlStatement {
        public DropTable {
            Objects.requireNonNull(name, "name is null");
        }
    }

    /**
     * {@code SET} (key and value null: every setting), {@code SET key} (value null: show it), {@code SET key=value}
     * (also {@code SET TIME ZONE 'zone'}, as key spark.sql.session.timeZone).
     */
    record SetConfig(String key, String value) implements SqlStatement {
        public SetConfig {
            if (key == null && value != null) {
                throw new IllegalArgumentException("a value without a key");
            }
        }
    }

    /** {@code EXPLAIN [EXTENDED | FORMATTED | CODEGEN | COST] query}: {@code mode} lower-case, "simple" by default. */
    record Explain(String mode, LogicalPlan query) implements SqlStatement {
        public Explain {
            Objects.requireNonNull(mode, "mode is null");
            Objects.requireNonNull(query, "query is null");
        }
    }

    /**
     * {@code SHOW TABLES [(FROM | IN) namespace] [[LIKE] 'pattern']}: {@code namespace} and {@code pattern} null when
     * not given; the pattern is Spark's ({@code *} any characters, {@code |} alternatives, case-insensitive).
     */
    record ShowTables(String namespace, String pattern) implements SqlStatement {
    }

    /** {@code DESCRIBE | DESC [TABLE] name [column]}: {@code column} null for every column. */
    record DescribeTable(String name, String column) implements SqlStatement {
        public DescribeTable {
            Objects.requireNonNull(name, "name is null");
        }
    }
}
