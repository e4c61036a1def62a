package io.updraft.planner.catalog;

import io.updraft.planner.logical.LogicalPlan;

import java.util.List;
import java.util.Optional;

/** Named tables and views the SQL front end can reference. Implementations are thread-safe. */
public interface Catalog {
    /** The plan registered under {@code name} (case-insensitive), if any. */
    Optional<LogicalPlan> lookup(String name);

    /** All registered names, for error messages that suggest the closest one. */
    List<String> names();

    /**
     * A relation over the files at {@code path} read as {@code format} (SQL's {@code parquet.`path`}, {@code
     * csv.`path`}, {@code json.`path`}, {@code text.`path`}), or empty when this catalog reads no files.
     */
    default Optional<LogicalPlan> files(String format, String path) {
        return Optional.empty();
    }
}
