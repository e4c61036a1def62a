package io.updraft.sql;

/**
 * What a write does when its output path already exists, as Spark's {@code org.apache.spark.sql.SaveMode}:
 * {@code Append} adds files, {@code Overwrite} replaces the previous files (removed only after the new ones are
 * committed), {@code ErrorIfExists} (the default) fails with {@code [PATH_ALREADY_EXISTS]}, {@code Ignore} does
 * nothing.
 */
public enum SaveMode {
    Append, Overwrite, ErrorIfExists, Ignore
}
