package io.updraft.planner.sql;

import io.updraft.planner.logical.LogicalPlan;

import java.util.Map;
import java.util.Objects;

/**
 * One parsed SQL statement: a query, or one of the commands over files that Calcite's grammar lacks and
 * {@link CommandStatements} recognizes. The session runs commands; a query becomes a DataFrame. Immutable.
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
}
